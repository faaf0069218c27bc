//! Static analysis of one rule against the schema of the node it sits on: field references are resolved through
//! the schema (through `items` for comprehension variables, `additionalProperties` for map values), and the
//! worst-case cost is estimated the way the API server does: cel-go's checker (`checker/cost.go`) with the
//! Kubernetes library's function costs and the CRD size estimator, sizes taken from the schema.

mod calls;
mod checked;
mod library;
mod origin;
mod size;
mod ty;

use std::collections::{BTreeSet, HashMap};

use cel::common::ast::{ComprehensionExpr, EntryExpr, Expr, IdedExpr, LiteralValue, SelectExpr};

use crate::checker::Type as CheckedType;
use crate::program::{OLD_SELF, SELF};
use crate::schema::Schema;
use origin::{Origin, Step};
use size::{Size, sum};
use ty::{Field, Node, Ty};

/// Cost of reading a variable or selecting a field (cel-go's `SelectAndIdentCost`).
const SELECT_AND_IDENT_COST: u64 = 1;
/// Cost of building a list literal (cel-go's `ListCreateBaseCost`).
const CREATE_LIST_BASE_COST: u64 = 10;
/// Cost of building a map literal (cel-go's `MapCreateBaseCost`).
const CREATE_MAP_BASE_COST: u64 = 30;
/// Cost of building a message literal (cel-go's `StructCreateBaseCost`).
const CREATE_MESSAGE_BASE_COST: u64 = 40;

/// Names that stand for types (`type(self) == string`) or function namespaces (`strings.quote`).
const KNOWN_NAMES: &[&str] = &[
    "bool",
    "bytes",
    "double",
    "duration",
    "dyn",
    "int",
    "list",
    "map",
    "null_type",
    "string",
    "timestamp",
    "type",
    "uint",
    "optional",
    "strings",
    "lists",
    "math",
    "base64",
    "format",
    "sets",
];

/// What the analysis of one rule found.
#[derive(Debug, Default)]
pub struct Analysis {
    /// The worst-case cost of one evaluation, in cel-go cost units.
    pub max_cost: u64,
    /// Bounds whose absence made the estimate larger: `maxItems to spec.ports`, `maxLength to spec.name`.
    pub missing_bounds: BTreeSet<String>,
}

/// Analyzes `expression` with `self` (and `oldSelf`, an optional when `optional_old_self`) typed by `schema` at
/// data path `path`; `checked` holds the type checker's type of every expression, by id.
pub fn analyze<'s>(
    expression: &IdedExpr,
    schema: Schema<'s>,
    path: &str,
    resource_root: bool,
    optional_old_self: bool,
    checked: &HashMap<u64, CheckedType<'s>>,
) -> Analysis {
    let root = Node::new(schema, path.to_owned(), resource_root);
    let checked = checked.iter().map(|(id, ty)| (*id, checked::from_checked(ty, &root))).collect();
    let old_ty = if optional_old_self { Ty::Optional(Box::new(root.ty())) } else { root.ty() };
    let mut analyzer = Analyzer {
        scope: vec![
            Binding { name: SELF.to_owned(), ty: root.ty(), origin: Origin::Node(root.clone()) },
            Binding { name: OLD_SELF.to_owned(), ty: old_ty, origin: Origin::Node(root.clone()) },
        ],
        root,
        missing_bounds: BTreeSet::new(),
        checked,
    };
    let estimate = analyzer.expr(expression);
    Analysis { max_cost: estimate.cost, missing_bounds: analyzer.missing_bounds }
}

/// A sub-expression's type, worst-case cost and where its size comes from.
#[derive(Debug, Clone)]
struct Estimate<'s> {
    ty: Ty<'s>,
    cost: u64,
    origin: Origin<'s>,
}

impl<'s> Estimate<'s> {
    fn new(ty: Ty<'s>, cost: u64, origin: Origin<'s>) -> Self {
        Estimate { ty, cost, origin }
    }
}

/// A variable in scope.
#[derive(Debug, Clone)]
struct Binding<'s> {
    name: String,
    ty: Ty<'s>,
    origin: Origin<'s>,
}

struct Analyzer<'s> {
    /// The node the rule sits on: what `self` is, and what the server sizes a one-step path by.
    root: Node<'s>,
    /// Variables in scope, innermost last.
    scope: Vec<Binding<'s>>,
    missing_bounds: BTreeSet<String>,
    /// The type checker's types, by expression id: what a call the estimator does not type itself results in.
    checked: HashMap<u64, Ty<'s>>,
}

