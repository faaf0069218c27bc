//! `Kind::crd()` for kube-rs programs (the `kube` feature): the CRD kapi generates for a kind, as k8s-openapi's
//! `CustomResourceDefinition`, which `kube::Api` installs. kube-derive's kinds get the same call from
//! `kube::CustomResourceExt`; importing this trait instead keeps an operator's `Kind::crd()` as it was.

use std::any::TypeId;
use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kapi_model::{Registry, Resource};

use crate::Error;

/// The CRD of a kind, for every kapi kind with `#[kapi(crd)]` (every version of a `#[kapi::versioned]` kind).
pub trait CustomResourceExt: Resource {
    /// The kind's CRD, as `kapi generate` writes it to `crds/<plural>.<group>.json`.
    ///
    /// # Panics
    /// When the kind is no CRD or its CRD has errors (those `kapi generate` reports); [`Self::try_crd`] returns
    /// them instead.
    fn crd() -> CustomResourceDefinition {
        Self::try_crd().unwrap_or_else(|error| panic!("{}", error))
    }

    /// The kind's CRD, or the errors that keep it from being one.
    fn try_crd() -> Result<CustomResourceDefinition, Error>;

    /// The CRD's name: `<plural>.<group>`.
    fn crd_name() -> &'static str;
}

impl<K: Resource + 'static> CustomResourceExt for K {
    fn try_crd() -> Result<CustomResourceDefinition, Error> {
        let crd = crate::crd_of::<K>()?;
        // The two types write the same JSON (kapi-meta's is the API server's), so serde carries one into the other.
        serde_json::to_value(&crd)
            .and_then(serde_json::from_value)
            .map_err(|error| Error::invalid_crd(vec![format!("{}: {error}", Self::crd_name())]))
    }

    fn crd_name() -> &'static str {
        // `&'static` as kube-derive's is: each kind's name is made once and kept for the program's life.
        static NAMES: Mutex<BTreeMap<TypeId, &'static str>> = Mutex::new(BTreeMap::new());
        let mut names = NAMES.lock().unwrap_or_else(PoisonError::into_inner);
        names.entry(TypeId::of::<K>()).or_insert_with(|| {
            let meta = K::resource_meta(&mut Registry::new());
            Box::leak(format!("{}.{}", meta.plural, meta.group_version.group).into_boxed_str())
        })
    }
}
