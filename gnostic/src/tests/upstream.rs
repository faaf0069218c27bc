//! The upstream gnostic `.proto` files, compiled with protox at test time, and the check that one hand-written
//! prost message mirrors its upstream declaration.
//!
//! The check drives the Rust message from the upstream side, so nothing in it is copied from the Rust code: for
//! every upstream field it builds a dynamic message with only that field set (nested messages filled a few levels
//! deep, values that differ per field), decodes the bytes into the Rust message, and requires that exactly the Rust
//! field of the same name changed (and, in a oneof, the variant of the same name), and that encoding the Rust
//! message gives back the same dynamic message with no unknown fields. A wrong number, a wrong wire type, two
//! swapped numbers, a missing field or a wrong nested type all fail one of these. The field-name sets are compared
//! too, which catches a Rust field upstream does not have.

use prost::Message;
use prost::bytes::Bytes;
use prost_reflect::{DescriptorPool, DynamicMessage, FieldDescriptor, Kind, MessageDescriptor, ReflectMessage, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Debug;
use std::path::PathBuf;
use std::sync::OnceLock;

/// How deep nested messages are filled; deep enough to reach a schema inside a property inside a definition.
const DEPTH: usize = 4;

/// The gnostic files as saved in the shared upstream data, compiled once.
pub(super) fn pool() -> &'static DescriptorPool {
    static POOL: OnceLock<DescriptorPool> = OnceLock::new();
    POOL.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/upstream/proto/gnostic");
        let mut compiler = protox::Compiler::new([&root]).expect("the upstream gnostic folder is readable");
        compiler
            .open_files(["openapiv2/OpenAPIv2.proto", "openapiv3/OpenAPIv3.proto"])
            .unwrap_or_else(|e| panic!("the upstream gnostic .proto files under {} compile: {e}", root.display()));
        compiler.descriptor_pool()
    })
}

/// The upstream descriptor of `full_name`.
pub(super) fn descriptor(full_name: &str) -> MessageDescriptor {
    pool().get_message_by_name(full_name).unwrap_or_else(|| panic!("upstream declares {full_name}"))
}

/// Names of every message upstream declares in `package`.
pub(super) fn upstream_messages(package: &str) -> BTreeSet<String> {
    pool().all_messages().filter(|m| m.package_name() == package).map(|m| m.full_name().to_owned()).collect()
}

/// Asserts that the Rust message `M` mirrors the upstream message `full_name` (see the module docs).
pub(super) fn assert_mirrors<M: Message + Default + Debug>(full_name: &str) {
    let desc = descriptor(full_name);
    let defaults = top_level_fields(&format!("{:#?}", M::default()));
    let upstream: BTreeSet<String> = desc.fields().map(|f| slot_name(&f)).collect();
    assert_eq!(defaults.keys().cloned().collect::<BTreeSet<_>>(), upstream, "{full_name}: field names differ");
    for field in desc.fields() {
        let mut sample = DynamicMessage::new(desc.clone());
        sample.set_field(&field, value_for(&field, DEPTH));
        let decoded = round_trip::<M>(&sample, full_name);
        let changed = changed_fields(&defaults, &format!("{decoded:#?}"));
        let slot = slot_name(&field);
        assert_eq!(changed.keys().collect::<Vec<_>>(), [&slot], "{}: lands in the wrong Rust field", field.full_name());
        if field.containing_oneof().is_some() {
            let variant = format!("{}(", camel_case(field.name()));
            assert!(changed[&slot].contains(&variant), "{}: lands in the wrong oneof variant", field.full_name());
        } else if let Some(expected) = printed_scalar(&sample, &field) {
            let printed = changed[&slot].lines().next().unwrap_or_default().trim_end_matches(',');
            assert_eq!(printed, expected, "{}: the Rust field reads a different value", field.full_name());
        }
    }
    round_trip::<M>(&filled(&desc, DEPTH), full_name);
}

