//! Enums on the protobuf wire: closed and open enums both travel as `string`, told apart in the field's comment.
//!
//! Why not a protobuf `enum` (with `<NAME>_UNSPECIFIED = 0`) for a closed enum: these files follow go-to-protobuf,
//! which writes Go's string enums (core/v1's `Protocol`) as `optional string`, so that an object's protobuf and
//! JSON forms hold the same value. A protobuf enum would carry a number instead: every value would need a number
//! kept stable by the ledger, and a proto2 enum is closed in protobuf's own sense, so a client built before a value
//! was added moves the value it does not know into unknown fields and reads the field as unset. That is the very
//! break Kubernetes met with closed enums in published specs, moved onto the wire, and turning an existing string
//! field into an enum would itself break the wire (`kapi diff` reports it as `proto.field-type-changed`). So the
//! wire stays a string, and the comment says which values are allowed (closed) or known so far (open). The files
//! are proto2, where an enum would not need a zero value anyway.

use kapi_model::{Registry, SchemaNode, SchemaObject, open_enum};

use super::shape::{Form, form, scalar};

/// How many named scalar types a field may look through to find its enum (a cycle of them is reported elsewhere).
const MAX_ALIAS_DEPTH: usize = 32;

/// A field's comment: its description, then the values of its enum, if it has one.
pub(crate) fn field_comment(registry: &Registry, node: &SchemaNode) -> Option<String> {
    let description = node.keywords().description.as_deref();
    match enum_keywords(registry, node) {
        Some(object) if !object.enum_values.is_empty() => open_enum::describe_closed(description, &object.enum_values),
        Some(object) => open_enum::describe(description, &object.known_values),
        None => description.map(str::to_owned),
    }
}

/// The keywords holding the enum of a scalar field: its own, or those of the named scalar type it refers to (a
/// derived Rust enum is such a type).
fn enum_keywords<'r>(registry: &'r Registry, node: &'r SchemaNode) -> Option<&'r SchemaObject> {
    let mut current = node;
    for _ in 0..MAX_ALIAS_DEPTH {
        let object = current.keywords();
        if !object.enum_values.is_empty() || !object.known_values.is_empty() {
            // A position that is not a scalar (a union's `null` alternative) has no values to list on the wire.
            return scalar(object).is_some().then_some(object);
        }
        let definition = registry.definition(current.target()?)?;
        match form(definition) {
            Form::Transparent(body) => current = body,
            Form::Message => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use kapi_model::{DefName, InstanceType};
    use serde_json::json;

    use super::*;

    fn string_with(enum_values: Vec<serde_json::Value>, known_values: Vec<serde_json::Value>) -> SchemaObject {
        SchemaObject { enum_values, known_values, ..SchemaObject::of_type(InstanceType::String) }
    }

    #[test]
    fn closed_and_open_enums_are_told_apart_in_the_comment() {
        let registry = Registry::new();
        let mut closed = SchemaNode::inline(string_with(vec![json!("TCP"), json!("UDP")], vec![]));
        closed.keywords_mut().description = Some("Protocol.".into());
        let comment = field_comment(&registry, &closed);
        assert_eq!(comment.as_deref(), Some("Protocol.\n\nAllowed values: \"TCP\", \"UDP\"."));
        let open = SchemaNode::inline(string_with(vec![], vec![json!("Gold")]));
        let comment = field_comment(&registry, &open);
        assert_eq!(comment.as_deref(), Some("Known values: \"Gold\"; other values may appear."));
    }

    #[test]
    fn a_named_enum_type_lends_its_values_to_the_field() {
        let mut registry = Registry::new();
        let name = DefName::new("com.example.v1.Tier");
        let body = SchemaNode::inline(string_with(vec![], vec![json!("Gold"), json!("Silver")]));
        registry.import_definition(name.clone(), body, "a test");
        let mut field = SchemaNode::reference(name);
        field.keywords_mut().description = Some("The tier.".into());
        let comment = field_comment(&registry, &field);
        let expected = "The tier.\n\nKnown values: \"Gold\", \"Silver\"; other values may appear.";
        assert_eq!(comment.as_deref(), Some(expected));
    }

    #[test]
    fn fields_without_an_enum_keep_their_description() {
        let mut plain = SchemaNode::inline(SchemaObject::of_type(InstanceType::String));
        plain.keywords_mut().description = Some("Text.".into());
        assert_eq!(field_comment(&Registry::new(), &plain).as_deref(), Some("Text."));
    }
}
