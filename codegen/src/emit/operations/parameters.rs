//! The query and path parameters of each action, with our own descriptions.

use std::borrow::Cow;

use super::actions::Action;

/// Where a parameter goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Location {
    Path,
    Query,
}

impl Location {
    /// The `in` value.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Path => "path",
            Self::Query => "query",
        }
    }
}

/// A parameter's scalar type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum ParamType {
    String,
    Boolean,
    Integer,
}

impl ParamType {
    /// The `type` value.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::String => "string",
            Self::Boolean => "boolean",
            Self::Integer => "integer",
        }
    }
}

/// One non-body parameter.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Parameter {
    /// Names and descriptions are mostly the tables' own (below): every group-version's paths hold the same few
    /// dozen parameters, a quarter of a million of them at 3 000 groups.
    pub name: Cow<'static, str>,
    pub location: Location,
    pub param_type: ParamType,
    pub description: Cow<'static, str>,
    /// Only path parameters are required.
    pub required: bool,
}

impl Parameter {
    /// An optional query parameter.
    pub fn query(
        name: impl Into<Cow<'static, str>>,
        param_type: ParamType,
        description: impl Into<Cow<'static, str>>,
    ) -> Self {
        let (name, description) = (name.into(), description.into());
        Self { name, location: Location::Query, param_type, description, required: false }
    }

    fn path(name: &'static str, description: impl Into<Cow<'static, str>>) -> Self {
        Self {
            name: Cow::Borrowed(name),
            location: Location::Path,
            param_type: ParamType::String,
            description: description.into(),
            required: true,
        }
    }
}

use ParamType::{Boolean, Integer, String as Text};

/// List options, in the order the sets below are built from.
const LIST: &[(&str, ParamType, &str)] = &[
    (
        "allowWatchBookmarks",
        Boolean,
        "Ask for BOOKMARK events while watching. Servers may ignore it and choose when to send them; unused unless watching.",
    ),
    (
        "continue",
        Text,
        "The token a previous page's list metadata returned, to fetch the next page. Tokens expire (the server then answers 410 Gone); unused with watch.",
    ),
    ("fieldSelector", Text, "Only objects whose fields match this selector; an empty selector matches everything."),
    ("labelSelector", Text, "Only objects whose labels match this selector; an empty selector matches everything."),
    (
        "limit",
        Integer,
        "The most items one response may hold; when more remain, the list metadata carries a `continue` token for the rest. Unused with watch.",
    ),
    (
        "resourceVersion",
        Text,
        "Which resource version the request may be served from; the API concepts documentation explains the choices. Unset by default.",
    ),
    (
        "resourceVersionMatch",
        Text,
        "How `resourceVersion` applies to a list (`Exact` or `NotOlderThan`); set it whenever `resourceVersion` is set.",
    ),
    (
        "sendInitialEvents",
        Boolean,
        "With `watch=true`: begin the stream with synthetic events for the existing objects, then a bookmark marking the end of that initial state. Needs `resourceVersionMatch`.",
    ),
    ("timeoutSeconds", Integer, "End the list or watch call after this many seconds, active or not."),
    (
        "watch",
        Boolean,
        "Stream add, update and delete notifications for the selected objects instead of returning them once.",
    ),
];

/// Options of a delete.
const DELETE: &[(&str, ParamType, &str)] = &[
    ("dryRun", Text, DRY_RUN),
    (
        "gracePeriodSeconds",
        Integer,
        "Seconds to wait before deleting; zero deletes at once and unset uses the type's default.",
    ),
    (
        "ignoreStoreReadErrorWithClusterBreakingPotential",
        Boolean,
        "Delete an object that cannot be read back from storage (it fails to decrypt or decode), skipping finalizers and preconditions. Unsafe; off by default.",
    ),
    (
        "orphanDependents",
        Boolean,
        "Deprecated, use `propagationPolicy`: whether dependents are orphaned instead of deleted. Set at most one of the two.",
    ),
    (
        "propagationPolicy",
        Text,
        "How dependents are garbage-collected: `Orphan`, `Background` or `Foreground`. Set at most one of this and `orphanDependents`.",
    ),
];

const DRY_RUN: &str = "Run validation and admission but persist nothing. The only value is `All`.";
const FIELD_VALIDATION: &str =
    "What to do with unknown or duplicated fields in the body: `Ignore`, `Warn` or `Strict`.";
const PRETTY: &str = "Indent the response for people when `true`.";

