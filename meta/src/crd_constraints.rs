//! Constraints some of Kubernetes' own types carry in CustomResourceDefinitions but not in the server's published
//! OpenAPI: the server checks them in Go code for its built-in kinds, and controller-gen writes them into the
//! schema of every custom resource that embeds the type (`metav1.Condition`'s `+kubebuilder:validation` markers).
//! kapi's CRD emitter lays them over the type's definition, so the published documents stay upstream's.

use kapi::model::SchemaObject;

use crate::meta::v1::Condition;

/// The definition name of `metav1.Condition`.
const CONDITION: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.Condition";

/// What a CRD schema adds to definition `name`, as an overlay (properties hold only the added keywords); `None`
/// when the CRD form adds nothing.
pub fn crd_constraints(name: &str) -> Option<SchemaObject> {
    match name {
        CONDITION => Some(Condition::crd_constraints()),
        _ => None,
    }
}
