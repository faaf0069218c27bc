//! kapi's corpus: annotated Rust types for a few Kubernetes groups and example custom groups (one with two versions,
//! and a second group sharing a kind name), built on the API types of `kapi-meta`.
//!
//! One module per Go package, so definition names follow Kubernetes' convention (`io.k8s.api.coordination.v1.Lease`).
//! [`registry()`] collects everything; [`register_kubernetes`] alone gives what upstream Kubernetes serves.

pub mod admissionregistration;
pub mod apiregistration;
pub mod apps;
pub mod autoscaling;
pub mod batch;
pub mod coordination;
pub mod core;
pub mod example;
pub mod flowcontrol;
pub mod group_priorities;
pub mod known_group_versions;
pub mod rbac;
pub mod scheduling;

use kapi::Registry;
use kapi::model::{Conventions, GroupVersion};

/// Every resource and definition of the corpus: [`register_kubernetes`], [`register_watchable_discovery`] and
/// [`register_examples`].
pub fn registry() -> Registry {
    let mut registry = Registry::new();
    register_kubernetes(&mut registry);
    register_watchable_discovery(&mut registry);
    register_examples(&mut registry);
    registry
}

/// kapi's own served group: watchable discovery's `Group` kind in `discovery.k8s.io/v1alpha1`, which `kapi serve`
/// fills with the groups of the bundle it serves. Not part of upstream Kubernetes, so the group-version stays out
/// of the shared kinds' lists; the group keeps upstream's discovery priority for `discovery.k8s.io` (the
/// EndpointSlice group), so it is listed where a Kubernetes server lists that group.
pub fn register_watchable_discovery(registry: &mut Registry) {
    use kapi_meta::discovery::v1alpha1;
    v1alpha1::register(registry, v1alpha1::DEFAULT_GROUP);
    registry.set_group_priority(v1alpha1::DEFAULT_GROUP, group_priorities::DISCOVERY_GROUP_PRIORITY);
}

/// Upstream Kubernetes' part: the Kubernetes groups of the corpus, what every server speaks ([`kapi_meta::register`]),
/// the shared kinds the corpus adds, the group-versions upstream knows (so shared kinds such as DeleteOptions and
/// WatchEvent list the same group-version-kinds as upstream does, and all of them follow Kubernetes conventions),
/// and upstream's discovery priorities for the groups.
pub fn register_kubernetes(registry: &mut Registry) {
    register_kubernetes_groups(registry);
    kapi_meta::register(registry);
    register_shared_definitions(registry);
    // Upstream's built-in group-versions follow Kubernetes' conventions; so does core/v1, whose types the
    // corpus' groups share without the corpus serving core/v1 itself.
    for (group, version) in known_group_versions::KNOWN_GROUP_VERSIONS {
        let group_version = GroupVersion::new(*group, *version);
        registry.add_known_group_version(group_version.clone());
        registry.set_conventions(group_version, Conventions::Kubernetes);
    }
    registry.set_package_conventions("k8s.io/api/core/v1", Conventions::Kubernetes);
    for (group, priority) in group_priorities::KUBERNETES_GROUP_PRIORITIES {
        registry.set_group_priority(group, *priority);
    }
}

