//! Costs and result types of operators and CEL's standard functions, as cel-go's checker estimates them
//! (`functionCost`): a call costs its arguments plus its own cost, 1 unless it walks a string or a list, and the
//! Kubernetes library's estimates ([`super::library`]) come first. Where the checker cannot tell overloads apart
//! (a `dyn` operand), it takes the dearest.

use cel::common::ast::{CallExpr, Expr, LiteralValue};

use super::origin::{Origin, Step};
use super::size::{REGEX_LENGTH, STRING_TRAVERSAL, Size, scale, sum};
use super::ty::Ty;
use super::{Analyzer, Estimate};

/// Namespaces of functions: `format.dns1123Label()`, `strings.quote(s)`, `sets.contains(a, b)`. The checker
/// resolves `namespace.function(…)` to one global function; the namespace is not a value and costs nothing.
const NAMESPACES: &[&str] = &["format", "strings", "sets", "optional", "ip", "math", "base64", "lists"];

/// What one call adds to its arguments: its own cost, its result's type, and its result's size when the
/// estimator tells it.
pub(super) struct Outcome<'s> {
    pub cost: u64,
    pub ty: Ty<'s>,
    pub size: Option<Size>,
}

impl<'s> Outcome<'s> {
    pub fn new(cost: u64, ty: Ty<'s>) -> Self {
        Outcome { cost, ty, size: None }
    }

    pub fn sized(cost: u64, ty: Ty<'s>, size: Size) -> Self {
        Outcome { cost, ty, size: Some(size) }
    }
}

/// A call as the estimators see it: its function's name (qualified for a namespaced one), its receiver and its
/// arguments, analyzed.
pub(super) struct Call<'c, 's> {
    pub name: &'c str,
    pub target: Option<&'c Estimate<'s>>,
    pub args: &'c [Estimate<'s>],
    /// The arguments as written, for the few estimates that read a literal (`split(',', 3)`).
    pub written: &'c CallExpr,
}

