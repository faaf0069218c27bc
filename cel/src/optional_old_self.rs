//! `optionalOldSelf: true` makes `oldSelf` an optional value (empty on create), so the API server type-checks the
//! rule with `oldSelf` of type `optional_type(T)`: comparing or selecting on it directly finds no overload, and
//! setting the flag on a rule that never reads `oldSelf` is refused too.

use cel::common::ast::{EntryExpr, Expr, IdedEntryExpr, IdedExpr, operators};

use crate::program::OLD_SELF;

/// Methods of an optional value.
const OPTIONAL_METHODS: &[&str] = &["hasValue", "value", "orValue", "or", "optMap", "optFlatMap"];

/// Functions that make optional values, so an equality with one compares two optionals.
const OPTIONAL_MAKERS: &[&str] = &["optional.of", "optional.none", "optional.ofNonZeroValue"];

/// The first place `expression` uses an optional `oldSelf` as a plain value, described for a message.
pub(crate) fn plain_use(expression: &IdedExpr) -> Option<String> {
    match &expression.expr {
        Expr::Ident(name) if name == OLD_SELF => Some(
            "with optionalOldSelf, oldSelf is optional: read it with oldSelf.hasValue(), oldSelf.value(), \
             oldSelf.orValue(…) or oldSelf.?field"
                .to_owned(),
        ),
        Expr::Call(call) => {
            let on_old_self = call.target.as_deref().is_some_and(is_old_self);
            if on_old_self && OPTIONAL_METHODS.contains(&call.func_name.as_str()) {
                return call.args.iter().find_map(plain_use);
            }
            let optional_access = matches!(call.func_name.as_str(), operators::OPT_SELECT | operators::OPT_INDEX);
            if optional_access && call.args.first().is_some_and(is_old_self) {
                return call.args.iter().skip(1).find_map(plain_use);
            }
            if matches!(call.func_name.as_str(), operators::EQUALS | operators::NOT_EQUALS)
                && let [left, right] = call.args.as_slice()
                && (is_old_self(left) && is_optional(right) || is_optional(left) && is_old_self(right))
            {
                return None;
            }
            call.target.as_deref().and_then(plain_use).or_else(|| call.args.iter().find_map(plain_use))
        }
        Expr::Select(select) => plain_use(&select.operand),
        Expr::List(list) => list.elements.iter().find_map(plain_use),
        Expr::Map(map) => map.entries.iter().find_map(entry_plain_use),
        Expr::Struct(structure) => structure.entries.iter().find_map(entry_plain_use),
        Expr::Comprehension(comprehension) => [
            &comprehension.iter_range,
            &comprehension.accu_init,
            &comprehension.loop_cond,
            &comprehension.loop_step,
            &comprehension.result,
        ]
        .into_iter()
        .find_map(plain_use),
        Expr::Ident(_) | Expr::Literal(_) | Expr::Unspecified => None,
    }
}

fn entry_plain_use(entry: &IdedEntryExpr) -> Option<String> {
    match &entry.expr {
        EntryExpr::MapEntry(entry) => plain_use(&entry.key).or_else(|| plain_use(&entry.value)),
        EntryExpr::StructField(field) => plain_use(&field.value),
    }
}

fn is_old_self(expression: &IdedExpr) -> bool {
    matches!(&expression.expr, Expr::Ident(name) if name == OLD_SELF)
}

/// An expression that certainly gives an optional: a maker, an optional select or index, or `oldSelf` itself.
fn is_optional(expression: &IdedExpr) -> bool {
    match &expression.expr {
        Expr::Call(call) => {
            let maker = call.target.as_deref().map_or(call.func_name.clone(), |target| match &target.expr {
                Expr::Ident(namespace) => format!("{namespace}.{}", call.func_name),
                _ => String::new(),
            });
            OPTIONAL_MAKERS.contains(&maker.as_str())
                || matches!(call.func_name.as_str(), operators::OPT_SELECT | operators::OPT_INDEX)
        }
        _ => is_old_self(expression),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::compile;

    fn plain(rule: &str) -> bool {
        plain_use(compile(rule).expect("compiles").expression()).is_some()
    }

    #[test]
    fn optional_reads_pass_and_plain_reads_do_not() {
        assert!(plain("self.replicas >= oldSelf.replicas"));
        assert!(plain("self == oldSelf"));
        assert!(plain("[oldSelf].size() == 1"));
        assert!(!plain("!oldSelf.hasValue() || self.replicas >= oldSelf.value().replicas"));
        assert!(!plain("self.replicas >= oldSelf.orValue(self).replicas"));
        assert!(!plain("oldSelf == optional.none() || oldSelf != optional.of(self)"));
        assert!(!plain("self.replicas > 0"));
    }
}
