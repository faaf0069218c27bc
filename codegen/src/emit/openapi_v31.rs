//! OpenAPI 3.1: the same documents as [`super::openapi_v3`] (one per served group-version, and an index), their
//! schemas written in JSON Schema 2020-12 (`Dialect::OPENAPI_V31`), under `openapi/v3.1/`.
//!
//! Kubernetes clients read `/openapi/v3` and would not understand 3.1's schemas (`type: [T, "null"]` in place of
//! `nullable`), so 3.1 is an edition of its own beside 3.0, which it leaves byte for byte as it was.

use crate::emit::openapi_v3::{Edition, emit_edition};
use crate::error::Error;
use crate::infra::artifacts::Artifacts;
use crate::infra::context::Context;
use crate::infra::render::Dialect;

/// The dialect every 3.1 document declares for its schemas: the OpenAPI Specification's base vocabulary over
/// 2020-12, which allows the `x-kubernetes-*` extension keywords.
pub const OAS_BASE_DIALECT: &str = "https://spec.openapis.org/oas/3.1/dialect/base";

/// OpenAPI 3.1, served at `/openapi/v3.1`.
pub(crate) const V3_1: Edition = Edition {
    dir: "openapi/v3.1",
    dialect: &Dialect::OPENAPI_V31,
    version: Some("3.1.0"),
    json_schema_dialect: Some(OAS_BASE_DIALECT),
};

/// Adds `openapi/v3.1/<gv path>.json` per group-version and `openapi/v3.1/index.json`.
pub(crate) fn emit(ctx: &Context<'_>, artifacts: &mut Artifacts) -> Result<(), Error> {
    emit_edition(ctx, &V3_1, artifacts)
}
