//! Kubernetes' meta definitions a registry names without holding them: a kind whose fields are k8s-openapi's meta
//! types (kapi's `kube` feature) refers to `io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta` and the like by name,
//! since the schema lives here and kapi-model cannot depend on this crate. Generation fills them from these types.

use std::collections::BTreeSet;

use kapi::Registry;
use kapi::model::DefName;

use crate::meta::v1;

/// Registers each meta type whose definition `registry` refers to but lacks; repeats until nothing is missing,
/// since a filled definition refers to others (ObjectMeta to Time and OwnerReference).
pub fn register_referenced(registry: &mut Registry) {
    loop {
        let missing = missing_references(registry);
        let before = registry.definitions().len();
        for name in &missing {
            register_by_name(registry, name.as_str());
        }
        if registry.definitions().len() == before {
            return;
        }
    }
}

fn missing_references(registry: &Registry) -> BTreeSet<DefName> {
    let mut missing = BTreeSet::new();
    for definition in registry.definitions().values() {
        definition.schema.walk(&mut |node| {
            if let Some(target) = node.target()
                && registry.definition(target).is_none()
            {
                missing.insert(target.clone());
            }
        });
    }
    missing
}

fn register_by_name(registry: &mut Registry, name: &str) {
    let Some(short) = name.strip_prefix("io.k8s.apimachinery.pkg.") else { return };
    match short {
        "apis.meta.v1.ObjectMeta" => registry.register::<v1::ObjectMeta>(),
        "apis.meta.v1.ListMeta" => registry.register::<v1::ListMeta>(),
        "apis.meta.v1.Condition" => registry.register::<v1::Condition>(),
        "apis.meta.v1.Time" => registry.register::<v1::Time>(),
        "apis.meta.v1.MicroTime" => registry.register::<v1::MicroTime>(),
        "apis.meta.v1.LabelSelector" => registry.register::<v1::LabelSelector>(),
        "apis.meta.v1.OwnerReference" => registry.register::<v1::OwnerReference>(),
        "api.resource.Quantity" => registry.register::<crate::quantity::Quantity>(),
        "util.intstr.IntOrString" => registry.register::<crate::intstr::IntOrString>(),
        _ => registry,
    };
}
