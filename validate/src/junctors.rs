//! `allOf`, `anyOf`, `oneOf` and `not`: a value must satisfy all, any, exactly one, or none of the member schemas.

use serde_json::Value;

use crate::reason::Reason;
use crate::walk::{FieldError, Walker};

impl Walker<'_> {
    pub(crate) fn junctors(&mut self, schema: &Value, value: &Value, path: &str, resource_root: bool) {
        let members = |key: &str| schema.get(key).and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
        for member in members("allOf") {
            let errors = self.member_errors(member, value, path, resource_root);
            self.errors.extend(errors);
        }
        let any = members("anyOf");
        if !any.is_empty() {
            let outcomes: Vec<Vec<FieldError>> =
                any.iter().map(|m| self.member_errors(m, value, path, resource_root)).collect();
            if outcomes.iter().all(|errors| !errors.is_empty()) {
                self.composite(path, "must validate at least one schema (anyOf)");
                self.closest_member(outcomes);
            }
        }
        let one = members("oneOf");
        if !one.is_empty() {
            let outcomes: Vec<Vec<FieldError>> =
                one.iter().map(|m| self.member_errors(m, value, path, resource_root)).collect();
            match outcomes.iter().filter(|errors| errors.is_empty()).count() {
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
            && self.member_errors(forbidden, value, path, resource_root).is_empty()
        {
            self.composite(path, "must not validate the schema (not)");
        }
    }

    /// A junctor's own error, as the server reports it: with no field (`<nil>`), the path quoted in the message.
    fn composite(&mut self, path: &str, what: &str) {
        self.error("", Reason::Invalid, format!("Invalid value: \"\": {path:?} {what}"));
    }

    /// The errors of the member that came closest (the fewest errors; the first on a tie), which the server adds
    /// after the junctor's own error.
    fn closest_member(&mut self, outcomes: Vec<Vec<FieldError>>) {
        if let Some(closest) = outcomes.into_iter().min_by_key(Vec::len) {
            self.errors.extend(closest);
        }
    }

    /// The errors of `value` against one member, which constrains values but declares no fields.
    fn member_errors(&mut self, member: &Value, value: &Value, path: &str, resource_root: bool) -> Vec<FieldError> {
        let mut walker =
            Walker { patterns: &mut *self.patterns, errors: Vec::new(), strict: false, built_in: self.built_in };
        walker.value(member, value, path, resource_root);
        walker.errors
    }
}
