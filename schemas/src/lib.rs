//! kapi's corpus: annotated Rust types for the Kubernetes 1.32 API and example custom groups (one with two versions,
//! and a second group sharing a kind name), built on the API types of `kapi-meta`.
//!
//! One module per Go package, so definition names follow Kubernetes' convention (`io.k8s.api.coordination.v1.Lease`).
//! [`registry()`] collects everything; [`register_kubernetes`] alone gives what upstream Kubernetes serves.

pub mod admissionregistration;
pub mod apiregistration;
pub mod apiserverinternal;
pub mod apps;
pub mod authentication;
pub mod authorization;
pub mod autoscaling;
pub mod batch;
pub mod certificates;
pub mod coordination;
pub mod core;
pub mod discovery;
pub mod events;
pub mod example;
pub mod flowcontrol;
pub mod group_priorities;
pub mod known_group_versions;
pub mod networking;
pub mod node;
pub mod policy;
pub mod rbac;
pub mod resource;
pub mod scheduling;
pub mod storage;
pub mod storagemigration;

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
    register_kubernetes_scheme(registry);
}

/// A Kubernetes server's scheme without its groups' resources: what every server speaks, the shared kinds, the
/// group-versions upstream knows with their conventions, and upstream's group priorities. A user writing a
/// built-in group themselves starts from here.
pub fn register_kubernetes_scheme(registry: &mut Registry) {
    kapi_meta::register(registry);
    register_shared_definitions(registry);
    // Upstream's built-in group-versions follow Kubernetes' conventions, and so do the packages of kinds that are
    // spoken by subresources and embedded by other groups, so they keep them when their own group-version is
    // switched off.
    for (group, version) in known_group_versions::known_group_versions() {
        let group_version = GroupVersion::new(group, version);
        registry.add_known_group_version(group_version.clone());
        registry.set_conventions(group_version, Conventions::Kubernetes);
    }
    registry.set_package_conventions("k8s.io/api/core/v1", Conventions::Kubernetes);
    // policy/v1's Eviction is the kind of core/v1's `pods/eviction`.
    registry.set_package_conventions("k8s.io/api/policy/v1", Conventions::Kubernetes);
    // authentication/v1's TokenRequest is the kind of core/v1's `serviceaccounts/token`.
    registry.set_package_conventions("k8s.io/api/authentication/v1", Conventions::Kubernetes);
    for (group, priority) in group_priorities::KUBERNETES_GROUP_PRIORITIES {
        registry.set_group_priority(group, *priority);
    }
}