impl<'s> Analyzer<'s> {
    pub(super) fn call(&mut self, id: u64, call: &CallExpr) -> Estimate<'s> {
        let (name, target) = match self.namespace(call) {
            Some(namespace) => (format!("{namespace}.{}", call.func_name), None),
            None => (call.func_name.clone(), call.target.as_ref().map(|t| self.expr(t))),
        };
        let args: Vec<Estimate<'s>> = call.args.iter().map(|a| self.expr(a)).collect();
        let inputs = sum(0, target.iter().chain(&args).map(|e| e.cost));
        let shape = Call { name: &name, target: target.as_ref(), args: &args, written: call };
        match name.as_str() {
            "_?_:_" => return self.conditional(&args),
            "_[_]" => return self.index(&args, call, inputs),
            _ => {}
        }
        let outcome = match self.library(&shape) {
            Some(outcome) => outcome,
            None => self.standard(&shape),
        };
        let origin = Origin::Built(outcome.size);
        // Where the estimate does not say what a call gives, the type checker does.
        let ty = match outcome.ty {
            Ty::Dyn => self.checked.get(&id).cloned().unwrap_or(Ty::Dyn),
            ty => ty,
        };
        Estimate::new(ty, outcome.cost.saturating_add(inputs), origin)
    }

    /// The namespace a call is qualified by, when its receiver is a namespace's name rather than a variable.
    fn namespace(&self, call: &CallExpr) -> Option<String> {
        let Some(Expr::Ident(name)) = call.target.as_ref().map(|t| &t.expr) else { return None };
        let bound = self.scope.iter().any(|binding| &binding.name == name);
        (!bound && NAMESPACES.contains(&name.as_str())).then(|| name.clone())
    }

    /// `cond ? a : b`: the condition and the dearer branch; the result as large as the larger.
    fn conditional(&mut self, args: &[Estimate<'s>]) -> Estimate<'s> {
        let [condition, then, otherwise] = args else {
            return Estimate::new(Ty::Dyn, sum(0, args.iter().map(|a| a.cost)), Origin::without_size());
        };
        let ty = if matches!(then.ty, Ty::Dyn) { otherwise.ty.clone() } else { then.ty.clone() };
        let size = self.size(then).union(self.size(otherwise));
        Estimate::new(ty, condition.cost.saturating_add(then.cost.max(otherwise.cost)), Origin::built(size))
    }

    /// `operand[key]`: a list's item or a map's value, read one step further along the operand's path (or an
    /// object's field named by a string literal).
    fn index(&mut self, args: &[Estimate<'s>], call: &CallExpr, inputs: u64) -> Estimate<'s> {
        let cost = inputs.saturating_add(1);
        let Some(operand) = args.first() else { return Estimate::new(Ty::Dyn, cost, Origin::without_size()) };
        if let (Ty::Object(_), Some(Expr::Literal(LiteralValue::String(key)))) =
            (&operand.ty, call.args.get(1).map(|k| &k.expr))
        {
            let ty = self.field(operand, key.inner());
            return Estimate::new(ty, cost, operand.origin.step(Step::Field(key.inner()), &self.root));
        }
        let (ty, step) = match &operand.ty {
            Ty::List(item) => ((**item).clone(), Step::Items),
            Ty::Map(_, value) => ((**value).clone(), Step::Values),
            _ => (Ty::Dyn, Step::Values),
        };
        Estimate::new(ty, cost, operand.origin.step(step, &self.root))
    }

    /// Operators and the standard library: cel-go's own estimates, 1 for any other call.
    fn standard(&mut self, call: &Call<'_, 's>) -> Outcome<'s> {
        let subject = call.target.or(call.args.first());
        let subject_ty = subject.map_or(Ty::Dyn, |s| s.ty.clone());
        match (call.name, call.target, call.args) {
            ("_&&_" | "_||_", ..) => Outcome::new(0, Ty::Bool),
            ("_==_" | "_!=_", None, [left, right]) => Outcome::new(self.walk_shorter(left, right), Ty::Bool),
            ("_<_" | "_<=_" | "_>_" | "_>=_", None, [left, right]) => {
                Outcome::new(self.ordering(left, right), Ty::Bool)
            }
            ("_+_", None, [left, right]) => self.add(left, right),
            ("_-_", None, [left, right]) => Outcome::new(1, difference_ty(&left.ty, &right.ty)),
            ("_*_" | "_/_" | "_%_" | "-_", ..) => Outcome::new(1, subject_ty),
            ("@in", None, [_, container]) => Outcome::new(self.membership(container), Ty::Bool),
            // The global `matches(text, pattern)` is another overload, which the checker costs 1.
            ("matches", Some(text), [pattern]) => {
                let text = self.size(text).add(Size::exactly(1)).cost(STRING_TRAVERSAL);
                Outcome::new(text.saturating_mul(self.size(pattern).cost(REGEX_LENGTH)), Ty::Bool)
            }
            ("contains", Some(whole), [part]) => {
                let whole = self.size(whole).cost(STRING_TRAVERSAL);
                Outcome::new(whole.saturating_mul(self.size(part).cost(STRING_TRAVERSAL)), Ty::Bool)
            }
            ("startsWith" | "endsWith", _, [part]) => Outcome::new(self.size(part).cost(STRING_TRAVERSAL), Ty::Bool),
            ("string", None, [value]) if matches!(value.ty, Ty::Bytes) => {
                let size = self.size(value);
                Outcome::sized(size.cost(STRING_TRAVERSAL), Ty::String, Size { min: size.min / 4, max: size.max })
            }
            ("bytes", None, [value]) if matches!(value.ty, Ty::String) => {
                let size = self.size(value);
                let bytes = Size { min: size.min, max: size.max.wrapping_mul(4) };
                Outcome::sized(size.cost(STRING_TRAVERSAL), Ty::Bytes, bytes)
            }
            ("strings.quote", None, [value]) => {
                let size = self.size(value);
                let quoted = Size { min: size.min.wrapping_add(2), max: size.max.wrapping_mul(2).wrapping_add(2) };
                Outcome::sized(size.cost(STRING_TRAVERSAL), Ty::String, quoted)
            }
            ("format", Some(text), [_]) => Outcome::new(self.size(text).cost(STRING_TRAVERSAL), Ty::String),
            ("_?._", None, [operand, _]) => {
                let ty = match call.written.args.get(1).map(|f| &f.expr) {
                    Some(Expr::Literal(LiteralValue::String(field))) => self.field(operand, field.inner()),
                    _ => Ty::Dyn,
                };
                Outcome::new(1, Ty::Optional(Box::new(ty)))
            }
            // Any other call costs 1; its type is the checker's.
            _ => Outcome::new(1, Ty::Dyn),
        }
    }

    /// `<`, `<=`, `>`, `>=`: strings and bytes compare byte by byte, anything else in constant time.
    fn ordering(&mut self, left: &Estimate<'s>, right: &Estimate<'s>) -> u64 {
        let text_or_dyn = |ty: &Ty<'_>| ty.is_text() || matches!(ty, Ty::Dyn);
        let as_text = if text_or_dyn(&left.ty) && text_or_dyn(&right.ty) { self.walk_shorter(left, right) } else { 0 };
        let as_other = if !left.ty.is_text() && !right.ty.is_text() { 1 } else { 0 };
        as_text.max(as_other)
    }

    /// `a + b`: concatenating strings or bytes copies both; lists (and numbers) cost 1. When neither side's type
    /// is known, the checker counts the dearest overload, a string's.
    fn add(&mut self, left: &Estimate<'s>, right: &Estimate<'s>) -> Outcome<'s> {
        let size = self.size(left).add(self.size(right));
        let known = if matches!(left.ty, Ty::Dyn) { &right.ty } else { &left.ty };
        match known {
            Ty::List(_) => {
                // The elements appended name the type when the list is empty (`[] + [x]`, as `map` builds).
                let item = [&left.ty, &right.ty]
                    .into_iter()
                    .find_map(|ty| match ty {
                        Ty::List(item) if !matches!(**item, Ty::Dyn) => Some((**item).clone()),
                        _ => None,
                    })
                    .unwrap_or(Ty::Dyn);
                Outcome::sized(1, Ty::List(Box::new(item)), size)
            }
            Ty::String | Ty::Bytes => Outcome::sized(size.cost(STRING_TRAVERSAL), known.clone(), size),
            Ty::Dyn => Outcome::sized(size.cost(STRING_TRAVERSAL).max(1), Ty::Dyn, size),
            _ if matches!(right.ty, Ty::Timestamp) => Outcome::new(1, Ty::Timestamp),
            other => Outcome::new(1, other.clone()),
        }
    }

    /// Comparing two values walks the shorter (a tenth of a unit per byte; scalars read along a path are sized 0).
    fn walk_shorter(&mut self, left: &Estimate<'s>, right: &Estimate<'s>) -> u64 {
        scale(self.size(left).max.min(self.size(right).max), STRING_TRAVERSAL)
    }

    /// `x in container`: a list is walked, a map looked up; when the checker cannot tell, the walk.
    fn membership(&mut self, container: &Estimate<'s>) -> u64 {
        match container.ty {
            Ty::List(_) => self.size(container).cost(1.0),
            Ty::Dyn => self.size(container).cost(1.0).max(1),
            _ => 1,
        }
    }
}

/// `a - b`: timestamps subtract to a duration; anything else keeps its type.
fn difference_ty<'s>(left: &Ty<'s>, right: &Ty<'s>) -> Ty<'s> {
    match (left, right) {
        (Ty::Timestamp, Ty::Timestamp) => Ty::Duration,
        (Ty::Dyn, other) | (other, _) => other.clone(),
    }
}
