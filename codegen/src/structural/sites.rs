//! Lists every schema node of a CRD schema with what the rules need to know about where it sits: structural nodes
//! (reached through properties, items and additionalProperties) and nested nodes (inside allOf, anyOf, oneOf and
//! not), each with its location. Rule families then look at one site at a time.

use crate::structural::node::{Additional, JUNCTOR_LISTS, META_FIELDS, Node, key};
use crate::structural::violation::Location;

/// How a structural node is reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Level {
    /// The custom resource itself.
    Root,
    /// List items.
    Item,
    /// A property or an additionalProperties value.
    Field,
}

/// A step from an embedded resource down to a node inside its apiVersion, kind or metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum MetaStep {
    /// Into property `name`.
    Property(String),
    /// Into list items.
    Item,
}

/// What the rules know about a structural node's surroundings.
#[derive(Debug, Clone)]
pub(super) struct Structural {
    /// How the node is reached.
    pub level: Level,
    /// Inside the apiVersion, kind or metadata of the root or of an embedded resource.
    pub in_resource_meta: bool,
    /// Why a default here is forbidden, if it is: `in top-level metadata`.
    pub defaults_forbidden: Option<String>,
    /// The path from the nearest embedded resource, when the node is inside that resource's apiVersion, kind or
    /// metadata (defaults there are checked as metadata of the surrounding resource).
    pub meta_path: Option<Vec<MetaStep>>,
    /// The field path of the nearest enclosing list whose items cannot be matched between an old and a new object
    /// (any list but a map list): transition rules (`oldSelf`) cannot work below it.
    pub uncorrelatable: Option<String>,
}

/// Whether a nested node's properties and items are declared in the structural part.
#[derive(Debug, Clone, Copy)]
pub(super) enum Counterpart<'a> {
    /// The structural node at the same place.
    Declared(Node<'a>),
    /// Nothing is declared at the same place: this nested node is the one to report.
    Undeclared,
    /// An ancestor was already undeclared (or the place cannot be declared): nothing more to report.
    Unchecked,
}

/// What the rules know about a node inside a junctor.
#[derive(Debug, Clone, Copy)]
pub(super) struct Nested<'a> {
    /// The structural node describing the same data.
    pub counterpart: Counterpart<'a>,
    /// A branch of the int-or-string `anyOf` pattern, which may carry a type.
    pub int_or_string_branch: bool,
}

/// Whether a node is structural or nested, with the matching context.
#[derive(Debug, Clone)]
pub(super) enum Role<'a> {
    /// Reached through properties, items and additionalProperties only.
    Structural(Structural),
    /// Inside allOf, anyOf, oneOf or not.
    Nested(Nested<'a>),
}

/// One node to check.
#[derive(Debug, Clone)]
pub(super) struct Site<'a> {
    /// The node.
    pub node: Node<'a>,
    /// Where it is.
    pub at: Location,
    /// Structural or nested, with context.
    pub role: Role<'a>,
}

impl Site<'_> {
    /// The structural context, for structural nodes.
    pub fn structural(&self) -> Option<&Structural> {
        match &self.role {
            Role::Structural(context) => Some(context),
            Role::Nested(_) => None,
        }
    }

    /// Whether the node is a resource: the root or an embedded resource.
    pub fn is_resource(&self) -> bool {
        self.structural().is_some_and(|context| context.level == Level::Root) || self.node.embedded_resource()
    }
}

/// Every site of `root`, parents before children.
pub(super) fn collect(root: Node<'_>) -> Vec<Site<'_>> {
    let context = Structural {
        level: Level::Root,
        in_resource_meta: false,
        defaults_forbidden: None,
        meta_path: None,
        uncorrelatable: None,
    };
    let mut sites = Vec::new();
    structural(root, Location::default(), context, &mut sites);
    sites
}

fn structural<'a>(node: Node<'a>, at: Location, context: Structural, sites: &mut Vec<Site<'a>>) {
    sites.push(Site { node, at: at.clone(), role: Role::Structural(context.clone()) });
    let resource = context.level == Level::Root || node.embedded_resource();
    for (name, child) in node.properties() {
        let child_context = property_context(&context, resource, context.level == Level::Root, name);
        structural(child, at.property(name), child_context, sites);
    }
    if let Some(items) = node.items() {
        let mut child_context = Structural { level: Level::Item, ..context.clone() };
        child_context.meta_path = extended(&context.meta_path, resource, MetaStep::Item);
        if node.str(key::LIST_TYPE) != Some("map") {
            child_context.uncorrelatable.get_or_insert_with(|| at.subject());
        }
        structural(items, at.items(), child_context, sites);
    }
    if let Additional::Schema(values) = node.additional() {
        let mut child_context = Structural { level: Level::Field, meta_path: None, ..context.clone() };
        if context.in_resource_meta {
            // A default for map values inside metadata could only be pruned against values that do not exist yet.
            let reason = "inside additionalProperties applying to object metadata";
            child_context.defaults_forbidden.get_or_insert_with(|| reason.to_owned());
        }
        structural(values, at.additional(), child_context, sites);
    }
    junctors(node, &at, Counterpart::Declared(node), true, sites);
}

