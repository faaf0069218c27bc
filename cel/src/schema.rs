//! Read-only access to one node of a structural schema held as JSON, and the rules declared on it.

use serde_json::{Map, Value};

/// One schema node: `type`, `properties`, `items`, `additionalProperties`, bounds and `x-kubernetes-*` extensions.
///
/// Keywords are looked up on the node itself first, then in the members of its `allOf` (OpenAPI documents wrap a
/// `$ref` as `allOf: [{$ref}]` next to a description; once the reference is inlined the wrapper reads as the
/// node it points to).
#[derive(Debug, Clone, Copy)]
pub struct Schema<'a>(&'a Value);

/// The open schema used where a schema says nothing (`additionalProperties: true`, absent `items`).
static OPEN: Value = Value::Null;

impl<'a> Schema<'a> {
    /// Wraps a JSON schema node.
    pub fn new(value: &'a Value) -> Self {
        Schema(value)
    }

    /// The JSON the node is made of.
    pub fn json(self) -> &'a Value {
        self.0
    }

    /// A keyword of the node, or of the first `allOf` member that has it.
    pub fn get(self, key: &str) -> Option<&'a Value> {
        self.locate(key).map(|(_, value)| value)
    }

    /// A keyword and the JSON pointer (relative to the node) of the object holding it: empty for the node itself,
    /// `/allOf/0` for its first `allOf` member.
    pub fn locate(self, key: &str) -> Option<(String, &'a Value)> {
        if let Some(value) = self.0.get(key) {
            return Some((String::new(), value));
        }
        let members = self.0.get("allOf")?.as_array()?;
        members.iter().enumerate().find_map(|(index, member)| {
            Schema(member).locate(key).map(|(pointer, value)| (format!("/allOf/{index}{pointer}"), value))
        })
    }

    /// `type`, when the node declares one.
    pub fn type_name(self) -> Option<&'a str> {
        self.get("type")?.as_str()
    }

    /// `format`, when the node declares one.
    pub fn format(self) -> Option<&'a str> {
        self.get("format")?.as_str()
    }

    /// `properties` of an object.
    pub fn properties(self) -> Option<&'a Map<String, Value>> {
        self.get("properties")?.as_object()
    }

    /// The schema of one declared property.
    pub fn property(self, name: &str) -> Option<Schema<'a>> {
        self.properties()?.get(name).map(Schema)
    }

    /// The schema of a list's items (an open schema when a list declares none).
    pub fn items(self) -> Option<Schema<'a>> {
        match self.get("items") {
            Some(items) if items.is_object() => Some(Schema(items)),
            Some(_) => None,
            None if self.type_name() == Some("array") => Some(Schema(&OPEN)),
            None => None,
        }
    }

    /// The schema of a map's values: `additionalProperties` as a schema (`true` is an open schema).
    pub fn additional_properties(self) -> Option<Schema<'a>> {
        match self.get("additionalProperties")? {
            Value::Bool(true) => Some(Schema(&OPEN)),
            value if value.is_object() => Some(Schema(value)),
            _ => None,
        }
    }

    /// Whether the node is a map: an object whose values all share `additionalProperties`.
    pub fn is_map(self) -> bool {
        self.properties().is_none() && self.additional_properties().is_some()
    }

    /// A non-negative integer keyword such as `maxItems`.
    pub fn bound(self, key: &str) -> Option<u64> {
        let value = self.get(key)?;
        value.as_u64().or_else(|| value.as_i64().map(|_| 0))
    }

    /// A boolean `x-kubernetes-*` flag.
    pub fn flag(self, key: &str) -> bool {
        self.get(key).and_then(Value::as_bool).unwrap_or(false)
    }

    /// Whether the value may be an integer or a string (`x-kubernetes-int-or-string`, or the `int-or-string` format).
    pub fn is_int_or_string(self) -> bool {
        self.flag("x-kubernetes-int-or-string") || self.format() == Some("int-or-string")
    }

    /// `x-kubernetes-list-type`.
    pub fn list_type(self) -> Option<&'a str> {
        self.get("x-kubernetes-list-type")?.as_str()
    }

    /// `x-kubernetes-list-map-keys` of a `map` list.
    pub fn list_map_keys(self) -> Vec<&'a str> {
        match self.get("x-kubernetes-list-map-keys").and_then(Value::as_array) {
            Some(keys) => keys.iter().filter_map(Value::as_str).collect(),
            None => Vec::new(),
        }
    }

    /// `enum`, when declared.
    pub fn enum_values(self) -> Option<&'a Vec<Value>> {
        self.get("enum")?.as_array()
    }

    /// The names in `required`.
    pub fn required(self) -> Vec<&'a str> {
        match self.get("required").and_then(Value::as_array) {
            Some(names) => names.iter().filter_map(Value::as_str).collect(),
            None => Vec::new(),
        }
    }

    /// The validation rules declared on this node (not on its children), each with the JSON pointer of its entry
    /// relative to the node; rules of `allOf` members count as the node's own.
    pub fn rules(self) -> Vec<(String, Rule)> {
        let mut found = Vec::new();
        self.collect_rules("", &mut found);
        found
    }

    fn collect_rules(self, pointer: &str, found: &mut Vec<(String, Rule)>) {
        if let Some(entries) = self.0.get("x-kubernetes-validations").and_then(Value::as_array) {
            for (index, entry) in entries.iter().enumerate() {
                if let Some(rule) = Rule::from_json(entry) {
                    found.push((format!("{pointer}/x-kubernetes-validations/{index}"), rule));
                }
            }
        }
        if let Some(members) = self.0.get("allOf").and_then(Value::as_array) {
            for (index, member) in members.iter().enumerate() {
                Schema(member).collect_rules(&format!("{pointer}/allOf/{index}"), found);
            }
        }
    }
}

