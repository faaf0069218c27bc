//! Finds calls the API server's environment does not declare (`reverse`, `sortBy`, `cel.bind`, `existsOne`, …),
//! which its checker refuses when a CRD is written: kapi does not evaluate such a rule (the `cel` crate would run
//! some of them), it fails with this message. The rule is read before macros are expanded, so a macro is judged by
//! its name and argument count.

use std::sync::LazyLock;

use cel::Env;
use cel::common::ast::{EntryExpr, Expr, IdedExpr};

use super::names::{is_function, is_syntax};

/// A parser that expands no macro.
static RAW: LazyLock<Env> = LazyLock::new(Env::default);

/// The macros of the environment: name, whether called on a target, and how many arguments.
const MACROS: &[(&str, bool, usize)] = &[
    ("has", false, 1),
    ("all", true, 2),
    ("exists", true, 2),
    ("exists_one", true, 2),
    ("map", true, 2),
    ("map", true, 3),
    ("filter", true, 2),
    ("optMap", true, 2),
    ("optFlatMap", true, 2),
];

/// The message for the first call in `rule` of a function the environment lacks, as the server's checker words it.
pub(crate) fn undeclared_call(rule: &str) -> Option<String> {
    let expression = RAW.parser().parse(rule).ok()?;
    first_undeclared(&expression)
}

fn first_undeclared(expression: &IdedExpr) -> Option<String> {
    match &expression.expr {
        Expr::Call(call) => {
            let namespaced = match call.target.as_deref().map(|target| &target.expr) {
                Some(Expr::Ident(namespace)) => is_function(&format!("{namespace}.{}", call.func_name)),
                _ => false,
            };
            let is_macro = MACROS.iter().any(|(name, on_target, count)| {
                *name == call.func_name && *on_target == call.target.is_some() && *count == call.args.len()
            });
            if !(namespaced || is_macro || is_function(&call.func_name) || is_syntax(&call.func_name)) {
                let name = match call.target.as_deref().map(|target| &target.expr) {
                    Some(Expr::Ident(namespace)) if !is_function(&call.func_name) => {
                        format!("{namespace}.{}", call.func_name)
                    }
                    _ => call.func_name.clone(),
                };
                return Some(format!("undeclared reference to `{name}`"));
            }
            let target = if namespaced { None } else { call.target.as_deref() };
            target.and_then(first_undeclared).or_else(|| call.args.iter().find_map(first_undeclared))
        }
        Expr::Select(select) => first_undeclared(&select.operand),
        Expr::List(list) => list.elements.iter().find_map(first_undeclared),
        Expr::Map(map) => map.entries.iter().find_map(|entry| match &entry.expr {
            EntryExpr::MapEntry(entry) => first_undeclared(&entry.key).or_else(|| first_undeclared(&entry.value)),
            EntryExpr::StructField(field) => first_undeclared(&field.value),
        }),
        Expr::Struct(structure) => structure.entries.iter().find_map(|entry| match &entry.expr {
            EntryExpr::MapEntry(entry) => first_undeclared(&entry.key).or_else(|| first_undeclared(&entry.value)),
            EntryExpr::StructField(field) => first_undeclared(&field.value),
        }),
        Expr::Comprehension(comprehension) => [
            &comprehension.iter_range,
            &comprehension.accu_init,
            &comprehension.loop_cond,
            &comprehension.loop_step,
            &comprehension.result,
        ]
        .into_iter()
        .find_map(first_undeclared),
        Expr::Ident(_) | Expr::Literal(_) | Expr::Unspecified => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_outside_the_environment_are_refused() {
        assert_eq!(undeclared_call("'abc'.reverse() == 'cba'"), Some("undeclared reference to `reverse`".to_owned()));
        assert!(undeclared_call("[1].sortBy(x, x) == [1]").is_some());
        assert!(undeclared_call("cel.bind(x, 1, x) == 1").is_some());
        assert!(undeclared_call("[1].existsOne(x, x == 1)").is_some());
        assert_eq!(undeclared_call("self.all(x, x.lowerAscii().matches('^a'))"), None);
        assert_eq!(undeclared_call("format.named('uuid').hasValue() && sets.contains([1], [1])"), None);
        assert_eq!(undeclared_call("ip.isCanonical('::1') && has(self.a) && self.?b.orValue(1) == 1"), None);
    }
}
