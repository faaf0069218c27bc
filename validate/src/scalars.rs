//! Checks of single values: string lengths, patterns and formats, number bounds, integer widths.

use std::collections::HashMap;

use regex::Regex;
use serde_json::{Number, Value};

use crate::reason::Reason;

/// Compiled `pattern`s, kept for the whole run (the same schema is walked once per object).
#[derive(Debug, Default)]
pub struct Patterns(HashMap<String, Option<Regex>>);

impl Patterns {
    /// Whether `text` matches `pattern`; a pattern the engine cannot compile matches everything.
    pub fn matches(&mut self, pattern: &str, text: &str) -> bool {
        let regex = self.0.entry(pattern.to_owned()).or_insert_with(|| Regex::new(pattern).ok());
        regex.as_ref().is_none_or(|regex| regex.is_match(text))
    }
}

/// Problems of a string against `maxLength`, `minLength`, `pattern` and `format`. Of the first three only the
/// first broken is reported, in that order, as the server's string check stops there (the format is checked
/// apart). `built_in` for a built-in kind, whose decoder takes an empty `byte` string as no bytes.
pub fn string_problems(schema: &Value, text: &str, patterns: &mut Patterns, built_in: bool) -> Vec<(Reason, String)> {
    let mut problems = Vec::new();
    let length = text.chars().count() as u64;
    if let Some(max) = schema.get("maxLength").and_then(Value::as_u64)
        && length > max
    {
        problems.push((Reason::TooLong, format!("Too long: may not be more than {max} characters (it has {length})")));
    } else if let Some(min) = schema.get("minLength").and_then(Value::as_u64)
        && length < min
    {
        problems.push((Reason::Invalid, format!("Invalid value: {text:?}: must be at least {min} characters long")));
    } else if let Some(pattern) = schema.get("pattern").and_then(Value::as_str)
        && !patterns.matches(pattern, text)
    {
        problems.push((Reason::Invalid, format!("Invalid value: {text:?}: must match the pattern '{pattern}'")));
    }
    if let Some(format) = schema.get("format").and_then(Value::as_str)
        && !(built_in && format == "byte" && text.is_empty())
        && !string_format_ok(format, text)
    {
        problems.push((Reason::Invalid, format!("Invalid value: {text:?}: must be a valid {format}")));
    }
    problems
}

/// Problems of a number against its bounds, `multipleOf` and, for integers, the width its format names when
/// `int32_width` (a built-in kind's decoder refuses an `int32` field's overflow; a custom resource's `format:
/// int32` is not checked by the server).
pub fn number_problems(schema: &Value, number: &Number, int32_width: bool) -> Vec<(Reason, String)> {
    let mut problems = Vec::new();
    let value = number.as_f64().unwrap_or(f64::NAN);
    let exclusive = |key: &str| schema.get(key).and_then(Value::as_bool).unwrap_or(false);
    if let Some(max) = schema.get("maximum").and_then(Value::as_f64) {
        if exclusive("exclusiveMaximum") && value >= max {
            problems.push((Reason::Invalid, format!("Invalid value: {number}: must be less than {max}")));
        } else if value > max {
            problems.push((Reason::Invalid, format!("Invalid value: {number}: must be less than or equal to {max}")));
        }
    }
    if let Some(min) = schema.get("minimum").and_then(Value::as_f64) {
        if exclusive("exclusiveMinimum") && value <= min {
            problems.push((Reason::Invalid, format!("Invalid value: {number}: must be greater than {min}")));
        } else if value < min {
            problems
                .push((Reason::Invalid, format!("Invalid value: {number}: must be greater than or equal to {min}")));
        }
    }
    if let Some(step) = schema.get("multipleOf").and_then(Value::as_f64)
        && step > 0.0
        && (value / step).fract().abs() > 1e-9
    {
        problems.push((Reason::Invalid, format!("Invalid value: {number}: must be a multiple of {step}")));
    }
    if schema.get("type").and_then(Value::as_str) != Some("integer") {
        return problems;
    }
    let (low, high) = match schema.get("format").and_then(Value::as_str) {
        Some("int32") if int32_width => (i64::from(i32::MIN), i64::from(i32::MAX)),
        _ => (i64::MIN, i64::MAX),
    };
    if !number.as_i64().is_some_and(|n| (low..=high).contains(&n)) {
        let format = schema.get("format").and_then(Value::as_str).filter(|_| int32_width).unwrap_or("int64");
        problems.push((Reason::Invalid, format!("Invalid value: {number}: does not fit in an {format}")));
    }
    problems
}

