//! The Kubernetes types whose JSON form is not their protobuf form, converted as apimachinery marshals them.
//!
//! Fields are found by number (upstream's names are irregular: `FieldsV1.Raw`). Go writes every non-pointer
//! field of these types, so they are all set, even when zero.

use prost_reflect::{DynamicMessage, MessageDescriptor, Value as Field};
use serde_json::Value;

use super::field::set;

const TIME: &str = "k8s.io.apimachinery.pkg.apis.meta.v1.Time";
const MICRO_TIME: &str = "k8s.io.apimachinery.pkg.apis.meta.v1.MicroTime";
const FIELDS_V1: &str = "k8s.io.apimachinery.pkg.apis.meta.v1.FieldsV1";
const INT_OR_STRING: &str = "k8s.io.apimachinery.pkg.util.intstr.IntOrString";
const QUANTITY: &str = "k8s.io.apimachinery.pkg.api.resource.Quantity";
const RAW_EXTENSION: &str = "k8s.io.apimachinery.pkg.runtime.RawExtension";

/// `json` as a message of one of these types, or `None` when `desc` is not one (or `json` is its plain form).
pub(crate) fn message(desc: &MessageDescriptor, json: &Value, at: &str) -> Result<Option<DynamicMessage>, String> {
    let fields = match (desc.full_name(), json) {
        // Time has whole seconds (nanos are sent, as 0); MicroTime keeps microseconds.
        (TIME, Value::String(text)) => timestamp(text, 1_000_000_000, at)?,
        (MICRO_TIME, Value::String(text)) => timestamp(text, 1_000, at)?,
        (INT_OR_STRING, Value::Number(number)) => {
            let int = number.as_i64().and_then(|n| i32::try_from(n).ok());
            let int = int.ok_or_else(|| format!("{at}: {number} does not fit an IntOrString"))?;
            vec![(1, Field::I64(0)), (2, Field::I32(int)), (3, Field::String(String::new()))]
        }
        (INT_OR_STRING, Value::String(text)) => {
            vec![(1, Field::I64(1)), (2, Field::I32(0)), (3, Field::String(text.clone()))]
        }
        (QUANTITY, Value::String(text)) => vec![(1, Field::String(text.clone()))],
        // Raw JSON travels as bytes (a nested object would carry its own envelope, JSON-typed).
        (RAW_EXTENSION | FIELDS_V1, _) => vec![(1, Field::Bytes(json.to_string().into_bytes().into()))],
        _ => return Ok(None),
    };
    let mut out = DynamicMessage::new(desc.clone());
    for (number, value) in fields {
        let field =
            desc.get_field(number).ok_or_else(|| format!("{at}: {} has no field {number}", desc.full_name()))?;
        set(&mut out, &field, value, at)?;
    }
    Ok(Some(out))
}

/// `seconds = 1`, `nanos = 2` of an RFC 3339 time, nanoseconds truncated to multiples of `precision`.
fn timestamp(text: &str, precision: u32, at: &str) -> Result<Vec<(u32, Field)>, String> {
    let (seconds, nanos) = rfc3339(text).ok_or_else(|| format!("{at}: {text:?} is not an RFC 3339 time"))?;
    let nanos = i32::try_from(nanos - nanos % precision).map_err(|e| format!("{at}: {e}"))?;
    Ok(vec![(1, Field::I64(seconds)), (2, Field::I32(nanos))])
}

/// Seconds since the Unix epoch and nanoseconds of `2006-01-02T15:04:05[.999999999](Z|±07:00)`.
fn rfc3339(text: &str) -> Option<(i64, u32)> {
    let bytes = text.as_bytes();
    let separators = [(4, b'-'), (7, b'-'), (13, b':'), (16, b':')];
    if !separators.iter().all(|&(i, c)| bytes.get(i) == Some(&c)) || !matches!(bytes.get(10), Some(b'T' | b't')) {
        return None;
    }
    let (year, month, day) = (digits(text, 0, 4)?, digits(text, 5, 7)?, digits(text, 8, 10)?);
    let (hour, minute, second) = (digits(text, 11, 13)?, digits(text, 14, 16)?, digits(text, 17, 19)?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    let (nanos, zone) = fraction(text.get(19..)?)?;
    let offset = match zone {
        "Z" | "z" => 0,
        _ => {
            let sign = match zone.get(..1)? {
                "+" => 1,
                "-" => -1,
                _ => return None,
            };
            if zone.len() != 6 || zone.get(3..4)? != ":" {
                return None;
            }
            sign * (digits(zone, 1, 3)? * 3600 + digits(zone, 4, 6)? * 60)
        }
    };
    let seconds = days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offset;
    Some((seconds, nanos))
}

/// `text[from..to]` as a number, when it is all ASCII digits.
fn digits(text: &str, from: usize, to: usize) -> Option<i64> {
    text.get(from..to).filter(|s| s.bytes().all(|b| b.is_ascii_digit()))?.parse().ok()
}

/// The optional `.digits` after the seconds, as nanoseconds, and what follows it.
fn fraction(rest: &str) -> Option<(u32, &str)> {
    let Some(digits) = rest.strip_prefix('.') else { return Some((0, rest)) };
    let count = digits.bytes().take_while(u8::is_ascii_digit).count();
    if count == 0 {
        return None;
    }
    let (digits, zone) = digits.split_at(count);
    let nine: String = digits.chars().chain(std::iter::repeat('0')).take(9).collect();
    Some((nine.parse().ok()?, zone))
}

/// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let day_of_year = (153 * (month + if month > 2 { -3 } else { 9 }) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// Standard base64 (as Go's `encoding/json` writes `[]byte`), padding optional.
pub(crate) fn base64(text: &str) -> Option<Vec<u8>> {
    let text = text.trim_end_matches('=');
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut buffer, mut bits) = (0_u32, 0_u32);
    for byte in text.bytes() {
        let sextet = match byte {
            b'A'..=b'Z' => byte - b'A',
            b'a'..=b'z' => byte - b'a' + 26,
            b'0'..=b'9' => byte - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        };
        buffer = (buffer << 6) | u32::from(sextet);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push(u8::try_from((buffer >> bits) & 0xff).ok()?);
            buffer &= (1 << bits) - 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_times() {
        assert_eq!(rfc3339("1970-01-01T00:00:00Z"), Some((0, 0)));
        assert_eq!(rfc3339("2024-02-29T12:34:56Z"), Some((1_709_210_096, 0)));
        assert_eq!(rfc3339("2024-02-29T14:34:56+02:00"), Some((1_709_210_096, 0)));
        assert_eq!(rfc3339("1969-12-31T23:59:59.5Z"), Some((-1, 500_000_000)));
        assert_eq!(rfc3339("2024-01-01T00:00:00.123456789123Z"), Some((1_704_067_200, 123_456_789)));
        for bad in [
            "",
            "2024-01-01",
            "2024-13-01T00:00:00Z",
            "2024-01-01T00:00:00",
            "2024-01-01T00:00:00.Z",
            "2024-01-01T00:00:00+0200",
            "2024-01-01T00:00:00é",
            "+024-01-01T00:00:00Z",
        ] {
            assert_eq!(rfc3339(bad), None, "{bad}");
        }
    }

    #[test]
    fn base64_decodes_with_or_without_padding() {
        assert_eq!(base64("gqkMMb/YqFM=").map(|b| b.len()), Some(8));
        assert_eq!(base64("aGVsbG8"), Some(b"hello".to_vec()));
        assert_eq!(base64("aGVsbG8="), Some(b"hello".to_vec()));
        assert_eq!(base64("not base64!"), None);
    }
}
