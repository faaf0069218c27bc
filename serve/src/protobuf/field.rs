//! Setting one field of a dynamic message, shared by the general walk ([`super::encode`]), the types with a
//! custom JSON form ([`super::well_known`]) and the envelope ([`super::envelope`]).

use prost_reflect::{DynamicMessage, FieldDescriptor, Value as Field};

/// Sets a field, refusing (rather than panicking on) a value of the wrong type.
pub(crate) fn set(out: &mut DynamicMessage, field: &FieldDescriptor, value: Field, at: &str) -> Result<(), String> {
    out.try_set_field(field, value).map_err(|e| format!("{at}: {e}"))
}
