//! Compiling a rule once and evaluating it against `self` (and `oldSelf`).

use std::sync::{Arc, LazyLock};

use cel::objects::OptionalValue;
use cel::{Context, Env, Program, Value as CelValue};
use serde_json::Value;

use crate::convert::to_cel;
use crate::error::CelError;
use crate::library;
use crate::memo::Memo;
use crate::schema::Schema;
use crate::stack::{check_size, with_large_stack};

/// The variable a rule's own node is bound to.
pub const SELF: &str = "self";
/// The variable the node's previous value is bound to; a rule using it is a transition rule.
pub const OLD_SELF: &str = "oldSelf";

/// The API server's environment for CRD rules: the standard library with optionals, the strings extension and the
/// Kubernetes libraries (see [`crate::library`]).
static ENV: LazyLock<Arc<Env>> = LazyLock::new(|| {
    let mut env = Env::stdlib();
    // cel-go keeps the last entry of a map literal that repeats a key.
    env.set_error_on_duplicate_map_keys(false);
    // Every overload is distinct on a fresh environment: a clash is a bug in kapi, caught by the tests.
    library::register(&mut env).expect("the Kubernetes libraries register");
    Arc::new(env)
});

/// The standard environment, whose parser leaves calls as written: the expression static analysis and the type
/// checker read (the evaluated one has some calls rewritten to cel-go's behaviour, see `library::compat`).
static WRITTEN: LazyLock<Env> = LazyLock::new(Env::stdlib);

/// Parses of [`WRITTEN`], by text.
static WRITTEN_PARSES: Memo<Result<Arc<Program>, String>> = Memo::new();
/// Rules parsed for checking, by text.
static CHECKED_PARSES: Memo<Result<Arc<CompiledRule>, CelError>> = Memo::new();

/// A parsed rule, ready to be evaluated any number of times.
#[derive(Debug)]
pub struct CompiledRule {
    source: String,
    program: Program,
    written: Arc<Program>,
    /// The first call of a function outside the server's environment, which the server's checker refuses: the
    /// type checker reports it when a schema is checked; evaluating the rule fails with it.
    undeclared: Option<String>,
    uses_old_self: bool,
    optional_old_self: bool,
}

/// Parses `rule` (macros such as `has`, `all`, `exists`, `map`, `filter` expanded).
pub fn compile(rule: &str) -> Result<CompiledRule, CelError> {
    with_large_stack(|| parse(rule)).unwrap_or_else(|crash| Err(CelError::syntax(crash)))
}

/// [`compile`] on the current thread (which must have a large stack).
pub(crate) fn parse(rule: &str) -> Result<CompiledRule, CelError> {
    if rule.trim().is_empty() {
        return Err(CelError::syntax("the rule is empty"));
    }
    check_size(rule).map_err(CelError::syntax)?;
    let program = ENV.compile(rule).map_err(|errors| CelError::syntax(lowercase_first(&errors.to_string())))?;
    let written = written(rule).map_err(|error| CelError::syntax(lowercase_first(&error)))?;
    let uses_old_self = program.references().has_variable(OLD_SELF);
    let undeclared = library::undeclared_call(rule);
    Ok(CompiledRule { source: rule.to_owned(), program, written, undeclared, uses_old_self, optional_old_self: false })
}

/// [`compile`], kept by the rule's text: what checking a schema's rules parses. A parser that panics on one rule
/// makes that rule's error, and the schema's other rules are still checked.
pub(crate) fn parse_kept(rule: &str) -> Result<Arc<CompiledRule>, CelError> {
    CHECKED_PARSES.get_or(rule, || compile(rule).map(Arc::new))
}

/// `source` parsed by the standard environment, calls as written; `Err` with the parser's errors. Kept by text (on
/// the current thread, which must have a large stack).
pub(crate) fn written(source: &str) -> Result<Arc<Program>, String> {
    WRITTEN_PARSES.get_or(source, || WRITTEN.compile(source).map(Arc::new).map_err(|errors| errors.to_string()))
}

impl CompiledRule {
    /// The rule as written.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The parsed expression, for static analysis.
    pub fn expression(&self) -> &cel::IdedExpr {
        self.written.expression()
    }