/// One entry of `x-kubernetes-validations`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// The CEL expression.
    pub rule: String,
    /// The message reported when the rule fails.
    pub message: Option<String>,
    /// A CEL expression computing the message (takes precedence over `message` when it evaluates to a string).
    pub message_expression: Option<String>,
    /// The machine-readable reason (`FieldValueInvalid`, …).
    pub reason: Option<String>,
    /// A path, relative to the node, that the failure is reported at.
    pub field_path: Option<String>,
    /// Whether the rule also runs without an old value, `oldSelf` being an optional.
    pub optional_old_self: bool,
}

impl Rule {
    /// Reads a rule entry; `None` when it has no `rule` string.
    pub fn from_json(entry: &Value) -> Option<Rule> {
        let text = |key: &str| entry.get(key).and_then(Value::as_str).map(str::to_owned);
        Some(Rule {
            rule: text("rule")?,
            message: text("message").filter(|message| !message.is_empty()),
            message_expression: text("messageExpression").filter(|expression| !expression.trim().is_empty()),
            reason: text("reason"),
            field_path: text("fieldPath").filter(|path| !path.is_empty()),
            optional_old_self: entry.get("optionalOldSelf").and_then(Value::as_bool).unwrap_or(false),
        })
    }

    /// A rule with only an expression, as tests and callers that build rules by hand need.
    pub fn new(rule: impl Into<String>) -> Rule {
        Rule {
            rule: rule.into(),
            message: None,
            message_expression: None,
            reason: None,
            field_path: None,
            optional_old_self: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keywords_are_found_through_all_of_wrappers() {
        let node = json!({"description": "d", "allOf": [{"type": "object", "properties": {"a": {"type": "string"}}}]});
        let schema = Schema::new(&node);
        assert_eq!(schema.type_name(), Some("object"));
        assert!(schema.property("a").is_some());
        assert!(schema.property("b").is_none());
    }

    #[test]
    fn additional_properties_true_is_an_open_map() {
        let node = json!({"type": "object", "additionalProperties": true});
        assert!(Schema::new(&node).is_map());
        let closed = json!({"type": "object", "additionalProperties": false});
        assert!(!Schema::new(&closed).is_map());
    }

    #[test]
    fn rule_entries_without_a_rule_are_skipped() {
        let node =
            json!({"x-kubernetes-validations": [{"message": "m"}, {"rule": "self > 0", "optionalOldSelf": true}]});
        let rules = Schema::new(&node).rules();
        assert_eq!(rules.len(), 1);
        assert_eq!(rules[0].0, "/x-kubernetes-validations/1");
        assert!(rules[0].1.optional_old_self);
    }
}
