//! Open enums in prose: the sentence every output appends to an open enum's description, and its inverse.
//!
//! An open enum's values are published twice: as `x-extensible-enum` where the format has room for extensions, and
//! as a sentence in the description, the one place every reader (CRD schemas, `kubectl explain`, .proto comments)
//! shows. The sentence is derived, never stored, so the importer takes it off again to keep documents round-tripping.

use serde_json::Value;

/// The sentence naming an open enum's known values: `Known values: "A", "B"; other values may appear.`
pub fn sentence(values: &[Value]) -> String {
    format!("Known values: {}; other values may appear.", listed(values))
}

/// The sentence naming a closed enum's values, for outputs that cannot enforce them (a .proto field comment).
pub fn closed_sentence(values: &[Value]) -> String {
    format!("Allowed values: {}.", listed(values))
}

/// `description` with [`sentence`] appended as a paragraph of its own; `None` when there are no known values and
/// no description.
pub fn describe(description: Option<&str>, values: &[Value]) -> Option<String> {
    append(description, values, sentence)
}

/// `description` with [`closed_sentence`] appended as a paragraph of its own.
pub fn describe_closed(description: Option<&str>, values: &[Value]) -> Option<String> {
    append(description, values, closed_sentence)
}

/// The description as written before [`describe`] appended the sentence for `values`; `None` when it does not end
/// with that sentence (the document said something else, which is kept as it is).
pub fn undescribe(description: &str, values: &[Value]) -> Option<Option<String>> {
    let rest = description.strip_suffix(&sentence(values))?;
    if rest.is_empty() {
        return Some(None);
    }
    rest.strip_suffix(PARAGRAPH).map(|text| Some(text.to_owned()))
}

const PARAGRAPH: &str = "\n\n";

fn append(description: Option<&str>, values: &[Value], sentence: fn(&[Value]) -> String) -> Option<String> {
    match (description, values.is_empty()) {
        (description, true) => description.map(str::to_owned),
        (Some(text), false) => Some(format!("{text}{PARAGRAPH}{}", sentence(values))),
        (None, false) => Some(sentence(values)),
    }
}

/// Values as JSON, so strings are quoted and a value with a comma in it stays readable.
fn listed(values: &[Value]) -> String {
    values.iter().map(Value::to_string).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_sentence_is_appended_as_a_paragraph_and_taken_off_again() {
        let values = [json!("Spot"), json!("OnDemand")];
        let described = describe(Some("How nodes are bought."), &values);
        let expected = "How nodes are bought.\n\nKnown values: \"Spot\", \"OnDemand\"; other values may appear.";
        assert_eq!(described.as_deref(), Some(expected));
        assert_eq!(undescribe(expected, &values), Some(Some("How nodes are bought.".to_owned())));
        let alone = describe(None, &values).expect("a description");
        assert_eq!(undescribe(&alone, &values), Some(None));
    }

    #[test]
    fn descriptions_without_the_sentence_are_left_alone() {
        assert_eq!(describe(Some("Text."), &[]).as_deref(), Some("Text."));
        assert_eq!(describe(None, &[]), None);
        assert_eq!(undescribe("Text.", &[json!("A")]), None);
        assert_eq!(undescribe("Known values: \"B\"; other values may appear.", &[json!("A")]), None);
    }

    #[test]
    fn closed_values_are_listed_without_inviting_others() {
        let text = describe_closed(Some("Protocol."), &[json!("TCP"), json!("UDP")]);
        assert_eq!(text.as_deref(), Some("Protocol.\n\nAllowed values: \"TCP\", \"UDP\"."));
    }
}
