//! operationIds and tags, by the rule kube-apiserver names its routes with.

use kapi_model::{DefName, GroupVersion};

use super::actions::Action;

/// What an operationId is made of beyond its action.
#[derive(Debug, Clone, Copy)]
pub(crate) struct OperationName<'a> {
    pub action: Action,
    /// The resource's kind (not the subresource's).
    pub kind: &'a str,
    pub namespaced: bool,
    pub subresource: Option<&'a str>,
    pub all_namespaces: bool,
    /// The connect route with a trailing `{path}`.
    pub with_path: bool,
}

/// verb + Group + Version + [Method] + [Collection] + [Namespaced] + Kind + [Subresource] + [WithPath] + [List] +
/// [ForAllNamespaces], where Method is a connect's HTTP method (`Get`, `Post`, ...).
pub(crate) fn operation_id(group_version: &GroupVersion, name: OperationName<'_>) -> String {
    let mut id = String::from(name.action.operation_verb());
    id.push_str(&group_version_prefix(group_version));
    if let Action::Connect(method) = name.action {
        id.push_str(&to_valid_operation_id(method.as_str(), true));
    }
    if name.action == Action::DeleteCollection {
        id.push_str("Collection");
    }
    if name.namespaced && !name.all_namespaces {
        id.push_str("Namespaced");
    }
    id.push_str(name.kind);
    if let Some(subresource) = name.subresource {
        id.push_str(&to_valid_operation_id(subresource, true));
    }
    if name.with_path {
        id.push_str("WithPath");
    }
    if name.action == Action::WatchList {
        id.push_str("List");
    }
    if name.all_namespaces {
        id.push_str("ForAllNamespaces");
    }
    id
}

/// The name the API server gives a custom resource's kind in its documents: the group's domain reversed, the
/// version and the kind (`stable.example.com`, `v1`, `CronTab` → `com.example.stable.v1.CronTab`).
pub(crate) fn custom_resource_definition_name(group_version: &GroupVersion, kind: &str) -> DefName {
    let reversed: Vec<&str> = group_version.group.split('.').rev().collect();
    DefName::new(format!("{}.{}.{kind}", reversed.join("."), group_version.version))
}

/// `get<Group><Version>APIResources`, the discovery operation.
pub(crate) fn discovery_operation_id(group_version: &GroupVersion) -> String {
    format!("get{}APIResources", group_version_prefix(group_version))
}

/// `<group>_<version>` with the group trimmed and camel-cased, lower-case first (`rbacAuthorization_v1`).
pub(crate) fn tag(group_version: &GroupVersion) -> String {
    let group = to_valid_operation_id(trimmed_group(group_version), false);
    format!("{group}_{}", to_valid_operation_id(&group_version.version, false))
}

/// `CoordinationV1`, `CoreV1`, `RbacAuthorizationV1`.
fn group_version_prefix(group_version: &GroupVersion) -> String {
    let group = to_valid_operation_id(trimmed_group(group_version), true);
    format!("{group}{}", to_valid_operation_id(&group_version.version, true))
}

/// The core group is called `core`; `.k8s.io` is dropped from the others.
fn trimmed_group(group_version: &GroupVersion) -> &str {
    if group_version.group.is_empty() {
        return "core";
    }
    group_version.group.strip_suffix(".k8s.io").unwrap_or(&group_version.group)
}

/// Keeps letters, `_` and non-leading digits; any other character is dropped and capitalises the next letter
/// (the Go rule `ToValidOperationID`).
fn to_valid_operation_id(text: &str, capitalize_first: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut capitalize = capitalize_first;
    for (index, ch) in text.chars().enumerate() {
        if ch.is_alphabetic() || ch == '_' || (index != 0 && ch.is_numeric()) {
            if capitalize {
                out.extend(ch.to_uppercase());
                capitalize = false;
            } else {
                out.push(ch);
            }
        } else {
            capitalize = true;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emit::operations::actions::Method;

    fn id(
        group: &str,
        version: &str,
        action: Action,
        kind: &str,
        namespaced: bool,
        sub: Option<&str>,
        all: bool,
    ) -> String {
        let name = OperationName { action, kind, namespaced, subresource: sub, all_namespaces: all, with_path: false };
        operation_id(&GroupVersion::new(group, version), name)
    }

    #[test]
    fn operation_ids_follow_the_apiserver_rule() {
        let coordination = "coordination.k8s.io";
        assert_eq!(
            id(coordination, "v1", Action::List, "Lease", true, None, false),
            "listCoordinationV1NamespacedLease"
        );
        assert_eq!(
            id(coordination, "v1", Action::List, "Lease", true, None, true),
            "listCoordinationV1LeaseForAllNamespaces"
        );
        assert_eq!(
            id(coordination, "v1", Action::WatchList, "Lease", true, None, true),
            "watchCoordinationV1LeaseListForAllNamespaces"
        );
        assert_eq!(
            id(coordination, "v1", Action::DeleteCollection, "Lease", true, None, false),
            "deleteCoordinationV1CollectionNamespacedLease"
        );
        assert_eq!(
            id("apps", "v1", Action::Get, "Deployment", true, Some("scale"), false),
            "readAppsV1NamespacedDeploymentScale"
        );
        assert_eq!(
            id("", "v1", Action::Put, "Namespace", false, Some("finalize"), false),
            "replaceCoreV1NamespaceFinalize"
        );
        let rbac = "rbac.authorization.k8s.io";
        assert_eq!(
            id(rbac, "v1", Action::WatchList, "ClusterRole", false, None, false),
            "watchRbacAuthorizationV1ClusterRoleList"
        );
        assert_eq!(
            id("stable.example.com", "v1beta1", Action::Post, "CronTab", true, None, false),
            "createStableExampleComV1beta1NamespacedCronTab"
        );
    }

    #[test]
    fn connect_ids_carry_the_method_and_the_subpath() {
        let name = |action, namespaced, with_path| OperationName {
            action,
            kind: "Pod",
            namespaced,
            subresource: Some("proxy"),
            all_namespaces: false,
            with_path,
        };
        let core = GroupVersion::new("", "v1");
        let get = Action::Connect(Method::Get);
        assert_eq!(operation_id(&core, name(get, true, false)), "connectCoreV1GetNamespacedPodProxy");
        let head = Action::Connect(Method::Head);
        assert_eq!(operation_id(&core, name(head, false, true)), "connectCoreV1HeadPodProxyWithPath");
    }

    #[test]
    fn tags_and_discovery_ids() {
        assert_eq!(tag(&GroupVersion::new("flowcontrol.apiserver.k8s.io", "v1")), "flowcontrolApiserver_v1");
        assert_eq!(tag(&GroupVersion::new("", "v1")), "core_v1");
        assert_eq!(
            discovery_operation_id(&GroupVersion::new("coordination.k8s.io", "v1")),
            "getCoordinationV1APIResources"
        );
        assert_eq!(discovery_operation_id(&GroupVersion::new("", "v1")), "getCoreV1APIResources");
    }
}