/// The resources of the Kubernetes groups of the corpus.
fn register_kubernetes_groups(registry: &mut Registry) {
    // Kubernetes' own type, kept in kapi-meta: kapi writes custom resource definitions with it.
    registry.register_resource::<kapi_meta::apiextensions::v1::CustomResourceDefinition>();
    registry
        .register_resource::<admissionregistration::v1::MutatingWebhookConfiguration>()
        .register_resource::<admissionregistration::v1::ValidatingAdmissionPolicy>()
        .register_resource::<admissionregistration::v1::ValidatingAdmissionPolicyBinding>()
        .register_resource::<admissionregistration::v1::ValidatingWebhookConfiguration>()
        .register_resource::<admissionregistration::v1beta1::ValidatingAdmissionPolicy>()
        .register_resource::<admissionregistration::v1beta1::ValidatingAdmissionPolicyBinding>()
        .register_resource::<admissionregistration::v1alpha1::MutatingAdmissionPolicy>()
        .register_resource::<admissionregistration::v1alpha1::MutatingAdmissionPolicyBinding>();
    registry.register_resource::<apiregistration::v1::APIService>();
    registry
        .register_resource::<apps::v1::ControllerRevision>()
        .register_resource::<apps::v1::DaemonSet>()
        .register_resource::<apps::v1::Deployment>()
        .register_resource::<apps::v1::ReplicaSet>()
        .register_resource::<apps::v1::StatefulSet>();
    registry.register_resource::<autoscaling::v1::HorizontalPodAutoscaler>();
    registry.register_resource::<batch::v1::CronJob>().register_resource::<batch::v1::Job>();
    registry.register_resource::<coordination::v1::Lease>();
    registry
        .register_resource::<flowcontrol::v1::FlowSchema>()
        .register_resource::<flowcontrol::v1::PriorityLevelConfiguration>();
    registry
        .register_resource::<rbac::v1::ClusterRole>()
        .register_resource::<rbac::v1::ClusterRoleBinding>()
        .register_resource::<rbac::v1::Role>()
        .register_resource::<rbac::v1::RoleBinding>();
    registry.register_resource::<scheduling::v1::PriorityClass>();
}

/// The example custom groups: `stable.example.com` (v1, and the older v1beta1) and `batch.example.com/v1`, whose
/// cluster-scoped kind is also called CronTab. Like CRD groups, they are not part of the built-in scheme, so the
/// shared kinds' lists do not name them.
pub fn register_examples(registry: &mut Registry) {
    registry
        .register_resource::<example::stable_v1::CronTab>()
        .register_resource::<example::stable_v1beta1::CronTab>()
        .register_resource::<example::batch_v1::CronTab>();
    for (group, priority) in group_priorities::EXAMPLE_GROUP_PRIORITIES {
        registry.set_group_priority(group, *priority);
    }
}

/// Kinds the corpus' groups share besides what every server speaks: the scale subresource's kind and the special
/// scalar types.
fn register_shared_definitions(registry: &mut Registry) {
    registry
        .register::<autoscaling::v1::Scale>()
        .register::<kapi_meta::intstr::IntOrString>()
        .register::<kapi_meta::quantity::Quantity>();
}

#[cfg(test)]
mod tests {
    use kapi::model::{DefName, GroupVersion, Scope};

    use super::registry;

    #[test]
    fn the_registry_is_sound_and_serves_every_group_version() {
        let registry = registry();
        assert!(registry.errors().is_empty(), "{:?}", registry.errors());
        let served: Vec<String> = registry.served_group_versions().iter().map(GroupVersion::api_version).collect();
        assert_eq!(
            served,
            [
                "admissionregistration.k8s.io/v1",
                "admissionregistration.k8s.io/v1alpha1",
                "admissionregistration.k8s.io/v1beta1",
                "apiextensions.k8s.io/v1",
                "apiregistration.k8s.io/v1",
                "apps/v1",
                "autoscaling/v1",
                "batch/v1",
                "batch.example.com/v1",
                "coordination.k8s.io/v1",
                "discovery.k8s.io/v1alpha1",
                "flowcontrol.apiserver.k8s.io/v1",
                "rbac.authorization.k8s.io/v1",
                "scheduling.k8s.io/v1",
                "stable.example.com/v1",
                "stable.example.com/v1beta1"
            ]
        );
        let leases = &registry.resources_in(&GroupVersion::new("coordination.k8s.io", "v1"))[0];
        assert_eq!((leases.plural.as_str(), leases.scope, leases.verbs.len()), ("leases", Scope::Namespaced, 8));
        assert_eq!(leases.list_kind.as_deref(), Some("LeaseList"));
    }

