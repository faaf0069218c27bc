//! The size budget of a CRD: `kubectl apply` keeps the whole object in the `last-applied-configuration`
//! annotation, and annotations are limited to 256 KiB, so a bigger CRD only installs with server-side apply.

use serde_json::Value;

/// The annotation size limit the budget is measured against.
pub(crate) const ANNOTATION_LIMIT: usize = 256 * 1024;

/// How many of the longest descriptions a warning names.
const NAMED: usize = 5;

/// A warning when `bytes` exceeds the budget, naming the longest descriptions of `schema` by pointer.
pub(crate) fn over_budget(name: &str, bytes: usize, schemas: &[(&str, &Value)]) -> Option<String> {
    if bytes <= ANNOTATION_LIMIT {
        return None;
    }
    let mut descriptions = Vec::new();
    for (version, schema) in schemas {
        collect(schema, &format!("{version}:"), &mut descriptions);
    }
    descriptions.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let longest: Vec<String> = descriptions.iter().take(NAMED).map(|(at, len)| format!("{at} ({len} bytes)")).collect();
    Some(format!(
        "CRD {name} is {bytes} bytes, over the {ANNOTATION_LIMIT}-byte annotation limit `kubectl apply` needs \
         (use server-side apply, or trim descriptions with --max-description-len); longest descriptions: {}",
        longest.join(", ")
    ))
}

/// Shortens every description of `schema` longer than `max` characters, at a word boundary where there is one.
pub(crate) fn trim_descriptions(schema: &mut Value, max: usize) {
    walk_mut(schema, &mut |description| {
        if description.chars().count() > max {
            let cut: String = description.chars().take(max).collect();
            let cut = match cut.rfind(char::is_whitespace) {
                Some(at) if at > max / 2 => cut[..at].to_owned(),
                _ => cut,
            };
            *description = format!("{}…", cut.trim_end());
        }
    });
}

/// Calls `visit` on the description of every schema node (a property called `description` is a schema, not one).
fn walk_mut(node: &mut Value, visit: &mut dyn FnMut(&mut String)) {
    let Value::Object(map) = node else { return };
    for (key, value) in map.iter_mut() {
        match (key.as_str(), value) {
            ("description", Value::String(text)) => visit(text),
            ("properties", Value::Object(children)) => children.values_mut().for_each(|c| walk_mut(c, visit)),
            ("items" | "additionalProperties" | "not", child) => walk_mut(child, visit),
            ("allOf" | "anyOf" | "oneOf", Value::Array(children)) => {
                children.iter_mut().for_each(|c| walk_mut(c, visit))
            }
            _ => {}
        }
    }
}

fn collect(node: &Value, at: &str, out: &mut Vec<(String, usize)>) {
    let Value::Object(map) = node else { return };
    for (key, value) in map {
        let here = format!("{at}/{}", key.replace('~', "~0").replace('/', "~1"));
        match (key.as_str(), value) {
            ("description", Value::String(text)) => out.push((here, text.len())),
            ("properties", Value::Object(children)) => {
                for (name, child) in children {
                    collect(child, &format!("{here}/{}", name.replace('~', "~0").replace('/', "~1")), out);
                }
            }
            ("items" | "additionalProperties" | "not", child) => collect(child, &here, out),
            ("allOf" | "anyOf" | "oneOf", Value::Array(children)) => {
                children.iter().enumerate().for_each(|(i, c)| collect(c, &format!("{here}/{i}"), out));
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{ANNOTATION_LIMIT, over_budget, trim_descriptions};

    #[test]
    fn long_descriptions_are_trimmed_at_a_word_and_a_field_called_description_is_kept() {
        let mut schema = json!({"description": "one two three four five six", "properties": {
            "description": {"type": "string", "description": "short"}
        }});
        trim_descriptions(&mut schema, 12);
        assert_eq!(schema["description"], json!("one two…"));
        assert_eq!(schema["properties"]["description"], json!({"type": "string", "description": "short"}));
    }

    #[test]
    fn the_warning_names_the_longest_descriptions() {
        let schema =
            json!({"properties": {"a": {"description": "x".repeat(10)}, "b": {"description": "y".repeat(20)}}});
        assert_eq!(over_budget("c.example.com", ANNOTATION_LIMIT, &[("v1", &schema)]), None);
        let warning = over_budget("c.example.com", ANNOTATION_LIMIT + 1, &[("v1", &schema)]).expect("over");
        let (b, a) = (warning.find("v1:/properties/b/description (20 bytes)"), warning.find("/a/description"));
        assert!(b.is_some() && a.is_some() && b < a, "{warning}");
    }
}
