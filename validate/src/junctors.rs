//! `allOf`, `anyOf`, `oneOf` and `not`: a value must satisfy all, any, exactly one, or none of the member schemas.

use serde_json::Value;

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
                self.no_form_matches(path, &outcomes);
            }
        }
        let one = members("oneOf");
        if !one.is_empty() {
            let outcomes: Vec<Vec<FieldError>> =
                one.iter().map(|m| self.member_errors(m, value, path, resource_root)).collect();
            match outcomes.iter().filter(|errors| errors.is_empty()).count() {
                0 => self.no_form_matches(path, &outcomes),
                1 => {}
                matched => self.error(
                    path,
                    format!("Invalid value: must match exactly one of the allowed forms, but matches {matched}"),
                ),
            }
        }
        if let Some(forbidden) = schema.get("not")
            && self.member_errors(forbidden, value, path, resource_root).is_empty()
        {
            self.error(path, "Invalid value: must not match the forbidden form");
        }
    }

    /// The errors of `value` against one member, which constrains values but declares no fields.
    fn member_errors(&mut self, member: &Value, value: &Value, path: &str, resource_root: bool) -> Vec<FieldError> {
        let mut walker =
            Walker { patterns: &mut *self.patterns, errors: Vec::new(), strict: false, built_in: self.built_in };
        walker.value(member, value, path, resource_root);
        walker.errors
    }

    /// No member matched: say so, with the first problem of the member that came closest, then that member's
    /// problems themselves (as the server adds the closest form's failures to the union's), each once.
    fn no_form_matches(&mut self, path: &str, outcomes: &[Vec<FieldError>]) {
        // The fewest problems; on a tie, a form whose problems lie deeper (the value has the form's shape).
        let closest = outcomes
            .iter()
            .filter_map(|errors| errors.first().map(|first| (errors.len(), first)))
            .min_by_key(|(count, first)| (*count, first.field == path));
        let message = match closest {
            Some((_, first)) if first.field == path => {
                format!("Invalid value: matches none of the allowed forms (closest: {})", first.message)
            }
            Some((_, first)) => {
                let field = if first.field.is_empty() { "<root>" } else { &first.field };
                format!("Invalid value: matches none of the allowed forms (closest: {field}: {})", first.message)
            }
            None => "Invalid value: matches none of the allowed forms".to_owned(),
        };
        self.error(path, message);
        let closest_errors = outcomes
            .iter()
            .filter(|errors| !errors.is_empty())
            .min_by_key(|errors| (errors.len(), errors[0].field == path));
        for error in closest_errors.into_iter().flatten() {
            if !self.errors.contains(error) {
                self.errors.push(error.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::scalars::Patterns;
    use crate::walk::validate_value;

    #[test]
    fn a_union_matching_no_form_reports_the_closest_forms_problems_too() {
        let schema = json!({"type": "object", "properties": {"backoff": {"type": "object", "properties": {
            "seconds": {"type": "integer"}, "steps": {"type": "array", "items": {"type": "integer"}}},
            "anyOf": [{"required": ["seconds"]}, {"required": ["steps"]}]}}});
        let mut patterns = Patterns::default();
        let errors = validate_value(&schema, &json!({"backoff": {}}), &mut patterns, false);
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["backoff", "backoff.seconds"], "{errors:?}");
    }
}
