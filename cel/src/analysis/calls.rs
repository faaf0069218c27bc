//! Costs and result types of operators and functions: O(1) calls cost 1 plus their arguments, traversals cost in
//! proportion to the sizes they walk, with cel-go's factors (0.1 per string byte, 0.25 per regex byte, 1 per list
//! element) and the Kubernetes library's costs for its list and string functions.

use cel::common::ast::{CallExpr, Expr, LiteralValue};

use super::ty::Ty;
use super::{Analyzer, Estimate, scale, sum};

/// Per byte of a string walked (cel-go's `StringTraversalCostFactor`).
const STRING_TRAVERSAL: f64 = 0.1;
/// Per byte of a regular expression (cel-go's `RegexStringLengthCostFactor`).
const REGEX_LENGTH: f64 = 0.25;
/// The longest regular expression behind a named format of the Kubernetes `format` library
/// (`format.dns1123Label()`…): `validate` costs as a match against one that long.
const MAX_NAME_FORMAT_REGEX_SIZE: f64 = 128.0;
/// The named formats of the Kubernetes `format` library, called on `format` (`format.uuid()`).
const NAMED_FORMATS: &[&str] = &[
    "dns1123Label",
    "dns1123Subdomain",
    "dns1035Label",
    "qualifiedName",
    "dns1123LabelPrefix",
    "dns1123SubdomainPrefix",
    "dns1035LabelPrefix",
    "labelValue",
    "uri",
    "uuid",
    "byte",
    "date",
    "datetime",
    "named",
];

/// String functions that walk their receiver once and return a string at most as long.
const STRING_WALKS: &[&str] =
    &["lowerAscii", "upperAscii", "trim", "substring", "charAt", "replace", "format", "quote"];
/// List functions that walk their receiver once.
const LIST_WALKS: &[&str] = &["isSorted", "sum", "min", "max", "sort", "distinct", "flatten", "reverse", "slice"];
/// Functions of the Kubernetes library that parse a string into a value of one of its types, in time
/// proportional to the string. (CEL's own `timestamp(string)` and `duration(string)` cost 1, as any call.)
const PARSERS: &[&str] =
    &["url", "isURL", "quantity", "isQuantity", "ip", "isIP", "cidr", "isCIDR", "semver", "isSemver"];

