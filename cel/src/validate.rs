//! Evaluating every rule of a schema against an object (and its previous version), node by node, as the API
//! server does on create and update.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, LazyLock, Mutex};

use cel::Value as CelValue;
use serde_json::Value;

use crate::error::CelError;
use crate::program::{CompiledRule, evaluate_at, parse as compile, run};
use crate::schema::{Rule, Schema};
use crate::stack::with_large_stack;

/// A rule that failed, or could not be evaluated, at one node of an object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleViolation {
    /// The data path of the node, kubectl style: `spec.ports[1]`, `spec`; empty for the object itself.
    pub field: String,
    /// The rule as written.
    pub rule: String,
    /// The rule's message, its message expression's result, or `failed rule: <rule>`.
    pub message: String,
    /// The rule's `reason`, when it declares one.
    pub reason: Option<String>,
}

impl fmt::Display for RuleViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let field = if self.field.is_empty() { "<root>" } else { &self.field };
        write!(f, "{field}: {}", self.message)
    }
}

/// Evaluates every rule of `schema` at every node present in `object`: each item of a list, each value of a map.
///
/// Transition rules (those reading `oldSelf`) run only where the node has an old value: `old_object` supplies it,
/// and a node's old value is found by field name, map key, or, in lists of type map, by the item's keys (other
/// lists' items are not paired). Rules with `optionalOldSelf` run either way. Null values are not validated, as
/// the API server does not validate them.
pub fn validate_object(schema: &Value, object: &Value, old_object: Option<&Value>) -> Vec<RuleViolation> {
    let walk = || {
        let mut walker = Walker { violations: Vec::new() };
        walker.walk(Schema::new(schema), object, old_object, String::new(), true);
        walker.violations
    };
    with_large_stack(walk).unwrap_or_else(|crash| {
        vec![RuleViolation { field: String::new(), rule: String::new(), message: crash, reason: None }]
    })
}

/// A compiled rule, or why it does not compile.
type Compiled = Arc<Result<CompiledRule, CelError>>;

/// Rules compiled once in a process however many objects and nodes they run on (a CRD with a hundred rules would
/// otherwise be compiled again for each object), keyed by text and `optionalOldSelf`.
static COMPILED: LazyLock<Mutex<HashMap<(String, bool), Compiled>>> = LazyLock::new(Mutex::default);

struct Walker {
    violations: Vec<RuleViolation>,
}

impl Walker {
    fn walk(&mut self, schema: Schema<'_>, value: &Value, old: Option<&Value>, path: String, resource_root: bool) {
        if value.is_null() {
            return;
        }
        for (_, rule) in schema.rules() {
            self.check(&rule, schema, value, old, &path, resource_root);
        }
        match value {
            Value::Object(fields) if schema.is_map() => {
                let Some(values) = schema.additional_properties() else { return };
                for (key, child) in fields {
                    let old_child = old.and_then(|o| o.get(key));
                    let embedded = values.flag("x-kubernetes-embedded-resource");
                    self.walk(values, child, old_child, format!("{path}[{key}]"), embedded);
                }
            }
            Value::Object(fields) => {
                for (name, child) in fields {
                    let Some(property) = schema.property(name) else { continue };
                    let old_child = old.and_then(|o| o.get(name));
                    let child_path = if path.is_empty() { name.clone() } else { format!("{path}.{name}") };
                    self.walk(property, child, old_child, child_path, property.flag("x-kubernetes-embedded-resource"));
                }
            }
            Value::Array(items) => {
                let Some(item_schema) = schema.items() else { return };
                let keys = if schema.list_type() == Some("map") { schema.list_map_keys() } else { Vec::new() };
                let embedded = item_schema.flag("x-kubernetes-embedded-resource");
                for (index, item) in items.iter().enumerate() {
                    let old_item = old_list_item(&keys, item, old);
                    self.walk(item_schema, item, old_item, format!("{path}[{index}]"), embedded);
                }
            }
            _ => {}
        }
    }

    fn check(&mut self, rule: &Rule, schema: Schema<'_>, value: &Value, old: Option<&Value>, path: &str, root: bool) {
        let compiled = self.compiled(&rule.rule, rule.optional_old_self);
        let compiled = match compiled.as_ref() {
            Ok(compiled) => compiled,
            Err(error) => return self.violate(rule, path, format!("the rule does not compile: {error}")),
        };
        if compiled.is_transition_rule() && old.is_none() && !compiled.optional_old_self() {
            return;
        }
        match evaluate_at(compiled, value, old, schema, root) {
            Ok(true) => {}
            Ok(false) => {
                let message = self.message(rule, schema, value, old, root);
                self.violate(rule, path, message);
            }
            Err(error) => self.violate(rule, path, format!("rule `{}` could not be evaluated: {error}", rule.rule)),
        }
    }

    fn compiled(&mut self, text: &str, optional_old_self: bool) -> Compiled {
        let key = (text.to_owned(), optional_old_self);
        // A poisoned lock only means another thread panicked while holding it; the map is still whole.
        let mut compiled = COMPILED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let entry = compiled
            .entry(key)
            .or_insert_with(|| Arc::new(compile(text).map(|c| c.with_optional_old_self(optional_old_self))));
        Arc::clone(entry)
    }

    /// The message of a failed rule: its message expression's string, else its message, else Kubernetes' default.
    fn message(&mut self, rule: &Rule, schema: Schema<'_>, value: &Value, old: Option<&Value>, root: bool) -> String {
        if let Some(expression) = &rule.message_expression
            && let Ok(compiled) = self.compiled(expression, rule.optional_old_self).as_ref()
            && let Ok(CelValue::String(text)) = run(compiled, value, old, schema, root)
            && !text.trim().is_empty()
        {
            return text.to_string();
        }
        rule.message.clone().unwrap_or_else(|| format!("failed rule: {}", rule.rule))
    }

    fn violate(&mut self, rule: &Rule, path: &str, message: String) {
        let field = match rule.field_path.as_deref().map(|p| p.trim_start_matches('.')) {
            Some(relative) if !relative.is_empty() && !path.is_empty() => format!("{path}.{relative}"),
            Some(relative) if !relative.is_empty() => relative.to_owned(),
            _ => path.to_owned(),
        };
        self.violations.push(RuleViolation { field, rule: rule.rule.clone(), message, reason: rule.reason.clone() });
    }
}

/// The old item paired with `item` in a list of type map: the one with the same values for every key field.
fn old_list_item<'v>(keys: &[&str], item: &Value, old: Option<&'v Value>) -> Option<&'v Value> {
    if keys.is_empty() {
        return None;
    }
    let old_items = old?.as_array()?;
    old_items.iter().find(|candidate| keys.iter().all(|key| candidate.get(*key) == item.get(*key)))
}