/// Decodes `sample` into `M`, encodes it again, and requires the same message back with nothing unknown.
fn round_trip<M: Message + Default>(sample: &DynamicMessage, full_name: &str) -> M {
    let decoded = M::decode(sample.encode_to_vec().as_slice())
        .unwrap_or_else(|e| panic!("{full_name}: upstream bytes do not decode into the Rust message: {e}"));
    let back = DynamicMessage::decode(sample.descriptor(), decoded.encode_to_vec().as_slice())
        .unwrap_or_else(|e| panic!("{full_name}: Rust bytes do not decode as the upstream message: {e}"));
    assert_eq!(&back, sample, "{full_name}: does not survive upstream -> Rust -> upstream");
    assert_eq!(back.unknown_fields().count(), 0, "{full_name}: Rust bytes carry fields upstream does not know");
    decoded
}

/// The Rust field that holds `field`: the field itself, or the oneof it belongs to.
fn slot_name(field: &FieldDescriptor) -> String {
    field.containing_oneof().map_or_else(|| field.name().to_owned(), |oneof| oneof.name().to_owned())
}

/// A message with every field set (a oneof gets its first choice), nested messages filled down to `depth`.
fn filled(desc: &MessageDescriptor, depth: usize) -> DynamicMessage {
    let mut message = DynamicMessage::new(desc.clone());
    if depth == 0 {
        return message;
    }
    for field in desc.fields() {
        let first_choice = field.containing_oneof().is_none_or(|o| o.fields().next().is_some_and(|f| f == field));
        if first_choice {
            message.set_field(&field, value_for(&field, depth));
        }
    }
    message
}

/// A value for `field` that no other field of its message gets (two items for a repeated field).
fn value_for(field: &FieldDescriptor, depth: usize) -> Value {
    let one = match field.kind() {
        Kind::String => Value::String(field.full_name().to_owned()),
        Kind::Bytes => Value::Bytes(Bytes::from(field.full_name().as_bytes().to_vec())),
        Kind::Bool => Value::Bool(true),
        Kind::Double => Value::F64(f64::from(field.number()) + 0.5),
        // Negative and wider than 32 bits, so an unsigned, zigzag or 32-bit Rust field would read something else.
        Kind::Int64 => Value::I64(-((i64::from(field.number()) << 33) + 7)),
        Kind::Message(nested) => Value::Message(filled(&nested, depth - 1)),
        other => panic!("{}: kind {other:?} appears in no gnostic message", field.full_name()),
    };
    if field.is_list() { Value::List(vec![one.clone(), one]) } else { one }
}

/// How `{:?}` prints the value of a singular scalar `field` of `sample`, to compare with the Rust field's; this
/// tells apart types that share a wire type (`int64` from `uint64`, `sint64` or `int32`, `string` from `bytes`).
fn printed_scalar(sample: &DynamicMessage, field: &FieldDescriptor) -> Option<String> {
    if field.is_list() {
        return None;
    }
    match &*sample.get_field(field) {
        Value::String(s) => Some(format!("{s:?}")),
        Value::Bool(b) => Some(format!("{b:?}")),
        Value::F64(f) => Some(format!("{f:?}")),
        Value::I64(i) => Some(format!("{i:?}")),
        _ => None,
    }
}

/// The fields whose pretty-printed value differs from the message's default.
fn changed_fields(defaults: &BTreeMap<String, String>, pretty: &str) -> BTreeMap<String, String> {
    top_level_fields(pretty).into_iter().filter(|(name, value)| defaults.get(name) != Some(value)).collect()
}

/// Field name to printed value, from a `{:#?}` rendering of a prost message (top-level fields sit at four spaces;
/// deeper lines and closing brackets belong to the field above). Raw identifiers lose their `r#`.
fn top_level_fields(pretty: &str) -> BTreeMap<String, String> {
    let mut fields = BTreeMap::new();
    let mut current: Option<(String, String)> = None;
    for line in pretty.lines().skip(1) {
        let starts_field = line
            .strip_prefix("    ")
            .and_then(|rest| rest.chars().next())
            .is_some_and(|c| c.is_alphabetic() || c == '_');
        if starts_field {
            fields.extend(current.take());
            let (name, value) = line.trim_start().split_once(": ").unwrap_or((line.trim_start(), ""));
            current = Some((name.trim_start_matches("r#").to_owned(), value.to_owned()));
        } else if let Some((_, value)) = current.as_mut() {
            value.push('\n');
            value.push_str(line);
        }
    }
    fields.extend(current);
    fields
}

fn camel_case(snake: &str) -> String {
    snake.split('_').filter(|part| !part.is_empty()).map(|part| part[..1].to_uppercase() + &part[1..]).collect()
}
