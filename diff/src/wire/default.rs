//! A scalar field's default value (proto2's `[default = …]`, else its type's zero, an enum's first value), compared
//! by value across types: `5` as an int32 equals `5` as an int64, `1.5` as a float equals `1.5` as a double.

use prost_types::field_descriptor_proto::Type;
use prost_types::{EnumDescriptorProto, FieldDescriptorProto};

/// A default, as compared and as printed.
#[derive(Debug, Clone)]
pub(super) struct Default {
    value: Value,
    pub printable: String,
}

#[derive(Debug, Clone, PartialEq)]
enum Value {
    /// string and bytes: compared as bytes.
    Text(Vec<u8>),
    Integer(i128),
    /// A float's default, rounded to 32 bits.
    Float(f32),
    Double(f64),
    Bool(bool),
}

impl Default {
    pub fn is_zero(&self) -> bool {
        match &self.value {
            Value::Text(bytes) => bytes.is_empty(),
            Value::Integer(n) => *n == 0,
            Value::Float(f) => f.to_bits() == 0,
            Value::Double(f) => f.to_bits() == 0,
            Value::Bool(b) => !b,
        }
    }
}

/// The default of a scalar or enum field (`enumeration`: its enum, when this tree declares it).
pub(super) fn of(field: &FieldDescriptorProto, enumeration: Option<&EnumDescriptorProto>) -> Default {
    let text = field.default_value.as_deref();
    match field.r#type() {
        Type::String => {
            let value = text.unwrap_or_default();
            Default { value: Value::Text(value.as_bytes().to_vec()), printable: format!("{value:?}") }
        }
        Type::Bytes => {
            let bytes = unescape(text.unwrap_or_default());
            let printable = bytes.iter().map(|b| format!("0x{b:X}")).collect::<Vec<_>>().join(",");
            Default { value: Value::Text(bytes), printable: format!("[{printable}]") }
        }
        Type::Bool => {
            let value = text == Some("true");
            Default { value: Value::Bool(value), printable: value.to_string() }
        }
        Type::Float => {
            let value = text.map_or(0.0, parse_float) as f32;
            Default { value: Value::Float(value), printable: value.to_string() }
        }
        Type::Double => {
            let value = text.map_or(0.0, parse_float);
            Default { value: Value::Double(value), printable: value.to_string() }
        }
        Type::Enum => {
            let values = enumeration.map(|e| e.value.as_slice()).unwrap_or_default();
            let chosen = match text {
                Some(name) => values.iter().find(|v| v.name() == name),
                None => values.first(),
            };
            let enum_name = field.type_name().rsplit('.').next().unwrap_or_default();
            match chosen {
                Some(value) => Default {
                    value: Value::Integer(value.number().into()),
                    printable: format!("{enum_name}.{}", value.name()),
                },
                None => Default { value: Value::Integer(0), printable: format!("{enum_name}.0(?)") },
            }
        }
        _ => {
            let value: i128 = text.and_then(|t| t.parse().ok()).unwrap_or(0);
            Default { value: Value::Integer(value), printable: value.to_string() }
        }
    }
}

fn parse_float(text: &str) -> f64 {
    match text {
        "inf" => f64::INFINITY,
        "-inf" => f64::NEG_INFINITY,
        "nan" => f64::NAN,
        _ => text.parse().unwrap_or(0.0),
    }
}

/// A bytes default as descriptors hold it: C escapes (`\n`, `\\`, `\ooo` octal, `\xhh`).
fn unescape(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' || i + 1 == bytes.len() {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        i += 1;
        let escaped = bytes[i];
        let simple = match escaped {
            b'n' => Some(b'\n'),
            b'r' => Some(b'\r'),
            b't' => Some(b'\t'),
            b'a' => Some(0x07),
            b'b' => Some(0x08),
            b'f' => Some(0x0c),
            b'v' => Some(0x0b),
            b'\\' | b'\'' | b'"' | b'?' => Some(escaped),
            _ => None,
        };
        if let Some(byte) = simple {
            out.push(byte);
            i += 1;
        } else if escaped == b'x' {
            let digits: String = text[i + 1..].chars().take_while(char::is_ascii_hexdigit).take(2).collect();
            out.push(u8::from_str_radix(&digits, 16).unwrap_or(0));
            i += 1 + digits.len();
        } else {
            let digits: String = text[i..].chars().take_while(|c| ('0'..='7').contains(c)).take(3).collect();
            out.push(u8::from_str_radix(&digits, 8).unwrap_or(0));
            i += digits.len().max(1);
        }
    }
    out
}

/// Whether two defaults are the same value. Text compares with text only; a float against a double compares at
/// 32 bits; NaN equals NaN; the rest compare as numbers (`true` as 1).
pub(super) fn equal(old: &Default, new: &Default) -> bool {
    use Value::*;
    match (&old.value, &new.value) {
        (Text(a), Text(b)) => a == b,
        (Text(_), _) | (_, Text(_)) => false,
        (Float(a), Double(b)) => (a.is_nan() && b.is_nan()) || *a == *b as f32,
        (Double(a), Float(b)) => (a.is_nan() && b.is_nan()) || *a as f32 == *b,
        (a, b) => match (number(a), number(b)) {
            (Number::Exact(x), Number::Exact(y)) => x == y,
            (Number::NaN, Number::NaN) => true,
            (Number::NaN, _) | (_, Number::NaN) => false,
            (x, y) => x.approximate() == y.approximate(),
        },
    }
}

enum Number {
    Exact(i128),
    Real(f64),
    NaN,
}

impl Number {
    fn approximate(&self) -> f64 {
        match self {
            Number::Exact(n) => *n as f64,
            Number::Real(f) => *f,
            Number::NaN => f64::NAN,
        }
    }
}

fn number(value: &Value) -> Number {
    match value {
        Value::Integer(n) => Number::Exact(*n),
        Value::Bool(b) => Number::Exact(i128::from(*b)),
        Value::Float(f) if f.is_nan() => Number::NaN,
        Value::Double(f) if f.is_nan() => Number::NaN,
        Value::Float(f) if f.fract() == 0.0 && f.abs() < 1e30 => Number::Exact(*f as i128),
        Value::Double(f) if f.fract() == 0.0 && f.abs() < 1e30 => Number::Exact(*f as i128),
        Value::Float(f) => Number::Real(f64::from(*f)),
        Value::Double(f) => Number::Real(*f),
        Value::Text(_) => Number::NaN,
    }
}
