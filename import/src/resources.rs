//! Which resources a document's paths serve: grouped by group-version and plural, with the verbs their actions
//! make, their scope, list kind, subresources and the options kinds of those that take query parameters.

use std::collections::BTreeMap;

use kapi_model::{
    Connect, DefName, GroupVersion, GroupVersionKind, ResourceMeta, SchemaNode, SchemaObject, Scope, Subresource,
    SubresourceKind,
};

use crate::operation::{Operation, QueryParameter};

/// Where a path sits in Kubernetes' URL layout.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Place {
    group_version: GroupVersion,
    namespaced: bool,
    plural: String,
    subresource: Option<String>,
    subpath: bool,
}

/// Reads `/api/v1/...` and `/apis/<group>/<version>/...`, with an optional `watch/` and
/// `namespaces/{namespace}/`, then `<plural>[/{name}[/<subresource>[/{path}]]]`.
fn place(path: &str) -> Option<Place> {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let (group_version, mut rest) = match segments.as_slice() {
        ["api", version, rest @ ..] => (GroupVersion::new("", *version), rest),
        ["apis", group, version, rest @ ..] => (GroupVersion::new(*group, *version), rest),
        _ => return None,
    };
    if let ["watch", after @ ..] = rest {
        rest = after;
    }
    let namespaced = matches!(rest, ["namespaces", "{namespace}", _, ..]);
    if namespaced {
        rest = &rest[2..];
    }
    match rest {
        [plural] | [plural, "{name}"] => {
            Some(Place { group_version, namespaced, plural: (*plural).to_owned(), subresource: None, subpath: false })
        }
        [plural, "{name}", subresource, tail @ ..] if tail.is_empty() || tail == ["{path}"] => Some(Place {
            group_version,
            namespaced,
            plural: (*plural).to_owned(),
            subresource: Some((*subresource).to_owned()),
            subpath: !tail.is_empty(),
        }),
        _ => None,
    }
}

/// The verb an action stands for on a resource or subresource.
fn verb(action: &str) -> Option<&'static str> {
    Some(match action {
        "list" => "list",
        "watch" | "watchlist" => "watch",
        "post" => "create",
        "deletecollection" => "deletecollection",
        "get" => "get",
        "put" => "update",
        "patch" => "patch",
        "delete" => "delete",
        _ => return None,
    })
}

/// The verb a connect method stands for in discovery.
fn connect_verb(method: &str) -> Option<&'static str> {
    Some(match method {
        "GET" => "get",
        "POST" => "create",
        "PUT" => "update",
        "PATCH" => "patch",
        "DELETE" => "delete",
        _ => return None,
    })
}

/// What was learnt from the paths: the resources, and the options kinds made from query parameters.
#[derive(Debug, Default)]
pub struct Served {
    pub resources: Vec<ResourceMeta>,
    pub options: BTreeMap<DefName, SchemaNode>,
}

