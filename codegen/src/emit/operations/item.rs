//! Path items and operations as typed values, before either OpenAPI version writes them.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

use kapi_model::{DefName, GroupVersionKind};

use super::actions::{Action, Method};
use super::parameters::Parameter;

/// The operations served on one URL path, with the parameters all of them share hoisted.
#[derive(Debug, Clone, PartialEq, Hash)]
pub(crate) struct PathItem {
    /// Parameters every operation takes, sorted by name.
    pub parameters: Vec<Parameter>,
    pub operations: BTreeMap<Method, Operation>,
}

/// One operation.
#[derive(Debug, Clone, PartialEq, Hash)]
pub(crate) struct Operation {
    pub id: String,
    pub description: String,
    pub tag: String,
    /// `None` for discovery.
    pub action: Option<Action>,
    /// The kind of the body (`None` for discovery).
    pub kind: Option<GroupVersionKind>,
    /// The parameters not hoisted to the path item, sorted by name.
    pub parameters: Vec<Parameter>,
    pub body: Option<Body>,
    pub responses: Vec<Response>,
}

/// A request body.
#[derive(Debug, Clone, PartialEq, Hash)]
pub(crate) struct Body {
    pub media: &'static [&'static str],
    pub schema: DefName,
    pub required: bool,
}

/// A response by status code.
#[derive(Debug, Clone, PartialEq, Hash)]
pub(crate) struct Response {
    pub code: u16,
    pub description: &'static str,
    pub content: Option<Content>,
}

/// What a response carries.
#[derive(Debug, Clone, PartialEq, Hash)]
pub(crate) struct Content {
    /// The media types, sorted; mostly the fixed sets of [`super::media`], borrowed, as in a large API there are
    /// hundreds of thousands of responses.
    pub media: Vec<Cow<'static, str>>,
    pub schema: Payload,
}

/// The schema of a response.
#[derive(Debug, Clone, PartialEq, Hash)]
pub(crate) enum Payload {
    /// An object of a definition.
    Object(DefName),
    /// Text or a byte stream (a log, a connection), written as `{type: string}`.
    Text,
}

impl Payload {
    /// The definition of an object payload.
    pub fn definition(&self) -> Option<&DefName> {
        match self {
            Self::Object(name) => Some(name),
            Self::Text => None,
        }
    }
}

/// Every definition the operations refer to, each with where it is used (for error messages).
pub(crate) fn referenced(items: &BTreeMap<String, PathItem>) -> BTreeMap<DefName, String> {
    let mut found = BTreeMap::new();
    for (path, item) in items {
        for operation in item.operations.values() {
            let bodies = operation.body.iter().map(|body| &body.schema);
            let contents = operation.responses.iter().filter_map(|r| r.content.as_ref());
            let responses = contents.filter_map(|c| c.schema.definition());
            for name in bodies.chain(responses) {
                found.entry(name.clone()).or_insert_with(|| format!("operation `{}` on `{path}`", operation.id));
            }
        }
    }
    found
}

/// Moves the parameters every operation of a path item has (identically) to the path item.
pub(crate) fn hoist(operations: BTreeMap<Method, Operation>) -> PathItem {
    let mut shared: Vec<Parameter> = operations.values().next().map(|op| op.parameters.clone()).unwrap_or_default();
    shared.retain(|parameter| operations.values().all(|op| op.parameters.contains(parameter)));
    let names: BTreeSet<(&str, &str)> = shared.iter().map(|p| (&*p.name, p.location.as_str())).collect();
    let operations = operations
        .into_iter()
        .map(|(method, mut op)| {
            op.parameters.retain(|p| !names.contains(&(&*p.name, p.location.as_str())));
            (method, op)
        })
        .collect();
    PathItem { parameters: shared, operations }
}
