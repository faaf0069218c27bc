//! Verbs to actions: which REST actions (and so which operations) a resource's verbs give, as kube-apiserver
//! installs them. Knows nothing of paths or documents, so the runtime can share it.

use std::collections::BTreeSet;

/// An HTTP method an operation is served on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Method {
    Get,
    Put,
    Post,
    Delete,
    Patch,
    Head,
    Options,
}

impl Method {
    /// The lower-case key of the operation in a path item.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Get => "get",
            Self::Put => "put",
            Self::Post => "post",
            Self::Delete => "delete",
            Self::Patch => "patch",
            Self::Head => "head",
            Self::Options => "options",
        }
    }

    /// The method an upper-case HTTP method name (`GET`) stands for.
    pub fn from_http(name: &str) -> Option<Self> {
        Some(match name {
            "GET" => Self::Get,
            "PUT" => Self::Put,
            "POST" => Self::Post,
            "DELETE" => Self::Delete,
            "PATCH" => Self::Patch,
            "HEAD" => Self::Head,
            "OPTIONS" => Self::Options,
            _ => return None,
        })
    }
}

/// A REST action, named as in `x-kubernetes-action`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Read one object.
    Get,
    /// List (or watch, with `?watch=true`) a collection.
    List,
    /// The deprecated watch of one object under `/watch/`.
    Watch,
    /// The deprecated watch of a collection under `/watch/`.
    WatchList,
    /// Create an object.
    Post,
    /// Replace an object.
    Put,
    /// Patch an object.
    Patch,
    /// Delete an object.
    Delete,
    /// Delete the objects a selector matches.
    DeleteCollection,
    /// Open a stream to, or proxy a request through, an object with this method (`exec`, `proxy`).
    Connect(Method),
}

/// Where an action is served relative to a resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// `.../<plural>`
    Collection,
    /// `.../<plural>/{name}`
    Item,
    /// `.../watch/.../<plural>`
    WatchCollection,
    /// `.../watch/.../<plural>/{name}`
    WatchItem,
}

impl Action {
    /// The `x-kubernetes-action` value.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Get => "get",
            Self::List => "list",
            Self::Watch => "watch",
            Self::WatchList => "watchlist",
            Self::Post => "post",
            Self::Put => "put",
            Self::Patch => "patch",
            Self::Delete => "delete",
            Self::DeleteCollection => "deletecollection",
            Self::Connect(_) => "connect",
        }
    }

    /// The HTTP method.
    pub fn method(self) -> Method {
        match self {
            Self::Get | Self::List | Self::Watch | Self::WatchList => Method::Get,
            Self::Post => Method::Post,
            Self::Put => Method::Put,
            Self::Patch => Method::Patch,
            Self::Delete | Self::DeleteCollection => Method::Delete,
            Self::Connect(method) => method,
        }
    }

    /// The verb an operationId starts with (a connect's method follows the group-version: `connectCoreV1Get...`).
    pub fn operation_verb(self) -> &'static str {
        match self {
            Self::Get => "read",
            Self::List => "list",
            Self::Watch | Self::WatchList => "watch",
            Self::Post => "create",
            Self::Put => "replace",
            Self::Patch => "patch",
            Self::Delete | Self::DeleteCollection => "delete",
            Self::Connect(_) => "connect",
        }
    }

    /// Where the action is served for a top-level resource.
    pub fn target(self) -> Target {
        match self {
            Self::List | Self::Post | Self::DeleteCollection => Target::Collection,
            Self::Get | Self::Put | Self::Patch | Self::Delete | Self::Connect(_) => Target::Item,
            Self::WatchList => Target::WatchCollection,
            Self::Watch => Target::WatchItem,
        }
    }
}

/// The actions a resource's verbs give: `get`, `list`, `create`, `update`, `patch`, `delete` and
/// `deletecollection` one each; `watch` the item watch, plus the collection watch when `list` is there too.
/// Unknown verbs give nothing.
pub fn actions_for_verbs<S: AsRef<str>>(verbs: &[S]) -> BTreeSet<Action> {
    let has = |wanted: &str| verbs.iter().any(|verb| verb.as_ref() == wanted);
    let mut actions = BTreeSet::new();
    for verb in verbs {
        let action = match verb.as_ref() {
            "get" => Action::Get,
            "list" => Action::List,
            "create" => Action::Post,
            "update" => Action::Put,
            "patch" => Action::Patch,
            "delete" => Action::Delete,
            "deletecollection" => Action::DeleteCollection,
            "watch" => {
                if has("list") {
                    actions.insert(Action::WatchList);
                }
                Action::Watch
            }
            _ => continue,
        };
        actions.insert(action);
    }
    actions
}

/// The connect actions of a connect subresource's HTTP methods (upper-case names); unknown methods give nothing.
pub fn connect_actions<S: AsRef<str>>(methods: &[S]) -> BTreeSet<Action> {
    methods.iter().filter_map(|method| Method::from_http(method.as_ref())).map(Action::Connect).collect()
}

/// The actions a subresource's verbs give; a subresource has one path, so only single-object actions apply.
pub fn subresource_actions<S: AsRef<str>>(verbs: &[S]) -> BTreeSet<Action> {
    let keep = |action: &Action| matches!(action, Action::Get | Action::Put | Action::Patch | Action::Post);
    actions_for_verbs(verbs).into_iter().filter(keep).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn watch_gives_the_item_watch_and_with_list_the_collection_watch() {
        let all =
            actions_for_verbs(&["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"]);
        assert_eq!(all.len(), 9);
        let watch_only = actions_for_verbs(&["watch", "bogus"]);
        assert_eq!(watch_only.into_iter().collect::<Vec<_>>(), [Action::Watch]);
        assert_eq!(Action::WatchList.method(), Method::Get);
        assert_eq!(Action::DeleteCollection.operation_verb(), "delete");
    }

    #[test]
    fn subresources_get_single_object_actions() {
        let status = subresource_actions(&["get", "patch", "update", "list"]);
        assert_eq!(status.into_iter().collect::<Vec<_>>(), [Action::Get, Action::Put, Action::Patch]);
    }

    #[test]
    fn connect_methods_give_connect_actions_named_after_the_method() {
        let actions: Vec<Action> = connect_actions(&["POST", "GET", "HEAD", "TRACE"]).into_iter().collect();
        assert_eq!(
            actions,
            [Action::Connect(Method::Get), Action::Connect(Method::Post), Action::Connect(Method::Head)]
        );
        let head = Action::Connect(Method::Head);
        assert_eq!((head.as_str(), head.method().as_str(), head.operation_verb()), ("connect", "head", "connect"));
        assert_eq!(head.target(), Target::Item);
    }
}