/// The resources `operations` serve. `kinds` finds the definition of a group-version-kind.
pub fn infer(operations: &[Operation], kinds: &BTreeMap<GroupVersionKind, DefName>) -> Result<Served, String> {
    let mut by_resource: BTreeMap<(GroupVersion, String), Vec<(Place, &Operation)>> = BTreeMap::new();
    for operation in operations {
        if let Some(place) = place(&operation.path) {
            by_resource
                .entry((place.group_version.clone(), place.plural.clone()))
                .or_default()
                .push((place, operation));
        }
    }
    let mut served = Served::default();
    for ((group_version, plural), operations) in by_resource {
        let main: Vec<&(Place, &Operation)> = operations.iter().filter(|(p, _)| p.subresource.is_none()).collect();
        let Some((_, first)) = main.first() else {
            return Err(format!(
                "{}: `{plural}` has subresources but no operations of its own",
                group_version.api_version()
            ));
        };
        let kind = first.kind.kind.clone();
        let definition = definition_of(&first.kind, kinds)
            .or_else(|| {
                main.iter().find(|(_, o)| o.action == "get").and_then(|(_, o)| o.answer.clone().map(DefName::new))
            })
            .ok_or_else(|| {
                format!("{}: no definition of kind `{kind}` (for `{plural}`)", group_version.api_version())
            })?;
        let mut verbs: Vec<String> = main.iter().filter_map(|(_, o)| verb(&o.action)).map(str::to_owned).collect();
        verbs.sort();
        verbs.dedup();
        let list_definition = main.iter().find(|(_, o)| o.action == "list").and_then(|(_, o)| o.answer.clone());
        let delete_returns_object =
            main.iter().any(|(_, o)| o.action == "delete" && o.answer.as_deref() == Some(definition.as_str()));
        let mut subresources = Vec::new();
        let mut names: Vec<&str> = operations.iter().filter_map(|(p, _)| p.subresource.as_deref()).collect();
        names.sort();
        names.dedup();
        for name in names {
            let these: Vec<&(Place, &Operation)> =
                operations.iter().filter(|(p, _)| p.subresource.as_deref() == Some(name)).collect();
            let (subresource, options) = subresource(name, &kind, &definition, &these, kinds)?;
            if let Some((options_name, options_schema)) = options {
                served.options.insert(options_name, options_schema);
            }
            subresources.push(subresource);
        }
        served.resources.push(ResourceMeta {
            group_version,
            singular: kind.to_lowercase(),
            kind,
            plural,
            scope: if main.iter().any(|(p, _)| p.namespaced) { Scope::Namespaced } else { Scope::Cluster },
            verbs,
            short_names: Vec::new(),
            categories: Vec::new(),
            subresources,
            list_kind: list_definition.as_deref().map(|name| short_name(name).to_owned()),
            list_definition: list_definition.map(DefName::new),
            definition,
            crd: None,
            delete_returns_object,
        });
    }
    Ok(served)
}

type Options = Option<(DefName, SchemaNode)>;

fn subresource(
    name: &str,
    kind: &str,
    definition: &DefName,
    operations: &[&(Place, &Operation)],
    kinds: &BTreeMap<GroupVersionKind, DefName>,
) -> Result<(Subresource, Options), String> {
    let mut subresource = Subresource::new(name, &[]);
    let (_, first) = operations[0];
    let connects: Vec<&Operation> = operations.iter().filter(|(_, o)| o.action == "connect").map(|(_, o)| *o).collect();
    let in_package = |short: &str| {
        let prefix = definition.as_str().rsplit_once('.').map_or("", |(prefix, _)| prefix);
        DefName::new(format!("{prefix}.{short}"))
    };
    let mut options = None;
    if !connects.is_empty() {
        let mut methods: Vec<String> = connects.iter().map(|o| o.method.to_uppercase()).collect();
        methods.sort_by_key(|m| kapi_model::CONNECT_METHODS.iter().position(|known| known == m));
        methods.dedup();
        subresource.verbs = methods.iter().filter_map(|m| connect_verb(m)).map(str::to_owned).collect();
        subresource.verbs.sort();
        subresource.verbs.dedup();
        let subpath = operations.iter().any(|(p, _)| p.subpath);
        subresource.connect = Some(Connect { methods, subpath });
        let options_kind = &first.kind;
        let options_name = definition_of(options_kind, kinds).unwrap_or_else(|| in_package(&options_kind.kind));
        subresource.kind = Some(SubresourceKind {
            group_version: GroupVersion::new(options_kind.group.clone(), options_kind.version.clone()),
            kind: options_kind.kind.clone(),
            definition: options_name.clone(),
        });
        // Every route of a connect takes the same query parameters; the trailing-path route may add `path`.
        let without_path: Vec<&Operation> =
            operations.iter().filter(|(p, o)| !p.subpath && o.action == "connect").map(|(_, o)| *o).collect();
        let source = without_path.first().copied().unwrap_or(connects[0]);
        options = Some((options_name.clone(), options_schema(&source.query, options_kind.clone())));
        subresource.options = Some(options_name);
        return Ok((subresource, options));
    }
    let mut verbs: Vec<String> = operations.iter().filter_map(|(_, o)| verb(&o.action)).map(str::to_owned).collect();
    verbs.sort();
    verbs.dedup();
    subresource.verbs = verbs;
    if first.kind.kind != kind {
        let definition = definition_of(&first.kind, kinds)
            .ok_or_else(|| format!("subresource `{name}`: no definition of kind `{}`", first.kind.kind))?;
        subresource.kind = Some(SubresourceKind {
            group_version: GroupVersion::new(first.kind.group.clone(), first.kind.version.clone()),
            kind: first.kind.kind.clone(),
            definition,
        });
    }
    if name == "scale" {
        // The paths are not in the documents; Kubernetes' own kinds and most custom ones use these.
        subresource.scale = Some(kapi_model::ScalePaths {
            spec_replicas_path: ".spec.replicas".to_owned(),
            status_replicas_path: ".status.replicas".to_owned(),
            label_selector_path: None,
        });
    }
    if let Some(read) = operations.iter().find(|(_, o)| o.action == "get").map(|(_, o)| *o) {
        subresource.text_media_types =
            read.answer_media_types.iter().filter(|m| m.starts_with("text/")).cloned().collect();
        // A read's own query parameter is `pretty`; any other comes from an options kind.
        let query: Vec<QueryParameter> = read.query.iter().filter(|q| q.name != "pretty").cloned().collect();
        if !query.is_empty() {
            let upper: String = name[..1].to_uppercase() + &name[1..];
            let options_kind = GroupVersionKind {
                group: first.kind.group.clone(),
                version: first.kind.version.clone(),
                kind: format!("{kind}{upper}Options"),
            };
            let options_name = in_package(&options_kind.kind);
            options = Some((options_name.clone(), options_schema(&query, options_kind)));
            subresource.options = Some(options_name);
        }
    }
    Ok((subresource, options))
}