    #[test]
    fn crontabs_have_status_and_scale_subresources() {
        let registry = registry();
        let crontabs = &registry.resources_in(&GroupVersion::new("stable.example.com", "v1"))[0];
        assert_eq!(
            (crontabs.short_names.as_slice(), crontabs.categories.as_slice()),
            (&["ct".to_owned()][..], &["all".to_owned()][..])
        );
        let names: Vec<&str> = crontabs.subresources.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["status", "scale"]);
        let scale = crontabs.subresources.iter().find(|s| s.name == "scale").and_then(|s| s.kind.as_ref());
        assert_eq!(scale.map(|kind| kind.definition.as_str()), Some("io.k8s.api.autoscaling.v1.Scale"));
    }

    #[test]
    fn apps_workloads_scale_through_autoscaling_v1_scale() {
        let registry = registry();
        let apps = registry.resources_in(&GroupVersion::new("apps", "v1"));
        let scaled: Vec<&str> = apps
            .iter()
            .filter(|r| r.subresources.iter().any(|s| s.name == "scale"))
            .map(|r| r.plural.as_str())
            .collect();
        assert_eq!(scaled, ["deployments", "replicasets", "statefulsets"]);
        for resource in apps.iter().filter(|r| scaled.contains(&r.plural.as_str())) {
            let scale = resource.subresources.iter().find(|s| s.name == "scale").and_then(|s| s.kind.as_ref());
            assert_eq!(scale.map(|k| k.definition.as_str()), Some("io.k8s.api.autoscaling.v1.Scale"));
        }
        let services = registry.resources_in(&GroupVersion::new("apiregistration.k8s.io", "v1"));
        assert_eq!(services[0].definition.as_str(), "io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.APIService");
        assert_eq!(services[0].scope, Scope::Cluster);
    }

    #[test]
    fn one_kind_name_lives_in_two_groups_under_two_definition_names() {
        let registry = registry();
        let crontabs: Vec<_> = registry.resources().iter().filter(|r| r.kind == "CronTab").collect();
        let definitions: Vec<&str> = crontabs.iter().map(|r| r.definition.as_str()).collect();
        assert_eq!(
            definitions,
            ["com.example.stable.v1.CronTab", "com.example.stable.v1beta1.CronTab", "com.example.batch.v1.CronTab"]
        );
        let batch = crontabs.iter().find(|r| r.group_version.group == "batch.example.com").expect("batch crontabs");
        assert_eq!(batch.scope, Scope::Cluster);
    }

    #[test]
    fn groups_have_upstreams_priorities_and_examples_come_last() {
        let registry = registry();
        assert_eq!(registry.group_priority("coordination.k8s.io"), 16500);
        assert_eq!(registry.group_priority("autoscaling"), 17500);
        let mut groups = ["batch.example.com", "stable.example.com", "coordination.k8s.io"];
        groups.sort_by(|a, b| registry.compare_groups(a, b));
        assert_eq!(groups, ["coordination.k8s.io", "stable.example.com", "batch.example.com"]);
    }

    #[test]
    fn discovery_and_shared_kinds_are_registered() {
        let registry = registry();
        for name in [
            "io.k8s.api.apidiscovery.v2.APIGroupDiscoveryList",
            "io.k8s.api.apidiscovery.v2beta1.APIGroupDiscoveryList",
            "io.k8s.apimachinery.pkg.apis.meta.v1.APIVersions",
            "io.k8s.apimachinery.pkg.apis.meta.v1.APIGroupList",
            "io.k8s.apimachinery.pkg.apis.meta.v1.Patch",
            "io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent",
            "io.k8s.apimachinery.pkg.util.intstr.IntOrString",
            "io.k8s.apimachinery.pkg.api.resource.Quantity",
        ] {
            assert!(registry.definition(&DefName::new(name)).is_some(), "{name} is missing");
        }
        let watch_event = registry.kinds_of(&DefName::new("io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent"));
        // Like a CRD's group on a real server, the example group is not part of the built-in scheme.
        assert_eq!(watch_event.len(), super::known_group_versions::KNOWN_GROUP_VERSIONS.len());
    }
}
