//! Where a value's size estimate comes from, as cel-go's checker tracks it: a value read along a path from a
//! variable is sized by the schema node at the end of the path (through the API server's size estimator); a value
//! the expression builds has a size the expression tells (literals, concatenations, some functions' results); any
//! other is sized by its type alone.
//!
//! The paths follow cel-go exactly, quirks included: a step taken from a value that has no path starts a path of
//! one step, which the server's estimator reads as the rule's own node (it drops a path's first step, taking it
//! for `self`); a path the schema does not follow (a map's value through `.field`, anything under a map's key)
//! gives no estimate; and the comprehension accumulator's paths are dropped.

use super::size::Size;
use super::ty::{Field, Node, Ty};

/// The origin of one sub-expression's size.
#[derive(Debug, Clone)]
pub(crate) enum Origin<'s> {
    /// Read along a path that ends at this schema node: sized from 0 to the node's bound.
    Node(Node<'s>),
    /// A map's key, which the server declares as a string with no bound: sized 0.
    MapKey,
    /// Along a path the schema does not follow, or from the accumulator: sized by type.
    Nowhere,
    /// Not read along a path: the size the expression tells, if any, else sized by type.
    Built(Option<Size>),
}

/// One step of a path.
pub(crate) enum Step<'a> {
    /// `.name`
    Field(&'a str),
    /// `[index]` of a list, or a comprehension variable over one.
    Items,
    /// `[key]` of a map.
    Values,
    /// A comprehension variable over a map.
    Keys,
}

impl<'s> Origin<'s> {
    /// Built with a size the expression tells.
    pub fn built(size: Size) -> Self {
        Origin::Built(Some(size))
    }

    /// Built with a size nothing tells.
    pub fn without_size() -> Self {
        Origin::Built(None)
    }

    /// The origin of the value one step further, `root` being the node of the rule.
    pub fn step(&self, step: Step<'_>, root: &Node<'s>) -> Origin<'s> {
        let node = match self {
            Origin::Node(node) => node,
            // A one-step path: the estimator takes its only step for `self`.
            Origin::Built(_) => return Origin::Node(root.clone()),
            Origin::MapKey | Origin::Nowhere => return Origin::Nowhere,
        };
        let next = match (step, node.kind()) {
            (Step::Field(name), "object") => match node.field(name) {
                Field::Found(field) => Some(field),
                Field::Unknown => None,
            },
            (Step::Items | Step::Values, "list") => node.items(),
            (Step::Items | Step::Values, "map") => node.values(),
            (Step::Keys, "map") => return Origin::MapKey,
            _ => None,
        };
        next.map_or(Origin::Nowhere, Origin::Node)
    }

    /// The size as cel-go's checker estimates it (`sizeEstimate`): a scalar without an estimate is sized 1.
    pub fn size(&self, ty: &Ty<'_>) -> Size {
        self.estimate().unwrap_or(if ty.is_scalar() { Size::exactly(1) } else { Size::UNKNOWN })
    }

    /// The size as the Kubernetes library's estimator reads it: without an estimate, anything.
    pub fn library_size(&self) -> Size {
        self.estimate().unwrap_or(Size::UNKNOWN)
    }

    fn estimate(&self) -> Option<Size> {
        match self {
            Origin::Node(node) => Some(Size::up_to(node.max_elements())),
            Origin::MapKey => Some(Size::exactly(0)),
            Origin::Built(size) => *size,
            Origin::Nowhere => None,
        }
    }
}
