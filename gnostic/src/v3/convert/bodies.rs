//! What operations send and receive: parameters, request bodies, media types, encodings, examples, headers.

use super::schema::schema_or_reference;
use super::values::{extensions, optional_any, or_reference_converter};
use crate::reader::{Obj, Problems};
use crate::v3::messages::{
    Encoding, Example, ExampleOrReference, Header, HeaderOrReference, MediaType, Parameter, ParameterOrReference,
    RequestBody, RequestBodyOrReference, example_or_reference, header_or_reference, parameter_or_reference,
    request_body_or_reference,
};
use serde_json::Value;

const PARAMETER_KEYS: &[&str] = &[
    "name",
    "in",
    "description",
    "required",
    "deprecated",
    "allowEmptyValue",
    "style",
    "explode",
    "allowReserved",
    "schema",
    "example",
    "examples",
    "content",
];

const HEADER_KEYS: &[&str] = &[
    "description",
    "required",
    "deprecated",
    "allowEmptyValue",
    "style",
    "explode",
    "allowReserved",
    "schema",
    "example",
    "examples",
    "content",
];

or_reference_converter!(
    /// A parameter, or a reference to one.
    parameter_or_reference -> ParameterOrReference, parameter_or_reference::Parameter, parameter
);
or_reference_converter!(
    /// A request body, or a reference to one.
    request_body_or_reference -> RequestBodyOrReference, request_body_or_reference::RequestBody, request_body
);
or_reference_converter!(
    /// An example, or a reference to one.
    example_or_reference -> ExampleOrReference, example_or_reference::Example, example
);
or_reference_converter!(
    /// A header, or a reference to one.
    header_or_reference -> HeaderOrReference, header_or_reference::Header, header
);

fn parameter(problems: &mut Problems, value: &Value, path: String) -> Parameter {
    let Some(o) = Obj::new(problems, value, path, "a parameter") else { return Parameter::default() };
    o.check_keys(problems, PARAMETER_KEYS, &["in", "name"]);
    Parameter {
        name: o.string(problems, "name"),
        r#in: o.string(problems, "in"),
        description: o.string(problems, "description"),
        required: o.boolean(problems, "required"),
        deprecated: o.boolean(problems, "deprecated"),
        allow_empty_value: o.boolean(problems, "allowEmptyValue"),
        style: o.string(problems, "style"),
        explode: o.boolean(problems, "explode"),
        allow_reserved: o.boolean(problems, "allowReserved"),
        schema: o.get("schema").map(|s| schema_or_reference(problems, s, o.path_of("schema"))),
        example: optional_any(&o, "example"),
        examples: o.named(problems, "examples", example_or_reference),
        content: o.named(problems, "content", media_type),
        specification_extension: extensions(&o),
    }
}

fn request_body(problems: &mut Problems, value: &Value, path: String) -> RequestBody {
    let Some(o) = Obj::new(problems, value, path, "a request body") else { return RequestBody::default() };
    o.check_keys(problems, &["description", "content", "required"], &["content"]);
    RequestBody {
        description: o.string(problems, "description"),
        content: o.named(problems, "content", media_type),
        required: o.boolean(problems, "required"),
        specification_extension: extensions(&o),
    }
}

/// Converts one entry of a `content` map.
pub(super) fn media_type(problems: &mut Problems, value: &Value, path: String) -> MediaType {
    let Some(o) = Obj::new(problems, value, path, "a media type") else { return MediaType::default() };
    o.check_keys(problems, &["schema", "example", "examples", "encoding"], &[]);
    MediaType {
        schema: o.get("schema").map(|s| schema_or_reference(problems, s, o.path_of("schema"))),
        example: optional_any(&o, "example"),
        examples: o.named(problems, "examples", example_or_reference),
        encoding: o.named(problems, "encoding", encoding),
        specification_extension: extensions(&o),
    }
}

fn encoding(problems: &mut Problems, value: &Value, path: String) -> Encoding {
    let Some(o) = Obj::new(problems, value, path, "an encoding") else { return Encoding::default() };
    o.check_keys(problems, &["contentType", "headers", "style", "explode", "allowReserved"], &[]);
    Encoding {
        content_type: o.string(problems, "contentType"),
        headers: o.named(problems, "headers", header_or_reference),
        style: o.string(problems, "style"),
        explode: o.boolean(problems, "explode"),
        allow_reserved: o.boolean(problems, "allowReserved"),
        specification_extension: extensions(&o),
    }
}

fn example(problems: &mut Problems, value: &Value, path: String) -> Example {
    let Some(o) = Obj::new(problems, value, path, "an example") else { return Example::default() };
    o.check_keys(problems, &["summary", "description", "value", "externalValue"], &[]);
    Example {
        summary: o.string(problems, "summary"),
        description: o.string(problems, "description"),
        value: optional_any(&o, "value"),
        external_value: o.string(problems, "externalValue"),
        specification_extension: extensions(&o),
    }
}

fn header(problems: &mut Problems, value: &Value, path: String) -> Header {
    let Some(o) = Obj::new(problems, value, path, "a header") else { return Header::default() };
    o.check_keys(problems, HEADER_KEYS, &[]);
    Header {
        description: o.string(problems, "description"),
        required: o.boolean(problems, "required"),
        deprecated: o.boolean(problems, "deprecated"),
        allow_empty_value: o.boolean(problems, "allowEmptyValue"),
        style: o.string(problems, "style"),
        explode: o.boolean(problems, "explode"),
        allow_reserved: o.boolean(problems, "allowReserved"),
        schema: o.get("schema").map(|s| schema_or_reference(problems, s, o.path_of("schema"))),
        example: optional_any(&o, "example"),
        examples: o.named(problems, "examples", example_or_reference),
        content: o.named(problems, "content", media_type),
        specification_extension: extensions(&o),
    }
}
