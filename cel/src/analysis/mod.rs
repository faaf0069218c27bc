//! Static analysis of one rule against the schema of the node it sits on: field references are resolved through
//! the schema (through `items` for comprehension variables, `additionalProperties` for map values), and the
//! worst-case cost is estimated the way cel-go's checker does, with sizes taken from the schema.

mod calls;
mod ty;

use std::collections::BTreeSet;

use cel::common::ast::{ComprehensionExpr, Expr, IdedExpr, LiteralValue, SelectExpr};

use crate::program::{OLD_SELF, SELF};
use crate::schema::Schema;
use crate::sizes;
use ty::{Field, Node, Ty};

/// Cost of reading a variable or selecting a field (cel-go's `selectAndIdentCost`).
const SELECT_AND_IDENT_COST: u64 = 1;
/// Cost of building a list literal (cel-go's `createListBaseCost`).
const CREATE_LIST_BASE_COST: u64 = 10;
/// Cost of building a map literal (cel-go's `createMapBaseCost`).
const CREATE_MAP_BASE_COST: u64 = 30;
/// Cost of building a message literal (cel-go's `createMessageBaseCost`).
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
];

/// What the analysis of one rule found.
#[derive(Debug, Default)]
pub struct Analysis {
    /// The worst-case cost of one evaluation, in cel-go cost units.
    pub max_cost: u64,
    /// References the schema does not allow (unknown fields, fields of non-objects, undeclared variables).
    pub problems: Vec<String>,
    /// Bounds whose absence made the estimate larger: `maxItems to spec.ports`, `maxLength to spec.name`.
    pub missing_bounds: BTreeSet<String>,
    /// When the rule certainly does not produce a bool: what it produces.
    pub not_bool: Option<&'static str>,
}

/// Analyzes `expression` with `self` (and `oldSelf`) typed by `schema` at data path `path`.
pub fn analyze(expression: &IdedExpr, schema: Schema<'_>, path: &str, resource_root: bool) -> Analysis {
    let node = Ty::Node(Node::new(schema, path.to_owned(), resource_root));
    let mut analyzer = Analyzer {
        scope: vec![(SELF.to_owned(), node.clone()), (OLD_SELF.to_owned(), node)],
        problems: Vec::new(),
        missing_bounds: BTreeSet::new(),
    };
    let estimate = analyzer.expr(expression);
    Analysis {
        max_cost: estimate.cost,
        problems: analyzer.problems,
        missing_bounds: analyzer.missing_bounds,
        not_bool: estimate.ty.is_certainly_not_bool(),
    }
}

/// A sub-expression's type and worst-case cost.
#[derive(Debug, Clone)]
struct Estimate<'s> {
    ty: Ty<'s>,
    cost: u64,
}

impl<'s> Estimate<'s> {
    fn new(ty: Ty<'s>, cost: u64) -> Self {
        Estimate { ty, cost }
    }
}

struct Analyzer<'s> {
    /// Variables in scope, innermost last.
    scope: Vec<(String, Ty<'s>)>,
    problems: Vec<String>,
    missing_bounds: BTreeSet<String>,
}

