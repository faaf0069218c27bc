//! Descriptions: doc comments joined paragraph by paragraph, or `description = "…"` written verbatim.

use kapi::Schema;
use kapi::model::{DefName, Registry};
use serde::Serialize;

/// For Rust readers only: the attribute below replaces this text in the schema.
#[derive(Serialize, Schema)]
#[kapi(package = "example.com/docs/v1", description = "Phases:\n- Pending\n- Running")]
struct Phased {
    /// One paragraph,
    /// wrapped over two lines.
    ///
    /// A second paragraph.
    paragraphs: String,
    /// For Rust readers only.
    #[kapi(description = "One line.\nAnother line.")]
    verbatim: String,
}

#[test]
fn blank_lines_separate_paragraphs_and_the_attribute_replaces_the_doc_comment() {
    let mut registry = Registry::new();
    registry.register::<Phased>();
    let definition = registry.definition(&DefName::new("com.example.docs.v1.Phased")).expect("registered");
    let object = definition.schema.keywords();
    assert_eq!(object.description.as_deref(), Some("Phases:\n- Pending\n- Running"));
    let description = |field: &str| object.properties[field].keywords().description.clone();
    assert_eq!(
        description("paragraphs").as_deref(),
        Some("One paragraph, wrapped over two lines.\n\nA second paragraph.")
    );
    assert_eq!(description("verbatim").as_deref(), Some("One line.\nAnother line."));
}