/// The resources of the Kubernetes groups of the corpus.
fn register_kubernetes_groups(registry: &mut Registry) {
    register_core_v1(registry);
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
    registry
        .register_resource::<authentication::v1::SelfSubjectReview>()
        .register_resource::<authentication::v1::TokenReview>()
        .register_resource::<authentication::v1beta1::SelfSubjectReview>();
    registry
        .register_resource::<authorization::v1::LocalSubjectAccessReview>()
        .register_resource::<authorization::v1::SelfSubjectAccessReview>()
        .register_resource::<authorization::v1::SelfSubjectRulesReview>()
        .register_resource::<authorization::v1::SubjectAccessReview>();
    registry
        .register_resource::<autoscaling::v1::HorizontalPodAutoscaler>()
        .register_resource::<autoscaling::v2::HorizontalPodAutoscaler>();
    registry.register_resource::<batch::v1::CronJob>().register_resource::<batch::v1::Job>();
    registry.register_resource::<events::v1::Event>();
    registry
        .register_resource::<certificates::v1::CertificateSigningRequest>()
        .register_resource::<certificates::v1alpha1::ClusterTrustBundle>();
    registry
        .register_resource::<coordination::v1::Lease>()
        .register_resource::<coordination::v1alpha2::LeaseCandidate>();
    registry.register_resource::<apiserverinternal::v1alpha1::StorageVersion>();
    registry.register_resource::<discovery::v1::EndpointSlice>();
    registry.register_resource::<node::v1::RuntimeClass>();
    registry.register_resource::<policy::v1::PodDisruptionBudget>();
    registry
        .register_resource::<networking::v1::Ingress>()
        .register_resource::<networking::v1::IngressClass>()
        .register_resource::<networking::v1::NetworkPolicy>()
        .register_resource::<networking::v1beta1::IPAddress>()
        .register_resource::<networking::v1beta1::ServiceCIDR>();
    registry
        .register_resource::<flowcontrol::v1::FlowSchema>()
        .register_resource::<flowcontrol::v1::PriorityLevelConfiguration>();
    registry
        .register_resource::<rbac::v1::ClusterRole>()
        .register_resource::<rbac::v1::ClusterRoleBinding>()
        .register_resource::<rbac::v1::Role>()
        .register_resource::<rbac::v1::RoleBinding>();
    registry
        .register_resource::<resource::v1alpha3::DeviceClass>()
        .register_resource::<resource::v1alpha3::ResourceClaim>()
        .register_resource::<resource::v1alpha3::ResourceClaimTemplate>()
        .register_resource::<resource::v1alpha3::ResourceSlice>()
        .register_resource::<resource::v1beta1::DeviceClass>()
        .register_resource::<resource::v1beta1::ResourceClaim>()
        .register_resource::<resource::v1beta1::ResourceClaimTemplate>()
        .register_resource::<resource::v1beta1::ResourceSlice>();
    registry.register_resource::<scheduling::v1::PriorityClass>();
    registry
        .register_resource::<storage::v1::CSIDriver>()
        .register_resource::<storage::v1::CSINode>()
        .register_resource::<storage::v1::CSIStorageCapacity>()
        .register_resource::<storage::v1::StorageClass>()
        .register_resource::<storage::v1::VolumeAttachment>()
        .register_resource::<storage::v1alpha1::VolumeAttributesClass>()
        .register_resource::<storage::v1beta1::VolumeAttributesClass>();
}

/// The legacy core group (`""`, served under `/api/v1`).
fn register_core_v1(registry: &mut Registry) {
    registry
        .register_resource::<core::v1::Binding>()
        .register_resource::<core::v1::ComponentStatus>()
        .register_resource::<core::v1::ConfigMap>()
        .register_resource::<core::v1::Endpoints>()
        .register_resource::<core::v1::Event>()
        .register_resource::<core::v1::LimitRange>()
        .register_resource::<core::v1::Namespace>()
        .register_resource::<core::v1::Node>()
        .register_resource::<core::v1::PersistentVolume>()
        .register_resource::<core::v1::PersistentVolumeClaim>()
        .register_resource::<core::v1::Pod>()
        .register_resource::<core::v1::PodTemplate>()
        .register_resource::<core::v1::ReplicationController>()
        .register_resource::<core::v1::ResourceQuota>()
        .register_resource::<core::v1::Secret>()
        .register_resource::<core::v1::Service>()
        .register_resource::<core::v1::ServiceAccount>();
    registry.register_resource::<storagemigration::v1alpha1::StorageVersionMigration>();
}