impl<'s> Analyzer<'s> {
    fn expr(&mut self, expression: &IdedExpr) -> Estimate<'s> {
        match &expression.expr {
            Expr::Literal(literal) => Estimate::new(literal_ty(literal), 0),
            Expr::Ident(name) => Estimate::new(self.ident(name), SELECT_AND_IDENT_COST),
            Expr::Select(select) => self.select(select),
            Expr::Call(call) => self.call(call),
            Expr::Comprehension(comprehension) => self.comprehension(comprehension),
            Expr::List(list) => {
                let elements: Vec<_> = list.elements.iter().map(|e| self.expr(e)).collect();
                let item = elements.first().map_or(Ty::Dyn, |e| e.ty.clone());
                let cost = sum(CREATE_LIST_BASE_COST, elements.iter().map(|e| e.cost));
                Estimate::new(Ty::List(Box::new(item), elements.len() as u64), cost)
            }
            Expr::Map(map) => {
                let mut costs = Vec::new();
                for entry in &map.entries {
                    if let cel::common::ast::EntryExpr::MapEntry(entry) = &entry.expr {
                        costs.push(self.expr(&entry.key).cost);
                        costs.push(self.expr(&entry.value).cost);
                    }
                }
                Estimate::new(Ty::Dyn, sum(CREATE_MAP_BASE_COST, costs))
            }
            Expr::Struct(message) => {
                let mut costs = Vec::new();
                for entry in &message.entries {
                    if let cel::common::ast::EntryExpr::StructField(field) = &entry.expr {
                        costs.push(self.expr(&field.value).cost);
                    }
                }
                Estimate::new(Ty::Dyn, sum(CREATE_MESSAGE_BASE_COST, costs))
            }
            Expr::Unspecified => Estimate::new(Ty::Dyn, 0),
        }
    }

    fn ident(&mut self, name: &str) -> Ty<'s> {
        if let Some((_, ty)) = self.scope.iter().rev().find(|(bound, _)| bound == name) {
            return ty.clone();
        }
        if !KNOWN_NAMES.contains(&name) {
            self.problems.push(format!("undeclared reference to `{name}`"));
        }
        Ty::Dyn
    }

    /// `operand.field`, and `has(operand.field)` when `select.test` is set.
    fn select(&mut self, select: &SelectExpr) -> Estimate<'s> {
        let operand = self.expr(&select.operand);
        let ty = self.field(&operand.ty, &select.field);
        let cost = operand.cost.saturating_add(SELECT_AND_IDENT_COST);
        if select.test { Estimate::new(Ty::Bool, cost) } else { Estimate::new(ty, cost) }
    }

    /// The type of `field` of a value of type `ty`; a reference the schema does not allow is a problem.
    fn field(&mut self, ty: &Ty<'s>, field: &str) -> Ty<'s> {
        let Ty::Node(node) = ty else { return Ty::Dyn };
        let shown = if node.path.is_empty() { "self" } else { &node.path };
        match node.field(field) {
            Field::Found(ty) => ty,
            Field::Unknown(known) => {
                let known = if known.is_empty() { "none".to_owned() } else { known.join(", ") };
                self.problems.push(format!("no such field `{field}` in {shown} (its fields: {known})"));
                Ty::Dyn
            }
            Field::NotAnObject(kind) => {
                self.problems.push(format!("{shown} is a {kind}, which has no field `{field}`"));
                Ty::Dyn
            }
        }
    }

    /// cel-go's comprehension cost: range and accumulator once, loop condition and step once per element.
    fn comprehension(&mut self, comprehension: &ComprehensionExpr) -> Estimate<'s> {
        let range = self.expr(&comprehension.iter_range);
        let init = self.expr(&comprehension.accu_init);
        let range_size = self.size(&range.ty);
        let (first, second) = range.ty.elements();
        let is_list = matches!(&range.ty, Ty::List(..)) || matches!(&range.ty, Ty::Node(n) if n.kind() == "list");
        let bindings = match &comprehension.iter_var2 {
            Some(var2) if is_list => vec![(comprehension.iter_var.clone(), Ty::Number), (var2.clone(), first)],
            Some(var2) => vec![(comprehension.iter_var.clone(), first), (var2.clone(), second)],
            None => vec![(comprehension.iter_var.clone(), first)],
        };
        // A list accumulator (map, filter) grows to at most one element per iteration.
        let accumulator = match init.ty {
            Ty::List(..) => Ty::List(Box::new(Ty::Dyn), range_size),
            other => other,
        };
        let depth = self.scope.len();
        self.scope.extend(bindings);
        self.scope.push((comprehension.accu_var.clone(), accumulator.clone()));
        let per_element =
            self.expr(&comprehension.loop_cond).cost.saturating_add(self.expr(&comprehension.loop_step).cost);
        self.scope.truncate(depth);
        self.scope.push((comprehension.accu_var.clone(), accumulator));
        let result = self.expr(&comprehension.result);
        self.scope.truncate(depth);
        let cost = sum(range.cost, [init.cost, result.cost, range_size.saturating_mul(per_element)]);
        Estimate::new(result.ty, cost)
    }

    /// The worst-case size of a value (characters, items, entries), noting which missing bound made it large.
    fn size(&mut self, ty: &Ty<'s>) -> u64 {
        match ty {
            Ty::Node(node) => {
                if let Some(bound) = missing_bound(node) {
                    self.missing_bounds.insert(bound);
                }
                sizes::max_elements(node.schema).max(1)
            }
            Ty::Str(size) | Ty::List(_, size) => *size,
            Ty::Bool | Ty::Number | Ty::Null => 1,
            Ty::Dyn => u64::MAX,
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
        "string" | "int-or-string"
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

fn literal_ty(literal: &LiteralValue) -> Ty<'static> {
    match literal {
        LiteralValue::Boolean(_) => Ty::Bool,
        LiteralValue::String(text) => Ty::Str(text.inner().chars().count() as u64),
        LiteralValue::Bytes(_) => Ty::Str(1),
        LiteralValue::Null => Ty::Null,
        LiteralValue::Double(_) | LiteralValue::Int(_) | LiteralValue::UInt(_) => Ty::Number,
    }
}

/// `base` plus every cost, saturating.
fn sum(base: u64, costs: impl IntoIterator<Item = u64>) -> u64 {
    costs.into_iter().fold(base, u64::saturating_add)
}

/// `size × factor`, rounded up, saturating (cel-go's `MultiplyByCostFactor`).
fn scale(size: u64, factor: f64) -> u64 {
    if size == u64::MAX {
        return u64::MAX;
    }
    let scaled = (size as f64 * factor).ceil();
    if scaled >= u64::MAX as f64 { u64::MAX } else { scaled as u64 }
}
