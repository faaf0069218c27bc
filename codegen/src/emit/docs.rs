//! `docs/`: the API reference as Markdown ([`kapi_reference::markdown`]), `docs/index.md` and one file per page.

use crate::infra::artifacts::Artifacts;
use crate::infra::context::Context;

/// The directory the Markdown reference is written under.
pub(crate) const DOCS_DIR: &str = "docs";

/// Adds the reference of the served model. It explains the types as declared (explicit defaults, enums), not
/// after a profile's passes, which serve them in Kubernetes' conventions.
pub(crate) fn emit(ctx: &Context<'_>, artifacts: &mut Artifacts) {
    let reference = kapi_reference::build(&ctx.registry);
    for (path, text) in kapi_reference::markdown(&reference) {
        artifacts.insert(format!("{DOCS_DIR}/{path}"), text.into_bytes());
    }
}
