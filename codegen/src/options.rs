//! What a generation is asked for: the profile, the switched-off group-versions and the previous ledger.

use std::collections::BTreeSet;

use kapi_model::GroupVersion;

use crate::emit::proto::Ledger;
use crate::infra::profile::Profile;

/// How to generate.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// The dialect: settings and passes.
    pub profile: Profile,
    /// Group-versions not to serve: their resources, their discovery entries and the definitions only they use are
    /// left out of every artifact.
    pub disabled: BTreeSet<GroupVersion>,
    /// The field-number ledger of the previous generation (`proto/field-numbers.json`); without it, fields without
    /// `#[kapi(proto = N)]` are numbered from scratch.
    pub proto_ledger: Option<Ledger>,
}