/// An options kind (`kind`) with a field per query parameter, typed and described as the parameter is.
fn options_schema(query: &[QueryParameter], kind: GroupVersionKind) -> SchemaNode {
    let mut object = SchemaObject::of_type(kapi_model::InstanceType::Object);
    object.kubernetes.group_version_kind.push(kind);
    for parameter in query {
        let instance_type = kapi_model::InstanceType::from_name(&parameter.param_type);
        // Query parameters carry no format; integers are Go's int64 in every options kind upstream has.
        let format = (instance_type == Some(kapi_model::InstanceType::Integer)).then(|| "int64".to_owned());
        let field = SchemaObject {
            instance_type,
            format,
            description: parameter.description.clone(),
            ..SchemaObject::default()
        };
        object.properties.insert(parameter.name.clone(), SchemaNode::inline(field));
    }
    SchemaNode::inline(object)
}

fn definition_of(kind: &GroupVersionKind, kinds: &BTreeMap<GroupVersionKind, DefName>) -> Option<DefName> {
    kinds.get(kind).cloned()
}

fn short_name(name: &str) -> &str {
    name.rsplit('.').next().unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_placed_in_kubernetes_url_layout() {
        let pods = place("/api/v1/namespaces/{namespace}/pods/{name}/proxy/{path}");
        assert_eq!(
            pods,
            Some(Place {
                group_version: GroupVersion::new("", "v1"),
                namespaced: true,
                plural: "pods".into(),
                subresource: Some("proxy".into()),
                subpath: true,
            })
        );
        let namespace = place("/api/v1/namespaces/{name}/status");
        assert_eq!(
            namespace.map(|p| (p.namespaced, p.plural, p.subresource)),
            Some((false, "namespaces".into(), Some("status".into())))
        );
        let watch = place("/apis/apps/v1/watch/namespaces/{namespace}/deployments");
        assert_eq!(watch.map(|p| (p.namespaced, p.plural)), Some((true, "deployments".into())));
        assert_eq!(place("/apis/apps/v1/"), None);
        assert_eq!(place("/version/"), None);
    }
}