/// The example custom groups: `stable.example.com` (v1, and the older v1beta1), `batch.example.com/v1`, whose
/// cluster-scoped kind is also called CronTab, and `ops.example.com`, whose Backup's three versions come from one
/// definition. Like CRD groups, they are not part of the built-in scheme, so the
/// shared kinds' lists do not name them.
pub fn register_examples(registry: &mut Registry) {
    registry
        .register_resource::<example::stable_v1::CronTab>()
        .register_resource::<example::stable_v1beta1::CronTab>()
        .register_resource::<example::batch_v1::CronTab>()
        .register_resource::<example::backups::backup::v1alpha1::Backup>()
        .register_resource::<example::backups::backup::v1beta1::Backup>()
        .register_resource::<example::backups::backup::v1::Backup>();
    for (group, priority) in group_priorities::EXAMPLE_GROUP_PRIORITIES {
        registry.set_group_priority(group, *priority);
    }
    // Every example kind is a CRD, which by default is published as the API server publishes its CRDs. The corpus
    // shows the lossless documents instead (oneOf, nullable, every keyword its types declare); the same groups
    // published as CRDs are checked against a real server (tests/tests/kube_published.rs, the CLI's
    // kube_explain_preview.rs).
    for group_version in registry.served_group_versions() {
        if group_version.group.ends_with(".example.com") {
            registry.set_conventions(group_version, Conventions::Lossless);
        }
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
                "v1",
                "admissionregistration.k8s.io/v1",
                "admissionregistration.k8s.io/v1alpha1",
                "admissionregistration.k8s.io/v1beta1",
                "apiextensions.k8s.io/v1",
                "apiregistration.k8s.io/v1",
                "apps/v1",
                "authentication.k8s.io/v1",
                "authentication.k8s.io/v1beta1",
                "authorization.k8s.io/v1",
                "autoscaling/v1",
                "autoscaling/v2",
                "batch/v1",
                "batch.example.com/v1",
                "certificates.k8s.io/v1",
                "certificates.k8s.io/v1alpha1",
                "coordination.k8s.io/v1",
                "coordination.k8s.io/v1alpha2",
                "discovery.k8s.io/v1",
                "discovery.k8s.io/v1alpha1",
                "events.k8s.io/v1",
                "flowcontrol.apiserver.k8s.io/v1",
                "internal.apiserver.k8s.io/v1alpha1",
                "networking.k8s.io/v1",
                "networking.k8s.io/v1beta1",
                "node.k8s.io/v1",
                "ops.example.com/v1",
                "ops.example.com/v1alpha1",
                "ops.example.com/v1beta1",
                "policy/v1",
                "rbac.authorization.k8s.io/v1",
                "resource.k8s.io/v1alpha3",
                "resource.k8s.io/v1beta1",
                "scheduling.k8s.io/v1",
                "stable.example.com/v1",
                "stable.example.com/v1beta1",
                "storage.k8s.io/v1",
                "storage.k8s.io/v1alpha1",
                "storage.k8s.io/v1beta1",
                "storagemigration.k8s.io/v1alpha1"
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
    fn pods_declare_their_streaming_proxying_and_foreign_kind_subresources() {
        let registry = registry();
        let core = registry.resources_in(&GroupVersion::new("", "v1"));
        let pods = core.iter().find(|r| r.plural == "pods").expect("pods are served");
        let find = |name: &str| pods.subresources.iter().find(|s| s.name == name).expect(name);
        let eviction = find("eviction").kind.as_ref().map(|k| (k.group_version.api_version(), k.kind.as_str()));
        assert_eq!(eviction, Some(("policy/v1".to_owned(), "Eviction")));
        let proxy = find("proxy");
        assert_eq!(proxy.kind.as_ref().map(|k| k.kind.as_str()), Some("PodProxyOptions"));
        assert_eq!(proxy.verbs, ["create", "delete", "get", "patch", "update"]);
        assert!(proxy.connect.as_ref().is_some_and(|connect| connect.subpath && connect.methods.len() == 7));
        let log = find("log");
        assert_eq!((log.kind.as_ref(), log.text_media_types.as_slice()), (None, &["text/plain".to_owned()][..]));
        assert_eq!(log.options.as_ref().map(DefName::as_str), Some("io.k8s.api.core.v1.PodLogOptions"));
        let plurals: Vec<&str> = core.iter().map(|r| r.plural.as_str()).collect();
        assert!(["bindings", "nodes", "pods", "services"].iter().all(|plural| plurals.contains(plural)));
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
        assert_eq!(watch_event.len(), super::known_group_versions::known_group_versions().len());
    }
}
