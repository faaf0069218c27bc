//! Which conventions a group-version's schemas are published with: Kubernetes' own, or none but the user's.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serializer};

use crate::choice::choice_enum;
use crate::names::GroupVersion;

choice_enum! {
    /// The conventions (the profile) a definition's schema is published with.
    ///
    /// Kubernetes' built-in groups follow upstream's generator: zero values written as defaults, enums left out of
    /// the published documents, and swagger 2.0 stripped the way kube-apiserver strips it. Every other group is
    /// published losslessly: exactly the keywords its types declare.
    Conventions {
        /// Upstream Kubernetes' conventions, for the built-in groups.
        Kubernetes => "kubernetes",
        /// Only what the types say; the default, but for a group-version of CRDs only, which gets `crd`.
        Lossless => "lossless",
        /// As kube-apiserver publishes a group-version of CustomResourceDefinitions: each kind's schema taken
        /// from its CRD (inlined, as the server has it), JSON and YAML only, the server's routes and `info`.
        /// Definitions are written as with `lossless`; only the documents change.
        Crd => "crd",
    }
}

impl Conventions {
    /// The conventions the definitions of a group-version with these conventions are written with: `crd`
    /// changes how documents are assembled, not how a definition's schema is written.
    pub fn of_definitions(self) -> Self {
        match self {
            Self::Crd => Self::Lossless,
            other => other,
        }
    }
}

// Written out: `choice_enum!` passes attributes through as opaque `meta` fragments, so a `#[default]` variant
// attribute would not reach `derive(Default)`.
#[allow(clippy::derivable_impls)]
impl Default for Conventions {
    fn default() -> Self {
        Self::Lossless
    }
}

/// Serde for a map keyed by group-version: the keys are written as `apiVersion` strings (`apps/v1`, `v1`).
pub(crate) mod by_api_version {
    use super::*;

    pub fn serialize<S: Serializer>(map: &BTreeMap<GroupVersion, Conventions>, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(map.iter().map(|(gv, conventions)| (gv.api_version(), conventions)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<GroupVersion, Conventions>, D::Error> {
        let by_text = BTreeMap::<String, Conventions>::deserialize(d)?;
        by_text
            .into_iter()
            .map(|(text, conventions)| {
                let gv = GroupVersion::parse(&text)
                    .ok_or_else(|| serde::de::Error::custom(format!("`{text}` is not a group/version")))?;
                Ok((gv, conventions))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_lossless_is_the_default() {
        assert_eq!(Conventions::default(), Conventions::Lossless);
        assert_eq!(Conventions::from_name("kubernetes"), Some(Conventions::Kubernetes));
        assert_eq!(Conventions::Lossless.as_str(), "lossless");
        assert!(serde_json::from_str::<Conventions>("\"k8s\"").is_err());
        assert_eq!(Conventions::from_name("crd"), Some(Conventions::Crd));
        assert_eq!(Conventions::Crd.of_definitions(), Conventions::Lossless);
        assert_eq!(Conventions::Kubernetes.of_definitions(), Conventions::Kubernetes);
    }

    #[test]
    fn maps_are_keyed_by_api_version() -> Result<(), serde_json::Error> {
        #[derive(serde::Serialize, Deserialize, PartialEq, Debug)]
        struct Holder(#[serde(with = "by_api_version")] BTreeMap<GroupVersion, Conventions>);
        let holder = Holder([(GroupVersion::new("apps", "v1"), Conventions::Kubernetes)].into());
        let json = serde_json::to_string(&holder)?;
        assert_eq!(json, r#"{"apps/v1":"kubernetes"}"#);
        assert_eq!(serde_json::from_str::<Holder>(&json)?, holder);
        assert!(serde_json::from_str::<Holder>(r#"{"a/b/c":"lossless"}"#).is_err());
        Ok(())
    }
}