    /// Whether the rule reads `oldSelf`, which makes it a transition rule.
    pub fn is_transition_rule(&self) -> bool {
        self.uses_old_self
    }

    /// Whether `oldSelf` is an optional (`optionalOldSelf: true`), so the rule also runs when there is no old value.
    pub fn optional_old_self(&self) -> bool {
        self.optional_old_self
    }

    /// The same rule with `oldSelf` bound as an optional (`oldSelf.hasValue()`, `oldSelf.value()`), as
    /// `optionalOldSelf: true` asks.
    pub fn with_optional_old_self(mut self, optional: bool) -> Self {
        self.optional_old_self = optional;
        self
    }
}

/// Evaluates `rule` with `self` bound to `self_value` and `oldSelf` to `old_self`, both typed by `node_schema`.
///
/// Without an old value `oldSelf` is unbound (a transition rule then fails to evaluate), unless the rule asks for
/// an optional `oldSelf`, which is then empty.
pub fn evaluate(
    rule: &CompiledRule,
    self_value: &Value,
    old_self: Option<&Value>,
    node_schema: &Value,
) -> Result<bool, CelError> {
    with_large_stack(|| evaluate_at(rule, self_value, old_self, Schema::new(node_schema), false))
        .unwrap_or_else(|crash| Err(CelError::evaluation(crash)))
}

/// [`evaluate`], knowing whether the node is the root of a resource.
pub(crate) fn evaluate_at(
    rule: &CompiledRule,
    self_value: &Value,
    old_self: Option<&Value>,
    schema: Schema<'_>,
    resource_root: bool,
) -> Result<bool, CelError> {
    match run(rule, self_value, old_self, schema, resource_root)? {
        CelValue::Bool(result) => Ok(result),
        other => Err(CelError::not_bool(&other.type_of().to_string())),
    }
}

/// Evaluates `rule` and returns whatever it produces (a message expression returns a string).
pub(crate) fn run(
    rule: &CompiledRule,
    self_value: &Value,
    old_self: Option<&Value>,
    schema: Schema<'_>,
    resource_root: bool,
) -> Result<CelValue, CelError> {
    if let Some(problem) = &rule.undeclared {
        return Err(CelError::evaluation(problem.clone()));
    }
    let mut context = Context::with_env(Arc::clone(&ENV));
    context.add_variable_from_value(SELF, to_cel(self_value, schema, resource_root));
    let old = old_self.map(|old| to_cel(old, schema, resource_root));
    match (old, rule.optional_old_self) {
        (Some(old), false) => context.add_variable_from_value(OLD_SELF, old),
        (old, true) => {
            let optional = match old {
                Some(old) => OptionalValue::of(old),
                None => OptionalValue::none(),
            };
            context.add_variable_from_value(OLD_SELF, CelValue::Opaque(Arc::new(optional)));
        }
        (None, false) => {}
    }
    rule.program.execute(&context).map_err(|error| CelError::evaluation(library::error_text(&error)))
}

fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn rules_pass_and_fail() {
        let schema = json!({"type": "string"});
        let rule = compile("!self.endsWith(':latest')").expect("compiles");
        assert_eq!(evaluate(&rule, &json!("nginx:1.27"), None, &schema), Ok(true));
        assert_eq!(evaluate(&rule, &json!("nginx:latest"), None, &schema), Ok(false));
    }

    #[test]
    fn a_rule_that_is_not_a_bool_is_an_error() {
        let rule = compile("self + 1").expect("compiles");
        let error = evaluate(&rule, &json!(1), None, &json!({"type": "integer"})).expect_err("not a bool");
        assert!(error.to_string().contains("must evaluate to a bool"), "{error}");
    }

    #[test]
    fn optional_old_self_is_empty_without_an_old_value() {
        let rule = compile("!oldSelf.hasValue() || self >= oldSelf.value()").expect("compiles");
        let rule = rule.with_optional_old_self(true);
        let schema = json!({"type": "integer"});
        assert_eq!(evaluate(&rule, &json!(1), None, &schema), Ok(true));
        assert_eq!(evaluate(&rule, &json!(1), Some(&json!(2)), &schema), Ok(false));
    }
}
