//! Builds a group-version's path items from its resources, as kube-apiserver installs them.

use std::borrow::Cow;
use std::collections::BTreeMap;

use kapi_model::{Conventions, DefName, GroupVersion, GroupVersionKind, ResourceMeta, Scope};

use kapi_model::{InstanceType, SchemaNode, Subresource};

use super::actions::{Action, Method, Target, actions_for_verbs, connect_actions, subresource_actions};
use super::item::{Body, Content, Operation, PathItem, Payload, Response, hoist};
use super::media::{ANY, CONNECT, CUSTOM_RESOURCE, CUSTOM_RESOURCE_PATCH, OBJECT, PATCH, STREAM, owned};
use super::naming::{OperationName, discovery_operation_id, operation_id, tag};
use super::parameters::{self, ParamType, Parameter};
use crate::error::Error;
use crate::infra::context::Context;
use crate::infra::profile::MetaRole;

/// `ctx` with every served group-version's path items, which both OpenAPI versions write.
pub(crate) fn with_operations(mut ctx: Context<'_>) -> Result<Context<'_>, Error> {
    let mut operations = BTreeMap::new();
    for group_version in &ctx.group_versions {
        operations.insert(group_version.clone(), build(&ctx, group_version)?);
    }
    ctx.operations = operations;
    Ok(ctx)
}

/// The path items of `group_version`, by path.
pub(crate) fn build(ctx: &Context<'_>, group_version: &GroupVersion) -> Result<BTreeMap<String, PathItem>, Error> {
    let routes = match ctx.group_version_conventions(group_version) {
        Conventions::Crd => Routes::CustomResources,
        Conventions::Kubernetes | Conventions::Lossless => Routes::BuiltIn,
    };
    let mut paths = Paths {
        ctx,
        group_version,
        prefix: format!("/{}", group_version.url_path()),
        tag: tag(group_version),
        routes,
        items: BTreeMap::new(),
    };
    if routes == Routes::BuiltIn {
        paths.discovery()?;
    }
    for resource in ctx.registry.resources_in(group_version) {
        paths.resource(resource)?;
    }
    Ok(paths.items.into_iter().map(|(path, operations)| (path, hoist(operations))).collect())
}

/// What an operation acts on: a resource, or one of its subresources.
struct Subject<'a> {
    resource: &'a ResourceMeta,
    /// The kind sent and returned (the subresource's own kind for scale).
    kind: GroupVersionKind,
    definition: DefName,
    subresource: Option<&'a str>,
    /// The query parameters of the subresource's options kind.
    options: Vec<Parameter>,
    /// Media types of a textual answer to a read, besides the object encodings.
    text_media_types: &'a [String],
}

/// Where an operation sits.
#[derive(Clone, Copy)]
struct Place {
    /// The path has a `{namespace}` segment.
    namespaced: bool,
    /// The path has a `{name}` segment.
    item: bool,
    all_namespaces: bool,
    /// The connect route with a trailing `{path}`.
    with_path: bool,
}

/// Which routes a group-version's resources get, as kube-apiserver installs them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Routes {
    /// A built-in API group's: every encoding, the verbs' actions, the deprecated `/watch/` paths and the
    /// group-version's resource list.
    BuiltIn,
    /// CustomResourceDefinitions' (apiextensions-apiserver's OpenAPI builder): JSON and YAML only, no `/watch/`
    /// paths, no resource list, and every operation of a subresource tagged with the parent's kind.
    CustomResources,
}

struct Paths<'a> {
    ctx: &'a Context<'a>,
    group_version: &'a GroupVersion,
    prefix: String,
    tag: String,
    routes: Routes,
    items: BTreeMap<String, BTreeMap<Method, Operation>>,
}