fn property_context(parent: &Structural, resource: bool, root: bool, name: &str) -> Structural {
    let mut context = Structural { level: Level::Field, ..parent.clone() };
    let meta_field = resource && META_FIELDS.contains(&name);
    if meta_field {
        context.in_resource_meta = true;
        if root {
            context.defaults_forbidden.get_or_insert_with(|| format!("in top-level {name}"));
        }
    }
    context.meta_path = if resource {
        meta_field.then(|| vec![MetaStep::Property(name.to_owned())])
    } else {
        extended(&parent.meta_path, false, MetaStep::Property(name.to_owned()))
    };
    context
}

/// The parent's meta path one step longer, unless the parent is a resource (whose own meta starts afresh).
fn extended(path: &Option<Vec<MetaStep>>, resource: bool, step: MetaStep) -> Option<Vec<MetaStep>> {
    if resource {
        return None;
    }
    path.as_ref().map(|path| path.iter().cloned().chain([step]).collect())
}

/// The junctor branches of `node` (structural or nested), all describing the data `counterpart` describes.
/// `pattern_allowed` says whether the int-or-string `anyOf` pattern is recognised here: on a structural node for
/// its own `anyOf` and for the `anyOf` of its first `allOf` branch.
fn junctors<'a>(
    node: Node<'a>,
    at: &Location,
    counterpart: Counterpart<'a>,
    pattern_allowed: bool,
    sites: &mut Vec<Site<'a>>,
) {
    let typed_branches = pattern_allowed && node.has_int_or_string_any_of();
    for junctor in JUNCTOR_LISTS {
        for (index, branch) in node.branches(junctor) {
            let int_or_string_branch = junctor == key::ANY_OF && typed_branches;
            let context = Nested { counterpart, int_or_string_branch };
            // Kubernetes also accepts the pattern as the first allOf branch's anyOf.
            let first_all_of = pattern_allowed && junctor == key::ALL_OF && index == 0;
            nested(branch, at.branch(junctor, Some(index)), context, first_all_of, sites);
        }
    }
    if let Some(not) = node.not() {
        let context = Nested { counterpart, int_or_string_branch: false };
        nested(not, at.branch(key::NOT, None), context, false, sites);
    }
}

fn nested<'a>(node: Node<'a>, at: Location, context: Nested<'a>, pattern_allowed: bool, sites: &mut Vec<Site<'a>>) {
    sites.push(Site { node, at: at.clone(), role: Role::Nested(context) });
    junctors(node, &at, context.counterpart, pattern_allowed, sites);
    for (name, child) in node.properties() {
        let counterpart = descend(context.counterpart, |declared| declared.property(name));
        nested(child, at.property(name), Nested { counterpart, int_or_string_branch: false }, false, sites);
    }
    if let Some(items) = node.items() {
        let counterpart = descend(context.counterpart, Node::items);
        nested(items, at.items(), Nested { counterpart, int_or_string_branch: false }, false, sites);
    }
    if let Additional::Schema(values) = node.additional() {
        // additionalProperties is itself forbidden in a junctor; its content is still checked for shape.
        let context = Nested { counterpart: Counterpart::Unchecked, int_or_string_branch: false };
        nested(values, at.additional(), context, false, sites);
    }
}

fn descend<'a>(counterpart: Counterpart<'a>, step: impl FnOnce(Node<'a>) -> Option<Node<'a>>) -> Counterpart<'a> {
    match counterpart {
        Counterpart::Declared(node) => step(node).map_or(Counterpart::Undeclared, Counterpart::Declared),
        Counterpart::Undeclared | Counterpart::Unchecked => Counterpart::Unchecked,
    }
}