impl<'s> Analyzer<'s> {
    fn expr(&mut self, expression: &IdedExpr) -> Estimate<'s> {
        match &expression.expr {
            Expr::Literal(literal) => literal_estimate(literal),
            Expr::Ident(name) => self.ident(name),
            Expr::Select(select) => self.select(select),
            Expr::Call(call) => self.call(expression.id, call),
            Expr::Comprehension(comprehension) => self.comprehension(comprehension),
            Expr::List(list) => {
                let elements: Vec<_> = list.elements.iter().map(|e| self.expr(e)).collect();
                let item = elements.first().map_or(Ty::Dyn, |e| e.ty.clone());
                let cost = sum(CREATE_LIST_BASE_COST, elements.iter().map(|e| e.cost));
                Estimate::new(Ty::List(Box::new(item)), cost, Origin::built(Size::exactly(elements.len() as u64)))
            }
            Expr::Map(map) => {
                let (mut costs, mut types) = (Vec::new(), None);
                for entry in &map.entries {
                    if let EntryExpr::MapEntry(entry) = &entry.expr {
                        let (key, value) = (self.expr(&entry.key), self.expr(&entry.value));
                        costs.extend([key.cost, value.cost]);
                        types.get_or_insert((key.ty, value.ty));
                    }
                }
                let (key, value) = types.unwrap_or((Ty::Dyn, Ty::Dyn));
                let size = Size::exactly(map.entries.len() as u64);
                Estimate::new(
                    Ty::Map(Box::new(key), Box::new(value)),
                    sum(CREATE_MAP_BASE_COST, costs),
                    Origin::built(size),
                )
            }
            Expr::Struct(message) => {
                let mut costs = Vec::new();
                for entry in &message.entries {
                    if let EntryExpr::StructField(field) = &entry.expr {
                        costs.push(self.expr(&field.value).cost);
                    }
                }
                Estimate::new(Ty::Dyn, sum(CREATE_MESSAGE_BASE_COST, costs), Origin::without_size())
            }
            Expr::Unspecified => Estimate::new(Ty::Dyn, 0, Origin::without_size()),
        }
    }

    /// A variable, or a name that is not one: a type (`string`) or a namespace, whose one-step path the server's
    /// estimator reads as the rule's node.
    fn ident(&mut self, name: &str) -> Estimate<'s> {
        if let Some(binding) = self.scope.iter().rev().find(|binding| binding.name == name) {
            return Estimate::new(binding.ty.clone(), SELECT_AND_IDENT_COST, binding.origin.clone());
        }
        let ty = if KNOWN_NAMES.contains(&name) { Ty::Type } else { Ty::Dyn };
        Estimate::new(ty, SELECT_AND_IDENT_COST, Origin::Node(self.root.clone()))
    }

    /// `operand.field`, and `has(operand.field)` when `select.test` is set.
    fn select(&mut self, select: &SelectExpr) -> Estimate<'s> {
        let operand = self.expr(&select.operand);
        let ty = self.field(&operand, &select.field);
        if select.test {
            // The API server gives presence tests no cost of their own (`PresenceTestHasCost(false)`).
            return Estimate::new(Ty::Bool, operand.cost, Origin::without_size());
        }
        // Selecting costs on objects and maps; on a `dyn` or an optional the checker counts nothing.
        let own = if matches!(operand.ty, Ty::Object(_) | Ty::Map(..)) { SELECT_AND_IDENT_COST } else { 0 };
        let origin = operand.origin.step(Step::Field(&select.field), &self.root);
        Estimate::new(ty, operand.cost.saturating_add(own), origin)
    }

    /// The type of `field` of `operand` (`dyn` where the schema does not say).
    fn field(&mut self, operand: &Estimate<'s>, field: &str) -> Ty<'s> {
        match &operand.ty {
            // An unknown field is the type checker's to report; the estimate goes on with `dyn`.
            Ty::Object(node) => match node.field(field) {
                Field::Found(found) => found.ty(),
                Field::Unknown => Ty::Dyn,
            },
            Ty::Map(_, value) => (**value).clone(),
            Ty::Optional(inner) => {
                let inner = Estimate::new((**inner).clone(), 0, Origin::without_size());
                Ty::Optional(Box::new(self.field(&inner, field)))
            }
            _ => Ty::Dyn,
        }
    }

    /// cel-go's comprehension cost: range, accumulator and result once, loop condition and step once per element.
    fn comprehension(&mut self, comprehension: &ComprehensionExpr) -> Estimate<'s> {
        let range = self.expr(&comprehension.iter_range);
        let init = self.expr(&comprehension.accu_init);
        let (element, step) = match &range.ty {
            Ty::List(item) => ((**item).clone(), Some(Step::Items)),
            Ty::Map(key, _) => ((**key).clone(), Some(Step::Keys)),
            _ => (Ty::Dyn, None),
        };
        let element_origin = match step {
            Some(step) => range.origin.step(step, &self.root),
            None => Origin::without_size(),
        };
        let depth = self.scope.len();
        let accumulator = |ty| Binding { name: comprehension.accu_var.clone(), ty, origin: Origin::Nowhere };
        self.scope.push(Binding { name: comprehension.iter_var.clone(), ty: element, origin: element_origin });
        if let Some(second) = &comprehension.iter_var2 {
            // Not available at the API server's CEL level (1.31 for a 1.32 server): only typed here.
            self.scope.push(Binding { name: second.clone(), ty: Ty::Dyn, origin: Origin::without_size() });
        }
        self.scope.push(accumulator(init.ty.clone()));
        let condition = self.expr(&comprehension.loop_cond);
        let step = self.expr(&comprehension.loop_step);
        self.scope.truncate(depth);
        // A list accumulator (map, filter) takes the type of the elements the step appends.
        let accumulated = if matches!(step.ty, Ty::List(_)) { step.ty.clone() } else { init.ty.clone() };
        self.scope.push(accumulator(accumulated));
        let result = self.expr(&comprehension.result);
        self.scope.truncate(depth);
        let range_size = self.size(&range);
        let per_element = condition.cost.saturating_add(step.cost);
        let cost = sum(range.cost, [init.cost, result.cost, range_size.max.saturating_mul(per_element)]);
        Estimate::new(result.ty, cost, Origin::built(range_size))
    }

    /// The size of a value as cel-go's checker estimates it, noting which missing bound made it large.
    fn size(&mut self, estimate: &Estimate<'s>) -> Size {
        self.note_missing_bound(&estimate.origin);
        estimate.origin.size(&estimate.ty)
    }

    /// The size of a value as the Kubernetes library's estimator reads it.
    fn library_size(&mut self, estimate: &Estimate<'s>) -> Size {
        self.note_missing_bound(&estimate.origin);
        estimate.origin.library_size()
    }

    fn note_missing_bound(&mut self, origin: &Origin<'s>) {
        if let Origin::Node(node) = origin
            && let Some(bound) = missing_bound(node)
        {
            self.missing_bounds.insert(bound);
        }
    }
}