/// Whether `text` is valid for one of the string formats the API server checks; other formats are not checked.
pub fn string_format_ok(format: &str, text: &str) -> bool {
    match format {
        "byte" => is_base64(text),
        "date" => kapi_cel::is_full_date(text),
        "date-time" => is_date_time(text),
        "duration" => is_duration(text),
        "uuid" => is_uuid(text),
        "ipv4" => text.parse::<std::net::Ipv4Addr>().is_ok(),
        "ipv6" => text.parse::<std::net::Ipv6Addr>().is_ok(),
        "cidr" => is_cidr(text),
        "hostname" => is_hostname(text),
        "email" => text.split_once('@').is_some_and(|(user, host)| !user.is_empty() && is_hostname(host)),
        "uri" => text.split_once(':').is_some_and(|(scheme, _)| is_scheme(scheme)),
        _ => true,
    }
}

/// Standard base64 with padding, at least one group: the server's check refuses the empty string.
fn is_base64(text: &str) -> bool {
    let bytes = text.as_bytes();
    if bytes.is_empty() {
        return false;
    }
    let padding = bytes.iter().rev().take_while(|&&b| b == b'=').count();
    bytes.len().is_multiple_of(4)
        && padding <= 2
        && bytes[..bytes.len() - padding].iter().all(|b| b.is_ascii_alphanumeric() || *b == b'+' || *b == b'/')
}

fn digits(text: &str, count: usize) -> Option<u32> {
    (text.len() == count && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.parse().ok()).flatten()
}

/// RFC 3339: `2024-01-31T12:00:00Z`, with optional fractional seconds and a `Z` or `±hh:mm` offset.
fn is_date_time(text: &str) -> bool {
    // Every check below slices by byte position, which is only safe on ASCII text.
    if !text.is_ascii() {
        return false;
    }
    let Some((date, time)) = text.split_once(['T', 't']) else { return false };
    let (clock, offset) = match time.find(['Z', 'z', '+', '-']) {
        Some(at) => time.split_at(at),
        None => return false,
    };
    let offset_ok = matches!(offset, "Z" | "z")
        || (offset.len() == 6 && offset.as_bytes()[3] == b':' && digits(&offset[1..3], 2).is_some_and(|h| h < 24))
            && digits(&offset[4..6], 2).is_some_and(|m| m < 60);
    let (whole, fraction) = clock.split_once('.').unwrap_or((clock, "0"));
    let mut hms = whole.split(':').map(|part| digits(part, 2));
    let time_ok = matches!(
        (hms.next(), hms.next(), hms.next(), hms.next()),
        (Some(Some(h)), Some(Some(m)), Some(Some(s)), None) if h < 24 && m < 60 && s <= 60
    );
    kapi_cel::is_full_date(date)
        && time_ok
        && offset_ok
        && !fraction.is_empty()
        && fraction.bytes().all(|b| b.is_ascii_digit())
}

/// Go durations (`1h30m`, `250ms`, `-1.5s`, `0`), as Kubernetes parses them.
fn is_duration(text: &str) -> bool {
    let body = text.strip_prefix(['-', '+']).unwrap_or(text);
    if body == "0" {
        return true;
    }
    let mut rest = body;
    let mut any = false;
    while !rest.is_empty() {
        let number_end = rest.find(|c: char| !c.is_ascii_digit() && c != '.').unwrap_or(rest.len());
        let (number, after) = rest.split_at(number_end);
        if number.is_empty() || number == "." {
            return false;
        }
        let unit_end = after.find(|c: char| c.is_ascii_digit() || c == '.').unwrap_or(after.len());
        let (unit, next) = after.split_at(unit_end);
        if !matches!(unit, "ns" | "us" | "µs" | "μs" | "ms" | "s" | "m" | "h") {
            return false;
        }
        any = true;
        rest = next;
    }
    any
}

