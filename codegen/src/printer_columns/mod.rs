//! A printer column's `jsonPath`, judged as the API server and its table printer treat it.
//!
//! The server refuses a CRD only for an empty path or one that does not start with `.`; it never reads the path
//! against the schema. When serving, it parses each column as a client-go JSONPath template: if one of a version's
//! columns does not parse, that version is printed with the default columns alone (`NAME`, `AGE`). A path that
//! parses but reaches nothing an object of the schema can hold prints an empty cell for every object.
//! kapi says which of these a path is, the schema walk knowing filters, slices, wildcards and the object
//! metadata (`.metadata.creationTimestamp`, `.metadata.labels.app`) every custom resource has.

mod jsonpath;
mod schema_walk;

use serde_json::Value;

/// What becomes of a printer column's `jsonPath` in a version whose schema is given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ColumnPathVerdict {
    /// The API server refuses the CRD; says why.
    Refused(String),
    /// The server accepts the CRD but cannot parse the path, and then prints none of the version's columns.
    Unparsable(String),
    /// The column is printed, but nothing an object of the schema holds is at its path: its cells are always
    /// empty.
    NamesNothing,
    /// The column is printed, and the path can reach a value.
    Leads,
}

/// Judges `path` as a printer column of a version whose `openAPIV3Schema` is `schema`.
pub fn column_path_verdict(schema: &Value, path: &str) -> ColumnPathVerdict {
    if path.is_empty() {
        return ColumnPathVerdict::Refused("must not be empty".to_owned());
    }
    if !path.starts_with('.') {
        return ColumnPathVerdict::Refused("must be a simple json path starting with .".to_owned());
    }
    let actions = match jsonpath::parse_template(&format!("{{{path}}}")) {
        Ok(actions) => actions,
        Err(why) => return ColumnPathVerdict::Unparsable(why),
    };
    if actions.iter().any(|steps| schema_walk::leads_somewhere(schema, steps)) {
        ColumnPathVerdict::Leads
    } else {
        ColumnPathVerdict::NamesNothing
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{ColumnPathVerdict, column_path_verdict};

    fn schema() -> serde_json::Value {
        json!({"type": "object", "properties": {
            "metadata": {"type": "object"},
            "spec": {"type": "object", "properties": {
                "replicas": {"type": "integer"},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                "extra": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
            }},
            "status": {"type": "object", "properties": {"conditions": {"type": "array", "items": {
                "type": "object", "properties": {"type": {"type": "string"}, "status": {"type": "string"}}
            }}}},
        }})
    }

    #[test]
    fn the_age_column_leads_to_the_creation_timestamp() {
        assert_eq!(column_path_verdict(&schema(), ".metadata.creationTimestamp"), ColumnPathVerdict::Leads);
        assert_eq!(column_path_verdict(&schema(), ".metadata.labels.app"), ColumnPathVerdict::Leads);
        assert_eq!(column_path_verdict(&schema(), ".metadata.ownerReferences[0].name"), ColumnPathVerdict::Leads);
        assert_eq!(column_path_verdict(&schema(), ".metadata.creation"), ColumnPathVerdict::NamesNothing);
    }

    #[test]
    fn a_filtered_condition_column_leads_to_its_status() {
        let ready = r#".status.conditions[?(@.type=="Ready")].status"#;
        assert_eq!(column_path_verdict(&schema(), ready), ColumnPathVerdict::Leads);
        let spaced = r#".status.conditions[?(@.type == "Ready")].status"#;
        assert_eq!(column_path_verdict(&schema(), spaced), ColumnPathVerdict::Leads);
        let wrong = r#".status.conditions[?(@.kind=="Ready")].status"#;
        assert_eq!(column_path_verdict(&schema(), wrong), ColumnPathVerdict::NamesNothing);
        assert!(matches!(
            column_path_verdict(&schema(), r#".status.conditions[?(@.type=="Ready").status"#),
            ColumnPathVerdict::Unparsable(_)
        ));
    }

    #[test]
    fn only_an_empty_path_or_one_without_a_leading_dot_is_refused() {
        assert!(matches!(column_path_verdict(&schema(), ""), ColumnPathVerdict::Refused(_)));
        assert!(matches!(column_path_verdict(&schema(), "spec.replicas"), ColumnPathVerdict::Refused(_)));
        assert_eq!(column_path_verdict(&schema(), ".spec.image"), ColumnPathVerdict::NamesNothing);
        assert_eq!(column_path_verdict(&schema(), ".spec.labels.tier"), ColumnPathVerdict::Leads);
        assert_eq!(column_path_verdict(&schema(), ".spec.extra.anything[3]"), ColumnPathVerdict::Leads);
        assert_eq!(column_path_verdict(&schema(), ".spec.*"), ColumnPathVerdict::Leads);
        assert_eq!(column_path_verdict(&schema(), ".spec.replicas[0]"), ColumnPathVerdict::NamesNothing);
    }
}
