//! Two documents compared operation by operation.

use std::collections::{BTreeMap, BTreeSet};

use kapi_model::{GroupVersion, SchemaNode};

use super::read::{Body, Document, Operation};
use crate::finding::Finding;
use crate::policy::Policy;
use crate::rule::Rule;
use crate::schema::{Direction, compare_nodes};

/// Every finding between `old` and `new` under `policy`, sorted and without duplicates. A document declares no
/// stability level, so its findings are held to the GA standard.
pub fn compare(old: &Document, new: &Document, policy: &Policy) -> Vec<Finding> {
    let mut compare = Comparison { old, new, policy, findings: Vec::new() };
    let new_paths: BTreeSet<&str> = new.operations.keys().map(|(path, _)| path.as_str()).collect();
    for (key, old_operation) in &old.operations {
        match new.operations.get(key) {
            Some(new_operation) => compare.operation(old_operation, new_operation),
            None if new_paths.contains(key.0.as_str()) => {
                compare.push(Rule::OperationRemoved, old_operation, String::new(), "operation removed".into());
            }
            None => compare.push(Rule::PathRemoved, old_operation, String::new(), "path removed".into()),
        }
    }
    let mut findings = compare.findings;
    findings.sort();
    findings.dedup();
    findings
}

struct Comparison<'a> {
    old: &'a Document,
    new: &'a Document,
    policy: &'a Policy,
    findings: Vec<Finding>,
}

impl Comparison<'_> {
    fn push(&mut self, rule: Rule, operation: &Operation, path: String, detail: String) {
        // Documents name no group-version: the empty one, which the policy holds to the GA standard.
        let group_version = GroupVersion { group: String::new(), version: String::new() };
        if let Some(severity) = self.policy.severity(rule, &group_version.version) {
            let kind = Some(operation.name.clone());
            self.findings.push(Finding { group_version, kind, path, rule, severity, detail });
        }
    }

    fn schemas(&mut self, operation: &Operation, nodes: [&SchemaNode; 2], direction: Direction, root: &str) {
        let registries = [&self.old.definitions, &self.new.definitions];
        for change in compare_nodes(registries, nodes, direction, root) {
            self.push(change.rule, operation, change.path, change.detail);
        }
    }

    fn operation(&mut self, old: &Operation, new: &Operation) {
        for (key @ (location, _), old_parameter) in &old.parameters {
            let name = &old_parameter.name;
            let root = format!("{location} parameter {name}");
            let Some(new_parameter) = new.parameters.get(key) else {
                self.push(Rule::ParameterRemoved, old, root, format!("{location} parameter `{name}` removed"));
                continue;
            };
            if !old_parameter.required && new_parameter.required {
                self.push(Rule::ParameterRequired, old, root.clone(), format!("`{name}` became required"));
            }
            self.schemas(old, [&old_parameter.schema, &new_parameter.schema], Direction::Request, &root);
        }
        for (key @ (location, _), new_parameter) in &new.parameters {
            let name = &new_parameter.name;
            if new_parameter.required && !old.parameters.contains_key(key) {
                let detail = format!("required {location} parameter `{name}` added");
                self.push(Rule::ParameterRequired, old, format!("{location} parameter {name}"), detail);
            }
        }
        match (&old.request_body, &new.request_body) {
            (Some(old_body), Some(new_body)) => {
                if !old_body.required && new_body.required {
                    self.push(Rule::RequestBodyRequired, old, "request body".into(), "became required".into());
                }
                self.body(old, "request body", old_body, new_body, Direction::Request);
            }
            (None, Some(new_body)) if new_body.required => {
                self.push(Rule::RequestBodyRequired, old, "request body".into(), "required body added".into());
            }
            _ => {}
        }
        for (status, old_response) in &old.responses {
            let root = format!("response {status}");
            match new.responses.get(status) {
                Some(new_response) => self.body(old, &root, old_response, new_response, Direction::Response),
                None if status.starts_with('2') => {
                    self.push(Rule::ResponseRemoved, old, root, format!("success response {status} removed"));
                }
                None => {}
            }
        }
    }

    /// A body's media types: each one gone is reported; those in both are compared, once for all the media types
    /// whose old and new schemas are the same pair (a Kubernetes body's JSON, YAML and protobuf), the media type
    /// named in the path only when the pairs differ.
    fn body(&mut self, operation: &Operation, root: &str, old: &Body, new: &Body, direction: Direction) {
        let mut pairs: BTreeMap<(String, String), (&str, [&SchemaNode; 2])> = BTreeMap::new();
        for (media, old_schema) in &old.content {
            let Some(new_schema) = new.content.get(media) else {
                // A body that lists no media types in the new document says nothing about them.
                if !new.content.is_empty() {
                    self.push(
                        Rule::MediaTypeRemoved,
                        operation,
                        format!("{root} {media}"),
                        "media type removed".into(),
                    );
                }
                continue;
            };
            let key = (schema_key(old_schema), schema_key(new_schema));
            pairs.entry(key).or_insert((media.as_str(), [old_schema, new_schema]));
        }
        let name_media = pairs.len() > 1;
        for (media, nodes) in pairs.into_values() {
            let root = if name_media { format!("{root} {media}") } else { root.to_owned() };
            self.schemas(operation, nodes, direction, &root);
        }
    }
}

/// A schema's identity for grouping media types: its JSON text (schemas are small or references).
fn schema_key(schema: &SchemaNode) -> String {
    serde_json::to_string(schema).unwrap_or_default()
}