impl Paths<'_> {
    fn discovery(&mut self) -> Result<(), Error> {
        let list = self.ctx.meta(MetaRole::ApiResourceList)?.clone();
        let operation = Operation {
            id: discovery_operation_id(self.group_version),
            description: "List the resources this group-version serves.".to_owned(),
            tag: self.tag.clone(),
            action: None,
            kind: None,
            parameters: Vec::new(),
            body: None,
            responses: vec![ok(OBJECT, &list), unauthorized()],
        };
        self.insert(format!("{}/", self.prefix), Method::Get, operation)
    }

    fn resource(&mut self, resource: &ResourceMeta) -> Result<(), Error> {
        let from = || format!("resource `{}` in {}", resource.plural, self.group_version);
        let definition = self.ctx.require(&resource.definition, from)?.clone();
        let kind = gvk(self.group_version, &resource.kind);
        let subject =
            Subject { resource, kind, definition, subresource: None, options: Vec::new(), text_media_types: &[] };
        let namespaced = resource.scope == Scope::Namespaced;
        let namespace = if namespaced { "/namespaces/{namespace}" } else { "" };
        let (prefix, plural) = (self.prefix.clone(), &resource.plural);
        let mut actions = actions_for_verbs(&resource.verbs);
        if self.routes == Routes::CustomResources {
            actions.retain(|action| !matches!(action, Action::Watch | Action::WatchList));
        }
        for action in actions {
            let path = match action.target() {
                Target::Collection => format!("{prefix}{namespace}/{plural}"),
                Target::Item => format!("{prefix}{namespace}/{plural}/{{name}}"),
                Target::WatchCollection => format!("{prefix}/watch{namespace}/{plural}"),
                Target::WatchItem => format!("{prefix}/watch{namespace}/{plural}/{{name}}"),
            };
            let item = matches!(action.target(), Target::Item | Target::WatchItem);
            self.operation(
                action,
                &subject,
                Place { namespaced, item, all_namespaces: false, with_path: false },
                path,
            )?;
            // Namespaced collections can also be listed and watched across all namespaces.
            if namespaced && matches!(action, Action::List | Action::WatchList) {
                let watch = if action == Action::WatchList { "/watch" } else { "" };
                let place = Place { namespaced: false, item: false, all_namespaces: true, with_path: false };
                self.operation(action, &subject, place, format!("{prefix}{watch}/{plural}"))?;
            }
        }
        for subresource in &resource.subresources {
            self.subresource(&subject, subresource, format!("{prefix}{namespace}/{plural}/{{name}}"))?;
        }
        Ok(())
    }

    /// The operations of one subresource of `parent`'s resource, whose item path is `item_path`.
    fn subresource(&mut self, parent: &Subject<'_>, subresource: &Subresource, item_path: String) -> Result<(), Error> {
        let resource = parent.resource;
        let from = || format!("subresource `{}/{}` in {}", resource.plural, subresource.name, self.group_version);
        let (kind, definition) = match &subresource.kind {
            // The server tags a custom resource's scale operations with the custom resource's kind.
            Some(other) if self.routes == Routes::CustomResources => {
                (parent.kind.clone(), self.ctx.require(&other.definition, from)?.clone())
            }
            Some(other) => (gvk(&other.group_version, &other.kind), self.ctx.require(&other.definition, from)?.clone()),
            None => (parent.kind.clone(), parent.definition.clone()),
        };
        let options = match &subresource.options {
            Some(options) => self.option_parameters(self.ctx.require(options, from)?),
            None => Vec::new(),
        };
        let sub = Subject {
            resource,
            kind,
            definition,
            subresource: Some(&subresource.name),
            options,
            text_media_types: &subresource.text_media_types,
        };
        let namespaced = resource.scope == Scope::Namespaced;
        let place = Place { namespaced, item: true, all_namespaces: false, with_path: false };
        let path = format!("{item_path}/{}", subresource.name);
        let Some(connect) = &subresource.connect else {
            for action in subresource_actions(&subresource.verbs) {
                self.operation(action, &sub, place, path.clone())?;
            }
            return Ok(());
        };
        for action in connect_actions(&connect.methods) {
            self.operation(action, &sub, place, path.clone())?;
            if connect.subpath {
                self.operation(action, &sub, Place { with_path: true, ..place }, format!("{path}/{{path}}"))?;
            }
        }
        Ok(())
    }

    /// The query parameters an options kind's fields give, as kube-apiserver derives them: scalars and lists of
    /// scalars (typed as their items) become parameters; fields of a named type, and the type meta every kind
    /// carries (`apiVersion`, `kind`), do not.
    fn option_parameters(&self, options: &DefName) -> Vec<Parameter> {
        let Some(schema) = self.ctx.definitions().get(options) else { return Vec::new() };
        let param_type = |node: &SchemaNode| match node {
            SchemaNode::Inline(object) => match object.instance_type {
                Some(InstanceType::String) => Some(ParamType::String),
                Some(InstanceType::Boolean) => Some(ParamType::Boolean),
                Some(InstanceType::Integer) => Some(ParamType::Integer),
                _ => None,
            },
            SchemaNode::Ref(_) => None,
        };
        let properties =
            schema.keywords().properties.iter().filter(|(name, _)| !matches!(name.as_str(), "apiVersion" | "kind"));
        properties
            .filter_map(|(name, node)| {
                let keywords = node.keywords();
                let scalar = match (keywords.instance_type, &keywords.items) {
                    (Some(InstanceType::Array), Some(items)) => param_type(items),
                    _ => param_type(node),
                };
                let description = keywords.description.clone().unwrap_or_default();
                scalar.map(|scalar| Parameter::query(name.clone(), scalar, description))
            })
            .collect()
    }

    fn operation(&mut self, action: Action, subject: &Subject<'_>, place: Place, path: String) -> Result<(), Error> {
        let name = OperationName {
            action,
            kind: &subject.resource.kind,
            namespaced: place.namespaced,
            subresource: subject.subresource,
            all_namespaces: place.all_namespaces,
            with_path: place.with_path,
        };
        let (body, responses) = match self.routes {
            Routes::BuiltIn => self.exchange(action, subject)?,
            Routes::CustomResources => self.custom_resource_exchange(action, subject)?,
        };
        let described_kind =
            if matches!(action, Action::Connect(_)) { &subject.resource.kind } else { &subject.kind.kind };
        let parameters = match action {
            // A connect speaks its options kind, but its path names the parent object.
            Action::Connect(_) => {
                let options = subject.options.clone();
                parameters::for_connect(&subject.resource.kind, place.namespaced, place.with_path, options)
            }
            Action::Get if self.routes == Routes::CustomResources => {
                parameters::for_custom_resource_get(&subject.kind.kind, place.namespaced)
            }
            // The server takes a custom resource collection's delete options from the list options alone.
            Action::DeleteCollection if self.routes == Routes::CustomResources => {
                parameters::for_action(Action::List, &subject.kind.kind, place.namespaced, place.item)
            }
            _ => {
                let mut parameters = parameters::for_action(action, &subject.kind.kind, place.namespaced, place.item);
                parameters.extend(subject.options.iter().cloned());
                parameters::sorted(parameters)
            }
        };
        let operation = Operation {
            id: operation_id(self.group_version, name),
            description: describe(action, described_kind, subject.subresource),
            tag: self.tag.clone(),
            action: Some(action),
            kind: Some(subject.kind.clone()),
            parameters,
            body,
            responses,
        };
        self.insert(path, action.method(), operation)
    }

    /// The request body and responses of `action`.
    fn exchange(&self, action: Action, subject: &Subject<'_>) -> Result<(Option<Body>, Vec<Response>), Error> {
        let object = &subject.definition;
        let body = |media, schema: &DefName, required| Some(Body { media, schema: schema.clone(), required });
        let (body, mut responses) = match action {
            Action::Get if !subject.text_media_types.is_empty() => {
                let mut media = owned(OBJECT);
                media.extend(subject.text_media_types.iter().map(|m| Cow::Owned(m.clone())));
                media.sort();
                media.dedup();
                (
                    None,
                    vec![Response {
                        code: 200,
                        description: "OK",
                        content: Some(Content { media, schema: Payload::Text }),
                    }],
                )
            }
            Action::Get => (None, vec![ok(OBJECT, object)]),
            Action::Connect(_) => {
                let content = Content { media: owned(CONNECT), schema: Payload::Text };
                (None, vec![Response { code: 200, description: "OK", content: Some(content) }])
            }
            Action::List => (None, vec![ok(STREAM, self.list_definition(subject.resource)?)]),
            Action::Watch | Action::WatchList => (None, vec![ok(STREAM, self.ctx.meta(MetaRole::WatchEvent)?)]),
            Action::Post => (body(ANY, object, true), vec![ok(OBJECT, object), created(object), accepted(object)]),
            Action::Put => (body(ANY, object, true), vec![ok(OBJECT, object), created(object)]),
            Action::Patch => {
                (body(PATCH, self.ctx.meta(MetaRole::Patch)?, true), vec![ok(OBJECT, object), created(object)])
            }
            Action::Delete => {
                let returned =
                    if subject.resource.delete_returns_object { object } else { self.ctx.meta(MetaRole::Status)? };
                let options = self.ctx.meta(MetaRole::DeleteOptions)?;
                (body(ANY, options, false), vec![ok(OBJECT, returned), accepted(returned)])
            }
            Action::DeleteCollection => {
                let options = self.ctx.meta(MetaRole::DeleteOptions)?;
                (body(ANY, options, false), vec![ok(OBJECT, self.ctx.meta(MetaRole::Status)?)])
            }
        };
        responses.push(unauthorized());
        Ok((body, responses))
    }

    /// The request body and responses of `action` on a custom resource, as the server's CRD routes declare them.
    fn custom_resource_exchange(
        &self,
        action: Action,
        subject: &Subject<'_>,
    ) -> Result<(Option<Body>, Vec<Response>), Error> {
        let object = &subject.definition;
        let media = CUSTOM_RESOURCE;
        let body = |media, schema: &DefName, required| Some(Body { media, schema: schema.clone(), required });
        let (body, mut responses) = match action {
            Action::List => (None, vec![ok(media, self.list_definition(subject.resource)?)]),
            Action::Post => (
                body(media, object, true),
                vec![ok(media, object), object_response(201, "Created", media, object), accepted_as(media, object)],
            ),
            Action::Put => {
                (body(media, object, true), vec![ok(media, object), object_response(201, "Created", media, object)])
            }
            Action::Patch => {
                (body(CUSTOM_RESOURCE_PATCH, self.ctx.meta(MetaRole::Patch)?, true), vec![ok(media, object)])
            }
            Action::Delete => {
                let status = self.ctx.meta(MetaRole::Status)?;
                let options = self.ctx.meta(MetaRole::DeleteOptions)?;
                (body(media, options, false), vec![ok(media, status), accepted_as(media, status)])
            }
            Action::DeleteCollection => (None, vec![ok(media, self.ctx.meta(MetaRole::Status)?)]),
            Action::Get | Action::Watch | Action::WatchList | Action::Connect(_) => (None, vec![ok(media, object)]),
        };
        responses.push(unauthorized());
        Ok((body, responses))
    }

    fn list_definition<'r>(&self, resource: &'r ResourceMeta) -> Result<&'r DefName, Error> {
        let group_version = self.group_version.to_string();
        let list = resource.list_definition.as_ref();
        let list = list.ok_or_else(|| Error::missing_list_definition(&resource.plural, &group_version))?;
        self.ctx.require(list, || format!("the list kind of resource `{}` in {group_version}", resource.plural))
    }

    fn insert(&mut self, path: String, method: Method, operation: Operation) -> Result<(), Error> {
        let operations = self.items.entry(path.clone()).or_default();
        if operations.insert(method, operation).is_some() {
            return Err(Error::duplicate_operation(&path, method.as_str()));
        }
        Ok(())
    }
}

