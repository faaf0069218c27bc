//! The CEL rules' own verdict on a document, rule by rule: for tools comparing kapi-cel's evaluation with the
//! API server's (which rules fail), apart from the schema problems `validate` mixes them with.

use kapi_cel::RuleViolation;

use crate::{Document, Gvk, Validator, defaults, object_key};

impl Validator<'_> {
    /// The rules (`x-kubernetes-validations`) the document breaks, each naming its rule; empty when its kind is
    /// unknown. The rules see the object with schema defaults filled in, as in [`Validator::validate`].
    pub fn rule_violations(&mut self, document: &Document) -> Vec<RuleViolation> {
        let value = &document.value;
        let text = |key: &str| value.get(key).and_then(serde_json::Value::as_str);
        let (Some(api_version), Some(kind)) = (text("apiVersion"), text("kind")) else { return Vec::new() };
        let gvk = Gvk::from_api_version(api_version, kind);
        let Some(schema) = self.schema(&gvk) else { return Vec::new() };
        let without_status = self.catalog.ignores_status(&gvk).then(|| crate::status_dropped(value));
        let value = without_status.as_ref().unwrap_or(value);
        let current = defaults::with_defaults(&schema, value);
        let old = object_key(value).and_then(|key| self.old.get(&key)).map(|old| defaults::with_defaults(&schema, old));
        kapi_cel::validate_object(&schema, &current, old.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use serde_json::json;

    use crate::{Catalog, Document, Validator};

    #[test]
    fn each_broken_rule_is_named() {
        let crd = json!({"spec": {"group": "g.example.com", "names": {"kind": "Thing"}, "versions": [{"name": "v1",
            "schema": {"openAPIV3Schema": {"type": "object", "properties": {"spec": {"type": "object",
                "properties": {"low": {"type": "integer", "default": 5}, "high": {"type": "integer"}},
                "x-kubernetes-validations": [{"rule": "self.low <= self.high", "message": "low ≤ high"},
                                             {"rule": "self.high < 100"}]}}}}}]}});
        let files = BTreeMap::from([("crds/things.json".to_owned(), serde_json::to_vec(&crd).expect("JSON"))]);
        let catalog = Catalog::from_files(&files).expect("the catalog builds");
        let document = |high: i64| Document {
            file: "t.yaml".to_owned(),
            index: 1,
            value: json!({"apiVersion": "g.example.com/v1", "kind": "Thing", "metadata": {"name": "a"},
                          "spec": {"high": high}}),
        };
        let mut validator = Validator::new(&catalog);
        // The default of `low` (5) takes part: 3 breaks the first rule, 200 the second.
        let broken = |validator: &mut Validator<'_>, high| {
            validator.rule_violations(&document(high)).into_iter().map(|v| v.rule).collect::<Vec<_>>()
        };
        assert_eq!(broken(&mut validator, 3), ["self.low <= self.high"]);
        assert_eq!(broken(&mut validator, 200), ["self.high < 100"]);
        assert!(broken(&mut validator, 50).is_empty());
        // `validate` runs no rule once a blocking schema problem (here a type) is found, as the server.
        let mut wrong_type = document(3);
        wrong_type.value["spec"]["high"] = json!("three");
        let problems = validator.validate(&wrong_type);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].field, "spec.high");
    }
}

#[cfg(test)]
mod defaults_tests {
    use std::collections::BTreeMap;

    use serde_json::json;

    use crate::{Catalog, Document, Validator};

    #[test]
    fn a_custom_resource_is_validated_with_its_defaults() {
        let crd = json!({"spec": {"group": "g.example.com", "names": {"kind": "Thing"}, "versions": [{"name": "v1",
            "schema": {"openAPIV3Schema": {"type": "object", "properties": {"spec": {"type": "object",
                "required": ["mode"], "properties": {"mode": {"type": "string", "default": "fast"}}}}}}}]}});
        let files = BTreeMap::from([("crds/things.json".to_owned(), serde_json::to_vec(&crd).expect("JSON"))]);
        let catalog = Catalog::from_files(&files).expect("the catalog builds");
        let document = Document {
            file: "t.yaml".to_owned(),
            index: 1,
            value: json!({"apiVersion": "g.example.com/v1", "kind": "Thing", "metadata": {"name": "a"}, "spec": {}}),
        };
        // The server fills `mode` in before it validates: never missing.
        assert_eq!(Validator::new(&catalog).validate(&document), vec![]);
    }

    #[test]
    fn a_status_written_by_its_subresource_is_not_validated() {
        let crd = json!({"spec": {"group": "g.example.com", "names": {"kind": "Thing"}, "versions": [{"name": "v1",
            "subresources": {"status": {}},
            "schema": {"openAPIV3Schema": {"type": "object", "properties": {
                "status": {"type": "object", "properties": {"ready": {"type": "boolean"}}}}}}}]}});
        let files = BTreeMap::from([("crds/things.json".to_owned(), serde_json::to_vec(&crd).expect("JSON"))]);
        let catalog = Catalog::from_files(&files).expect("the catalog builds");
        let document = Document {
            file: "t.yaml".to_owned(),
            index: 1,
            value: json!({"apiVersion": "g.example.com/v1", "kind": "Thing", "metadata": {"name": "a"},
                          "status": {"ready": "maybe"}}),
        };
        // The server drops the status of a create (only the subresource writes it).
        assert_eq!(Validator::new(&catalog).validate(&document), vec![]);
    }
}
