//! What a broken rule is reported as, where a node sits (its JSON pointer and the field path a person reads), and
//! the collector the rule families push into.

use std::fmt;

use crate::structural::rule::StructuralRule;

/// One rule a schema broke.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The rule.
    pub rule: StructuralRule,
    /// Field path of the offending node: `spec.ports[*].name`, `spec.labels[*]` for additionalProperties values,
    /// `""` for the root.
    pub field: String,
    /// RFC 6901 pointer to the offending schema node inside the checked schema (for example
    /// `/properties/spec/properties/ports/items`); `""` for the root.
    pub pointer: String,
    /// A lowercase sentence that starts with the field path and says what is wrong.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [{}]", self.message, self.rule)
    }
}

/// One step of a field path.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    /// A property name.
    Name(String),
    /// Any list item or any additionalProperties value: `[*]`.
    Each,
}

/// Where a schema node is: the pointer tokens from the checked schema's root and the field path of the data it
/// describes. Junctor branches add pointer tokens but no field segments (they describe the same data).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Location {
    tokens: Vec<String>,
    field: Vec<Segment>,
}

impl Location {
    /// The node of property `name`.
    pub fn property(&self, name: &str) -> Self {
        self.step(&["properties", name], Some(Segment::Name(name.to_owned())))
    }

    /// The node of the list items.
    pub fn items(&self) -> Self {
        self.step(&["items"], Some(Segment::Each))
    }

    /// The node of the additionalProperties values.
    pub fn additional(&self) -> Self {
        self.step(&["additionalProperties"], Some(Segment::Each))
    }

    /// A branch of a junctor (`allOf`, `anyOf`, `oneOf` with an index, `not` without).
    pub fn branch(&self, junctor: &str, index: Option<usize>) -> Self {
        match index {
            Some(index) => self.step(&[junctor, &index.to_string()], None),
            None => self.step(&[junctor], None),
        }
    }

    fn step(&self, tokens: &[&str], segment: Option<Segment>) -> Self {
        let mut next = self.clone();
        next.tokens.extend(tokens.iter().map(|token| (*token).to_owned()));
        next.field.extend(segment);
        next
    }

    /// The RFC 6901 pointer.
    pub fn pointer(&self) -> String {
        self.tokens.iter().map(|token| format!("/{}", token.replace('~', "~0").replace('/', "~1"))).collect()
    }

    /// The field path: `spec.ports[*].name`; names that are not plain identifiers are quoted: `["a.b/c"]`.
    pub fn field(&self) -> String {
        let mut out = String::new();
        for segment in &self.field {
            match segment {
                Segment::Each => out.push_str("[*]"),
                Segment::Name(name) if is_identifier(name) => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(name);
                }
                Segment::Name(name) => out.push_str(&format!("[{}]", serde_json::Value::from(name.as_str()))),
            }
        }
        out
    }

    /// The field path as messages start with it.
    pub fn subject(&self) -> String {
        let field = self.field();
        if field.is_empty() { "the root schema".to_owned() } else { field }
    }
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|first| first.is_ascii_alphabetic() || first == '_' || first == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '-'))
}

/// Collects violations; [`Report::finish`] sorts them.
#[derive(Debug, Default)]
pub(super) struct Report {
    violations: Vec<Violation>,
}

impl Report {
    /// Records that the node at `at` breaks `rule`; `detail` completes the sentence after the field path.
    pub fn push(&mut self, at: &Location, rule: StructuralRule, detail: impl fmt::Display) {
        let message = format!("{}: {detail}", at.subject());
        self.violations.push(Violation { rule, field: at.field(), pointer: at.pointer(), message });
    }

    /// The violations by pointer, then rule, then message, without repeats.
    pub fn finish(mut self) -> Vec<Violation> {
        self.violations.sort_by(|a, b| (&a.pointer, a.rule, &a.message).cmp(&(&b.pointer, b.rule, &b.message)));
        self.violations.dedup();
        self.violations
    }
}