/// The bound that would have kept a node's size estimate small, when the node has none.
fn missing_bound(node: &Node<'_>) -> Option<String> {
    let schema = node.schema;
    let path = if node.path.is_empty() { "the root" } else { &node.path };
    let keyword = match node.kind() {
        "list" if schema.bound("maxItems").is_none() => "maxItems",
        "map" if schema.bound("maxProperties").is_none() => "maxProperties",
        "string"
            if schema.bound("maxLength").is_none()
                && schema.enum_values().is_none()
                && !matches!(schema.format(), Some("date" | "date-time" | "duration")) =>
        {
            "maxLength"
        }
        _ => return None,
    };
    Some(format!("{keyword} to {path}"))
}

/// A literal costs nothing; its size is its length (runes of a string, bytes of bytes), 1 for a scalar or null.
fn literal_estimate(literal: &LiteralValue) -> Estimate<'static> {
    let (ty, size) = match literal {
        LiteralValue::Boolean(_) => (Ty::Bool, 1),
        LiteralValue::String(text) => (Ty::String, text.inner().chars().count() as u64),
        LiteralValue::Bytes(bytes) => (Ty::Bytes, bytes.inner().len() as u64),
        LiteralValue::Null => (Ty::Null, 1),
        LiteralValue::Double(_) => (Ty::Double, 1),
        LiteralValue::Int(_) => (Ty::Int, 1),
        LiteralValue::UInt(_) => (Ty::Uint, 1),
    };
    Estimate::new(ty, 0, Origin::built(Size::exactly(size)))
}