impl<'s> Analyzer<'s> {
    pub(super) fn call(&mut self, call: &CallExpr) -> Estimate<'s> {
        let name = call.func_name.as_str();
        let target = call.target.as_ref().map(|t| self.expr(t));
        let args: Vec<Estimate<'s>> = call.args.iter().map(|a| self.expr(a)).collect();
        let arg_costs = sum(0, target.iter().chain(&args).map(|e| e.cost));
        // The value a function works on: its receiver, or its first argument when called globally.
        let subject = target.as_ref().or(args.first()).map(|e| e.ty.clone()).unwrap_or(Ty::Dyn);
        let (own, ty) = match name {
            "_&&_" | "_||_" => (0, Ty::Bool),
            "_?_:_" => return self.conditional(&args),
            "_[_]" => (1, self.index(&args, call)),
            "@in" => (self.membership(&args), Ty::Bool),
            "_==_" | "_!=_" | "_<_" | "_<=_" | "_>_" | "_>=_" => (self.comparison(&args), Ty::Bool),
            "_+_" => return self.add(&args, arg_costs),
            "_-_" | "_*_" | "_/_" | "_%_" | "-_" => (1, Ty::Number),
            "!_" | "@not_strictly_false" | "hasValue" => (1, Ty::Bool),
            "size" => (1, Ty::Number),
            "startsWith" | "endsWith" => (self.scaled(args.first(), STRING_TRAVERSAL), Ty::Bool),
            "contains" => {
                let text = self.scaled_ty(&subject, STRING_TRAVERSAL);
                (text.saturating_mul(self.scaled(args.last(), STRING_TRAVERSAL)), Ty::Bool)
            }
            "matches" | "find" | "findAll" => return self.regex(name, &subject, args.last(), arg_costs),
            "split" => {
                let size = self.size(&subject);
                (scale(size, STRING_TRAVERSAL), Ty::List(Box::new(Ty::Str(size)), size))
            }
            "join" => (self.size(&subject), Ty::Str(u64::MAX)),
            "indexOf" | "lastIndexOf" if is_list(&subject) => (self.size(&subject), Ty::Number),
            "indexOf" | "lastIndexOf" => (self.scaled_ty(&subject, STRING_TRAVERSAL), Ty::Number),
            _ if LIST_WALKS.contains(&name) && is_list(&subject) => {
                let element = subject.elements().0;
                (self.size(&subject), if name.starts_with("is") { Ty::Bool } else { element })
            }
            _ if STRING_WALKS.contains(&name) || name == "reverse" => {
                let size = self.size(&subject);
                (scale(size, STRING_TRAVERSAL), Ty::Str(size))
            }
            "validate" if target.is_some() => {
                let walked = self.scaled(args.first(), STRING_TRAVERSAL);
                (scale(walked, MAX_NAME_FORMAT_REGEX_SIZE * REGEX_LENGTH), Ty::Dyn)
            }
            _ if on_format(call) => {
                if !NAMED_FORMATS.contains(&name) {
                    self.problems.push(format!("undeclared reference to `format.{name}`"));
                }
                (1, Ty::Dyn)
            }
            _ if PARSERS.contains(&name) => (self.scaled_ty(&subject, STRING_TRAVERSAL).saturating_add(1), Ty::Dyn),
            "value" | "orValue" | "dyn" => (1, subject),
            "string" => (1, Ty::Str(self.size(&subject))),
            "int" | "uint" | "double" => (1, Ty::Number),
            // Durations and timestamps compare in constant time, as numbers do (not as strings, walking them).
            "duration" | "timestamp" => (1, Ty::Number),
            "bool" => (1, Ty::Bool),
            _ => (1, Ty::Dyn),
        };
        Estimate::new(ty, own.saturating_add(arg_costs))
    }

    /// `cond ? a : b`: the condition and the dearer branch.
    fn conditional(&mut self, args: &[Estimate<'s>]) -> Estimate<'s> {
        let [condition, then, otherwise] = args else {
            return Estimate::new(Ty::Dyn, sum(0, args.iter().map(|a| a.cost)));
        };
        let ty = if matches!(then.ty, Ty::Dyn) { otherwise.ty.clone() } else { then.ty.clone() };
        Estimate::new(ty, condition.cost.saturating_add(then.cost.max(otherwise.cost)))
    }

    /// `operand[key]`: a list's item, a map's value, or an object's field named by a string literal.
    fn index(&mut self, args: &[Estimate<'s>], call: &CallExpr) -> Ty<'s> {
        let Some(operand) = args.first() else { return Ty::Dyn };
        if let (Ty::Node(node), Some(Expr::Literal(LiteralValue::String(key)))) =
            (&operand.ty, call.args.get(1).map(|k| &k.expr))
            && node.kind() == "object"
        {
            return self.field(&operand.ty, key.inner());
        }
        match &operand.ty {
            Ty::Node(node) if node.kind() == "map" => node.elements().1,
            other => other.elements().0,
        }
    }

    /// `x in list` walks the list; `x in map` is a lookup.
    fn membership(&mut self, args: &[Estimate<'s>]) -> u64 {
        match args.get(1).map(|a| &a.ty) {
            Some(container) if is_list(container) => self.size(container),
            _ => 1,
        }
    }

    /// Comparing walks the shorter operand (strings byte by byte; scalars cost 1).
    fn comparison(&mut self, args: &[Estimate<'s>]) -> u64 {
        let [left, right] = args else { return 1 };
        let shorter = self.size(&left.ty).min(self.size(&right.ty));
        scale(shorter, STRING_TRAVERSAL).max(1)
    }

    /// `a + b`: concatenating strings copies both; lists and numbers cost 1.
    fn add(&mut self, args: &[Estimate<'s>], arg_costs: u64) -> Estimate<'s> {
        let [left, right] = args else { return Estimate::new(Ty::Dyn, arg_costs.saturating_add(1)) };
        let is_text = |ty: &Ty<'_>| matches!(ty, Ty::Str(_)) || matches!(ty, Ty::Node(n) if n.kind() == "string");
        if is_text(&left.ty) || is_text(&right.ty) {
            let size = self.size(&left.ty).saturating_add(self.size(&right.ty));
            return Estimate::new(Ty::Str(size), scale(size, STRING_TRAVERSAL).saturating_add(arg_costs));
        }
        if is_list(&left.ty) || is_list(&right.ty) {
            let size = self.size(&left.ty).saturating_add(self.size(&right.ty));
            let item = left.ty.elements().0;
            return Estimate::new(Ty::List(Box::new(item), size), arg_costs.saturating_add(1));
        }
        Estimate::new(Ty::Number, arg_costs.saturating_add(1))
    }

    /// Regular expressions cost the text walked (plus one) times a quarter of the pattern's length.
    fn regex(&mut self, name: &str, text: &Ty<'s>, pattern: Option<&Estimate<'s>>, arg_costs: u64) -> Estimate<'s> {
        let text_size = self.size(text);
        let text_cost = scale(text_size.saturating_add(1), STRING_TRAVERSAL);
        let pattern_cost = self.scaled(pattern, REGEX_LENGTH);
        let ty = match name {
            "find" => Ty::Str(text_size),
            "findAll" => Ty::List(Box::new(Ty::Str(text_size)), text_size),
            _ => Ty::Bool,
        };
        Estimate::new(ty, text_cost.saturating_mul(pattern_cost).saturating_add(arg_costs))
    }

    fn scaled(&mut self, estimate: Option<&Estimate<'s>>, factor: f64) -> u64 {
        match estimate {
            Some(estimate) => self.scaled_ty(&estimate.ty.clone(), factor),
            None => 0,
        }
    }

    fn scaled_ty(&mut self, ty: &Ty<'s>, factor: f64) -> u64 {
        scale(self.size(ty), factor)
    }
}

fn is_list(ty: &Ty<'_>) -> bool {
    matches!(ty, Ty::List(..)) || matches!(ty, Ty::Node(node) if node.kind() == "list")
}

/// Whether `call` is `format.<name>(…)`: a function of the Kubernetes format library.
fn on_format(call: &CallExpr) -> bool {
    call.target.as_ref().is_some_and(|target| matches!(&target.expr, Expr::Ident(name) if name == "format"))
}
