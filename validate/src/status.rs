//! A document's result as the API server answers a create: a `metav1.Status`, the shape kubectl-validate prints
//! and tools built around the server read. A valid document is `Success`; field errors make an `Invalid` (422)
//! status whose message is `<Kind>.<group> "<name>" is invalid: <field>: <message>` (`[…, …]` for several, group
//! `core` for the core group) and whose `details.causes` carry each error's reason, message and field (`<nil>`
//! for the object itself); a document that cannot be decoded is an `InternalError` (500); one that is not YAML, a
//! `BadRequest` (400). Undeclared fields fail strict decoding before validation, so when there are some they are
//! the only causes, and the status names no object, as kubectl-validate's does.

use serde_json::{Map, Value, json};

use crate::problem::Problem;
use crate::reason::Origin;

/// The status of a valid (or empty) document.
pub fn success_status() -> Value {
    json!({"metadata": {}, "status": "Success"})
}

/// The status of a document that is not YAML (or JSON): `message` is the parser's.
pub fn bad_request_status(message: &str) -> Value {
    json!({
        "metadata": {},
        "status": "Failure",
        "message": "failed to unmarshal document to YAML",
        "reason": "BadRequest",
        "details": {"causes": [{"message": message}]},
        "code": 400,
    })
}

/// The status of one document (`object`) with the problems found in it.
pub fn document_status(object: &Value, problems: &[Problem]) -> Value {
    if problems.is_empty() {
        return success_status();
    }
    if let Some(decode) = problems.iter().find(|p| p.origin == Origin::Decode) {
        return json!({
            "metadata": {},
            "status": "Failure",
            "message": format!("Internal error occurred: {}", decode.message),
            "reason": "InternalError",
            "details": {"causes": [{"message": decode.message}]},
            "code": 500,
        });
    }
    let unknown: Vec<&Problem> = problems.iter().filter(|p| p.origin == Origin::UnknownField).collect();
    let (causes, identity): (Vec<&Problem>, Option<(String, String, String)>) =
        if unknown.is_empty() { (problems.iter().collect(), Some(identity(object))) } else { (unknown, None) };
    let field = |problem: &Problem| if problem.field.is_empty() { "<nil>".to_owned() } else { problem.field.clone() };
    let mut lines: Vec<String> = Vec::new();
    for problem in &causes {
        let line = format!("{}: {}", field(problem), problem.message);
        // The server's aggregate error drops repeated messages.
        if !lines.contains(&line) {
            lines.push(line);
        }
    }
    let listed = if lines.len() == 1 { lines[0].clone() } else { format!("[{}]", lines.join(", ")) };
    let cause_values: Vec<Value> = causes
        .iter()
        .map(|p| json!({"reason": p.reason.cause_reason(), "message": p.message, "field": field(p)}))
        .collect();
    let mut details = Map::new();
    let message = match identity {
        Some((kind, group, name)) => {
            if !name.is_empty() {
                details.insert("name".to_owned(), json!(name));
            }
            details.insert("group".to_owned(), json!(group));
            details.insert("kind".to_owned(), json!(kind));
            format!("{kind}.{group} {name:?} is invalid: {listed}")
        }
        None => format!(" \"\" is invalid: {listed}"),
    };
    details.insert("causes".to_owned(), Value::Array(cause_values));
    json!({
        "metadata": {},
        "status": "Failure",
        "message": message,
        "reason": "Invalid",
        "details": details,
        "code": 422,
    })
}

/// Kind, group (`core` for the core group) and name of an object.
fn identity(object: &Value) -> (String, String, String) {
    let text = |pointer: &str| object.pointer(pointer).and_then(Value::as_str).unwrap_or_default().to_owned();
    let api_version = text("/apiVersion");
    let group = match api_version.split_once('/') {
        Some((group, _)) => group.to_owned(),
        None => "core".to_owned(),
    };
    (text("/kind"), group, text("/metadata/name"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::Reason;

    fn problem(field: &str, reason: Reason, origin: Origin, message: &str) -> Problem {
        Problem {
            file: "f".to_owned(),
            document: 1,
            object: "Pod/p".to_owned(),
            field: field.to_owned(),
            reason,
            origin,
            message: message.to_owned(),
        }
    }

    #[test]
    fn several_causes_unknown_fields_and_decoding() {
        let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}});
        let two = [
            problem("", Reason::Invalid, Origin::Cel, "Invalid value: \"object\": no"),
            problem("spec.x", Reason::Required, Origin::Schema, "Required value"),
        ];
        let status = document_status(&pod, &two);
        assert_eq!(
            status["message"],
            "Pod.core \"p\" is invalid: [<nil>: Invalid value: \"object\": no, spec.x: Required value]"
        );
        assert_eq!(status["details"]["causes"][0]["field"], "<nil>");
        assert_eq!(status["details"]["causes"][1]["reason"], "FieldValueRequired");
        let unknown =
            problem("spec.y", Reason::Invalid, Origin::UnknownField, "Invalid value: value provided for unknown field");
        let status = document_status(&pod, &[two[1].clone(), unknown]);
        assert_eq!(status["message"], " \"\" is invalid: spec.y: Invalid value: value provided for unknown field");
        assert!(status["details"].get("kind").is_none());
        let decode = problem("metadata.labels", Reason::Internal, Origin::Decode, "json: cannot unmarshal");
        let status = document_status(&pod, &[decode]);
        assert_eq!((status["reason"].as_str(), status["code"].as_i64()), (Some("InternalError"), Some(500)));
        assert_eq!(document_status(&pod, &[]), success_status());
    }
}