/// Our wording for each operation (upstream's texts are not reused; only their presence matters).
fn describe(action: Action, kind: &str, subresource: Option<&str>) -> String {
    if let Some(sub) = subresource {
        return match action {
            Action::Get => format!("Read the {sub} of one {kind}."),
            Action::Put => format!("Replace the {sub} of one {kind}."),
            Action::Patch => format!("Patch the {sub} of one {kind}."),
            Action::Connect(method) => {
                format!("Connect to the {sub} of one {kind} with {}.", method.as_str().to_uppercase())
            }
            _ => format!("Create the {sub} of a {kind}."),
        };
    }
    match action {
        Action::Get => format!("Read one {kind}."),
        Action::List => format!("List {kind} objects, or watch them with `watch=true`."),
        Action::Watch => format!(
            "Watch one {kind} for changes. Deprecated: list with `watch=true` and a `metadata.name` field selector instead."
        ),
        Action::WatchList => format!("Watch {kind} objects for changes. Deprecated: list with `watch=true` instead."),
        Action::Post => format!("Create a {kind}."),
        Action::Put => format!("Replace one {kind}."),
        Action::Patch => format!("Patch one {kind}."),
        Action::Delete => format!("Delete one {kind}."),
        Action::DeleteCollection => format!("Delete every {kind} the selectors match."),
        Action::Connect(method) => format!("Connect to one {kind} with {}.", method.as_str().to_uppercase()),
    }
}

fn gvk(group_version: &GroupVersion, kind: &str) -> GroupVersionKind {
    GroupVersionKind {
        group: group_version.group.clone(),
        version: group_version.version.clone(),
        kind: kind.to_owned(),
    }
}

fn object_response(code: u16, description: &'static str, media: &[&'static str], schema: &DefName) -> Response {
    Response {
        code,
        description,
        content: Some(Content { media: owned(media), schema: Payload::Object(schema.clone()) }),
    }
}

fn ok(media: &[&'static str], schema: &DefName) -> Response {
    object_response(200, "OK", media, schema)
}

fn created(schema: &DefName) -> Response {
    object_response(201, "Created", OBJECT, schema)
}

fn accepted(schema: &DefName) -> Response {
    accepted_as(OBJECT, schema)
}

fn accepted_as(media: &[&'static str], schema: &DefName) -> Response {
    object_response(202, "Accepted", media, schema)
}

fn unauthorized() -> Response {
    Response { code: 401, description: "Unauthorized", content: None }
}
