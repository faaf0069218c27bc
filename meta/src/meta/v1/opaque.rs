//! Time stamps and opaque JSON bodies: types with a fixed upstream schema, written by hand.

use kapi::model::{InstanceType, ProtoMessage, ProtoScalar, SchemaObject};
use serde::{Deserialize, Serialize};

use crate::special::{described, single_field_message, special_schema, timestamp_message};

/// The Go package of the meta/v1 types (the hand-written ones here name it; derived ones write it out).
pub const PACKAGE: &str = "k8s.io/apimachinery/pkg/apis/meta/v1";

/// A point in time with second precision, held as RFC 3339 text (`2024-05-01T12:00:00Z`). The default is empty
/// text, standing for a time never set.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Time(pub String);

/// A point in time with microsecond precision, held as RFC 3339 text (`2024-05-01T12:00:00.000000Z`). The default
/// is empty text, standing for a time never set.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MicroTime(pub String);

/// The set of fields a manager owns, in the server-side apply field-set JSON format; kept as raw JSON.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct FieldsV1(pub serde_json::Value);

/// The body of a PATCH request; its JSON shape depends on the patch content type, so it is left open.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Patch {}

fn date_time(description: &str) -> SchemaObject {
    SchemaObject {
        format: Some("date-time".to_owned()),
        instance_type: Some(InstanceType::String),
        ..described(description)
    }
}

fn open_object(description: &str) -> SchemaObject {
    SchemaObject { instance_type: Some(InstanceType::Object), ..described(description) }
}

special_schema!(
    Time,
    package = PACKAGE,
    name = "Time",
    body = date_time("A time stamp with second precision, serialised as an RFC 3339 string in UTC."),
    proto = timestamp_message()
);
special_schema!(
    MicroTime,
    package = PACKAGE,
    name = "MicroTime",
    body = date_time(
        "A time stamp with microsecond precision, serialised as an RFC 3339 string with six fractional digits."
    ),
    proto = timestamp_message()
);
special_schema!(
    FieldsV1,
    package = PACKAGE,
    name = "FieldsV1",
    body = open_object(
        "A set of field paths in server-side apply's trie format: each key names a field, list item or map key \
     (`f:`, `k:`, `v:`, `i:` prefixes) and nests the fields below it."
    ),
    // The JSON text of the field set; upstream's Go field is `Raw`, and so is the protobuf field.
    proto = single_field_message("Raw", ProtoScalar::Bytes)
);
special_schema!(
    Patch,
    package = PACKAGE,
    name = "Patch",
    body = open_object(
        "A patch document; its format (JSON patch, merge patch, strategic merge patch or apply configuration) \
     follows from the request's content type."
    ),
    proto = ProtoMessage::empty()
);

// Both are written as open JSON objects.
impl kapi::model::shape::ObjectShape for FieldsV1 {}
impl kapi::model::shape::ObjectShape for Patch {}

impl Time {
    /// Wraps RFC 3339 text.
    pub fn new(text: impl Into<String>) -> Self {
        Self(text.into())
    }

    /// The RFC 3339 text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl MicroTime {
    /// Wraps RFC 3339 text.
    pub fn new(text: impl Into<String>) -> Self {
        Self(text.into())
    }

    /// The RFC 3339 text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::special::definition_body;

    #[test]
    fn time_stamps_are_date_time_strings() {
        let body = definition_body::<Time>();
        assert_eq!((body.instance_type, body.format.as_deref()), (Some(InstanceType::String), Some("date-time")));
        assert_eq!(definition_body::<MicroTime>().format.as_deref(), Some("date-time"));
    }

    #[test]
    fn patches_and_field_sets_are_plain_objects() {
        assert_eq!(definition_body::<Patch>().instance_type, Some(InstanceType::Object));
        assert_eq!(definition_body::<FieldsV1>().instance_type, Some(InstanceType::Object));
        assert_eq!(serde_json::to_string(&Patch {}).ok().as_deref(), Some("{}"));
    }
}
