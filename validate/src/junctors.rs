//! `allOf`, `anyOf`, `oneOf` and `not`: a value must satisfy all, any, exactly one, or none of the member schemas.

use serde_json::Value;

use crate::reason::Reason;
use crate::walk::{FieldError, Walker};

/// A member's errors and how many schema nodes it checked.
type Outcome = (Vec<FieldError>, usize);

impl Walker<'_> {
    pub(crate) fn junctors(&mut self, schema: &Value, value: &Value, path: &str, resource_root: bool) {
        let members = |key: &str| schema.get(key).and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
        for member in members("allOf") {
            let (errors, _) = self.member_errors(member, value, path, resource_root);
            self.errors.extend(errors);
        }
        let any = members("anyOf");
        if !any.is_empty() {
            let outcomes: Vec<Outcome> =
                any.iter().map(|m| self.member_errors(m, value, path, resource_root)).collect();
            if outcomes.iter().all(|(errors, _)| !errors.is_empty()) {
                self.composite(path, "must validate at least one schema (anyOf)");
                self.closest_member(outcomes);
            }
        }
        let one = members("oneOf");
        if !one.is_empty() {
            let outcomes: Vec<Outcome> =
                one.iter().map(|m| self.member_errors(m, value, path, resource_root)).collect();
            match outcomes.iter().filter(|(errors, _)| errors.is_empty()).count() {
                0 => {
                    self.composite(path, "must validate one and only one schema (oneOf). Found none valid");
                    self.closest_member(outcomes);
                }
                1 => {}
                matched => self.composite(
                    path,
                    &format!("must validate one and only one schema (oneOf). Found {matched} valid alternatives"),
                ),
            }
        }
        if let Some(forbidden) = schema.get("not")
            && self.member_errors(forbidden, value, path, resource_root).0.is_empty()
        {
            self.composite(path, "must not validate the schema (not)");
        }
    }

    /// A junctor's own error, as the server reports it: with no field (`<nil>`), the path quoted in the message.
    fn composite(&mut self, path: &str, what: &str) {
        self.error("", Reason::Invalid, format!("Invalid value: \"\": {path:?} {what}"));
    }

    /// The errors of the member that came closest, which the server adds after the junctor's own error: by
    /// kube-openapi's measure, the one that checked the most schema nodes (the first on a tie). A problem the node
    /// itself already reported for the field, for the same reason, is not repeated: the member's narrower view of
    /// it (a tag's one value, where the node lists them all) would only contradict the node's.
    fn closest_member(&mut self, outcomes: Vec<Outcome>) {
        let mut closest: Option<Outcome> = None;
        for outcome in outcomes {
            if closest.as_ref().is_none_or(|(_, checks)| outcome.1 > *checks) {
                closest = Some(outcome);
            }
        }
        if let Some((errors, _)) = closest {
            for error in errors {
                if !self.errors.iter().any(|e| e.field == error.field && e.reason == error.reason) {
                    self.errors.push(error);
                }
            }
        }
    }

    /// The errors of `value` against one member, which constrains values but declares no fields, and how many
    /// schema nodes it checked.
    fn member_errors(&mut self, member: &Value, value: &Value, path: &str, resource_root: bool) -> Outcome {
        let mut walker = Walker {
            patterns: &mut *self.patterns,
            errors: Vec::new(),
            strict: false,
            built_in: self.built_in,
            checks: 0,
        };
        walker.value(member, value, path, resource_root);
        self.checks += walker.checks;
        (walker.errors, walker.checks)
    }
}
