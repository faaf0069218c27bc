//! The kinds the server stores, read from its discovery documents: every served group-version's resources that
//! are not subresources and can be both created and read back.

use kapi_tests::kube::Kube;
use serde_json::Value;

/// A stored kind as discovery lists it.
#[derive(Debug, Clone)]
pub struct StoredKind {
    /// Empty for the core group.
    pub group: String,
    pub version: String,
    pub kind: String,
    /// The resource's plural name (its path segment).
    pub resource: String,
    pub namespaced: bool,
}

impl StoredKind {
    /// `group/version/Kind`, `core/v1/Pod` for the core group: how the test names a kind.
    pub fn id(&self) -> String {
        let group = if self.group.is_empty() { "core" } else { &self.group };
        format!("{group}/{}/{}", self.version, self.kind)
    }

    /// The path of the collection, in `namespace` when the kind is namespaced.
    pub fn collection(&self, namespace: &str) -> String {
        let root = if self.group.is_empty() {
            format!("/api/{}", self.version)
        } else {
            format!("/apis/{}/{}", self.group, self.version)
        };
        if self.namespaced {
            format!("{root}/namespaces/{namespace}/{}", self.resource)
        } else {
            format!("{root}/{}", self.resource)
        }
    }

    /// The `apiVersion` of its objects.
    pub fn api_version(&self) -> String {
        if self.group.is_empty() { self.version.clone() } else { format!("{}/{}", self.group, self.version) }
    }
}

/// Every stored kind of every served group-version, sorted by id.
pub fn stored_kinds(kube: &Kube) -> Vec<StoredKind> {
    let mut group_versions = vec![(String::new(), "/api/v1".to_owned())];
    let groups = get_json(kube, "/apis");
    for group in groups["groups"].as_array().into_iter().flatten() {
        let name = group["name"].as_str().unwrap_or_default();
        for version in group["versions"].as_array().into_iter().flatten() {
            let group_version = version["groupVersion"].as_str().unwrap_or_default();
            group_versions.push((name.to_owned(), format!("/apis/{group_version}")));
        }
    }
    let mut kinds = Vec::new();
    for (group, path) in group_versions {
        let list = get_json(kube, &path);
        let version = path.rsplit('/').next().unwrap_or_default().to_owned();
        for resource in list["resources"].as_array().into_iter().flatten() {
            let name = resource["name"].as_str().unwrap_or_default();
            let verbs: Vec<&str> =
                resource["verbs"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
            if name.contains('/') || !verbs.contains(&"create") || !verbs.contains(&"get") {
                continue;
            }
            kinds.push(StoredKind {
                group: group.clone(),
                version: version.clone(),
                kind: resource["kind"].as_str().unwrap_or_default().to_owned(),
                resource: name.to_owned(),
                namespaced: resource["namespaced"].as_bool().unwrap_or_default(),
            });
        }
    }
    kinds.sort_by_key(StoredKind::id);
    kinds
}

fn get_json(kube: &Kube, path: &str) -> Value {
    let reply = kube.get(path, "application/json");
    assert_eq!(reply.status, 200, "GET {path}: {}", String::from_utf8_lossy(&reply.body));
    reply.json()
}