fn is_uuid(text: &str) -> bool {
    let groups: Vec<&str> = text.split('-').collect();
    groups.len() == 5
        && groups.iter().zip([8, 4, 4, 4, 12]).all(|(g, n)| g.len() == n && g.bytes().all(|b| b.is_ascii_hexdigit()))
}

fn is_cidr(text: &str) -> bool {
    let Some((address, prefix)) = text.split_once('/') else { return false };
    let Ok(prefix) = prefix.parse::<u8>() else { return false };
    match address.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(_)) => prefix <= 32,
        Ok(std::net::IpAddr::V6(_)) => prefix <= 128,
        Err(_) => false,
    }
}

/// RFC 1123 host names: dot-separated labels of letters, digits and inner hyphens.
fn is_hostname(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 253
        && text.split('.').all(|label| {
            (1..=63).contains(&label.len())
                && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        })
}

fn is_scheme(scheme: &str) -> bool {
    scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        for (format, good, bad) in [
            ("date-time", "2024-02-29T12:30:00.5+02:00", "2024-02-30T12:30:00Z"),
            ("date-time", "2024-02-29T12:30:00Z", "2024-02-29T12:30:00+é:00"),
            ("date", "2023-12-31", "2023-13-01"),
            ("duration", "1h30m", "1 hour"),
            ("byte", "aGVsbG8=", "hello!"),
            ("byte", "aGk=", ""),
            ("uuid", "123e4567-e89b-12d3-a456-426614174000", "123e4567"),
            ("cidr", "10.0.0.0/8", "10.0.0.0/33"),
            ("hostname", "example.com", "-bad.example"),
            ("ipv4", "10.1.2.3", "10.1.2"),
        ] {
            assert!(string_format_ok(format, good), "{format} {good}");
            assert!(!string_format_ok(format, bad), "{format} {bad}");
        }
        assert!(string_format_ok("password", "anything"));
    }

    #[test]
    fn only_the_first_broken_length_or_pattern_is_reported() {
        let schema = serde_json::json!({"type": "string", "maxLength": 3, "minLength": 2, "pattern": "^[a-z]+$"});
        let mut patterns = Patterns::default();
        let too_long = string_problems(&schema, "ABCDE", &mut patterns, false);
        assert_eq!(too_long.len(), 1, "{too_long:?}");
        assert!(too_long[0].1.starts_with("Too long"));
        assert!(string_problems(&schema, "A", &mut patterns, false)[0].1.contains("at least 2"));
        assert!(string_problems(&schema, "AB", &mut patterns, false)[0].1.contains("pattern"));
    }

    #[test]
    fn an_empty_byte_string_is_no_bytes_for_a_built_in_kind_only() {
        let schema = serde_json::json!({"type": "string", "format": "byte"});
        let mut patterns = Patterns::default();
        assert!(string_problems(&schema, "", &mut patterns, true).is_empty());
        assert_eq!(string_problems(&schema, "", &mut patterns, false).len(), 1);
    }

    #[test]
    fn integer_widths_and_bounds() {
        let schema = serde_json::json!({"type": "integer", "format": "int32", "minimum": 1});
        assert!(number_problems(&schema, &Number::from(5), true).is_empty());
        assert_eq!(number_problems(&schema, &Number::from(0), true).len(), 1);
        assert!(number_problems(&schema, &Number::from(3_000_000_000i64), true)[0].1.contains("int32"));
        // A custom resource's int32 is not held to the width.
        assert!(number_problems(&schema, &Number::from(3_000_000_000i64), false).is_empty());
    }
}
