//! The CRD of one kind, from code: what an operator installs at start-up, as kube-derive's `CustomResourceExt::crd`
//! offers (docs/KUBE-RS.md). It is the very CRD `generate` writes to `crds/<plural>.<group>.json`.

use kapi_meta::apiextensions::v1::CustomResourceDefinition;
use kapi_model::{Registry, Resource};

use crate::error::Error;
use crate::options::Options;

/// The CRD of kind `K` among everything `registry` holds (all of `K`'s versions when they are registered, as
/// `#[kapi::versioned]` kinds are).
pub fn crd_in<K: Resource>(registry: &Registry) -> Result<CustomResourceDefinition, Error> {
    let meta = K::resource_meta(&mut Registry::new());
    let path = format!("crds/{}.{}.json", meta.plural, meta.group_version.group);
    let artifacts = crate::generate(registry, &Options::default())?;
    let Some(bytes) = artifacts.get(&path) else {
        let message = format!("{} {} is no CRD: give it #[kapi(crd)]", meta.group_version, meta.kind);
        return Err(Error::invalid_crd(vec![message]));
    };
    serde_json::from_slice(bytes).map_err(|error| Error::invalid_crd(vec![format!("{path}: {error}")]))
}

/// The CRD of kind `K` alone (one version), with the meta types every API server speaks.
pub fn crd_of<K: Resource>() -> Result<CustomResourceDefinition, Error> {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry);
    registry.register_resource::<K>();
    crd_in::<K>(&registry)
}