/// The parameters of `action` on a path, sorted by name. `item` says the path names one object.
pub(crate) fn for_action(action: Action, kind: &str, namespaced: bool, item: bool) -> Vec<Parameter> {
    let mut parameters = vec![Parameter::query("pretty", Text, PRETTY)];
    if namespaced {
        parameters.push(Parameter::path("namespace", "The namespace the object lives in.".to_owned()));
    }
    if item {
        parameters.push(Parameter::path("name", format!("The {kind}'s name.")));
    }
    let from = |table: &'static [(&'static str, ParamType, &'static str)]| {
        table.iter().map(|(name, param_type, text)| Parameter::query(*name, *param_type, *text)).collect::<Vec<_>>()
    };
    match action {
        Action::Get | Action::Connect(_) => {}
        Action::List | Action::Watch | Action::WatchList => parameters.extend(from(LIST)),
        Action::DeleteCollection => {
            // A collection delete pages through the selection but never watches it.
            let list = from(LIST).into_iter().filter(|p| !matches!(&*p.name, "allowWatchBookmarks" | "watch"));
            parameters.extend(list.chain(from(DELETE)));
        }
        Action::Delete => parameters.extend(from(DELETE)),
        Action::Post | Action::Put | Action::Patch => parameters.extend(write_options(action)),
    }
    sorted(parameters)
}

/// The parameters of a read of a custom resource: the server derives them from every field of its get options, so
/// `resourceVersion` is one.
pub(crate) fn for_custom_resource_get(kind: &str, namespaced: bool) -> Vec<Parameter> {
    let mut parameters = for_action(Action::Get, kind, namespaced, true);
    let rows = LIST.iter().filter(|(name, ..)| *name == "resourceVersion");
    parameters.extend(rows.map(|(name, param_type, text)| Parameter::query(*name, *param_type, *text)));
    sorted(parameters)
}

/// The parameters of a connect action: the path's, the query parameters of its options kind (`options`) and, on
/// the route with a trailing path, that path. A connect answers with a stream, so `pretty` means nothing to it.
pub(crate) fn for_connect(kind: &str, namespaced: bool, with_path: bool, options: Vec<Parameter>) -> Vec<Parameter> {
    let mut parameters = options;
    if namespaced {
        parameters.push(Parameter::path("namespace", "The namespace the object lives in.".to_owned()));
    }
    parameters.push(Parameter::path("name", format!("The {kind}'s name.")));
    if with_path {
        parameters.push(Parameter::path("path", "The path the request is passed on to.".to_owned()));
    }
    sorted(parameters)
}

/// By name, then path before query (a connect route can have both a path and a query parameter called `path`).
pub(crate) fn sorted(mut parameters: Vec<Parameter>) -> Vec<Parameter> {
    parameters.sort_by(|a, b| a.name.cmp(&b.name).then_with(|| a.location.as_str().cmp(b.location.as_str())));
    parameters
}

fn write_options(action: Action) -> Vec<Parameter> {
    let manager = if action == Action::Patch {
        "Who makes this change, recorded in managed fields (at most 128 printable characters). Required for apply patches, optional for the others."
    } else {
        "Who makes this change, recorded in managed fields (at most 128 printable characters)."
    };
    let mut options = vec![
        Parameter::query("dryRun", Text, DRY_RUN),
        Parameter::query("fieldManager", Text, manager),
        Parameter::query("fieldValidation", Text, FIELD_VALIDATION),
    ];
    if action == Action::Patch {
        let force = "For apply patches: take over fields other managers own instead of failing on the conflict. Leave unset for other patch types.";
        options.push(Parameter::query("force", Boolean, force));
    }
    options
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(parameters: &[Parameter]) -> Vec<&str> {
        parameters.iter().map(|p| &*p.name).collect()
    }

    #[test]
    fn delete_collection_takes_list_and_delete_options_but_not_watch() {
        let parameters = for_action(Action::DeleteCollection, "Lease", true, false);
        let expected = [
            "continue",
            "dryRun",
            "fieldSelector",
            "gracePeriodSeconds",
            "ignoreStoreReadErrorWithClusterBreakingPotential",
            "labelSelector",
            "limit",
            "namespace",
            "orphanDependents",
            "pretty",
            "propagationPolicy",
            "resourceVersion",
            "resourceVersionMatch",
            "sendInitialEvents",
            "timeoutSeconds",
        ];
        assert_eq!(names(&parameters), expected);
        assert!(parameters.iter().all(|p| p.required == (p.location == Location::Path)));
    }

    #[test]
    fn patch_adds_force_and_items_add_a_required_name() {
        let parameters = for_action(Action::Patch, "Lease", false, true);
        assert_eq!(names(&parameters), ["dryRun", "fieldManager", "fieldValidation", "force", "name", "pretty"]);
        assert!(parameters.iter().find(|p| p.name == "name").is_some_and(|p| p.required));
    }

    #[test]
    fn connect_takes_its_options_and_no_pretty() {
        let options = vec![Parameter::query("path", Text, "where to"), Parameter::query("container", Text, "which")];
        let parameters = for_connect("Pod", true, true, options);
        assert_eq!(names(&parameters), ["container", "name", "namespace", "path", "path"]);
        assert_eq!(parameters[3].location, Location::Path);
        assert_eq!(parameters[4].location, Location::Query);
    }
}
