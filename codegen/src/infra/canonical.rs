//! Canonical JSON: the exact bytes of Python's `json.dumps(v, indent=2, sort_keys=True, ensure_ascii=False)` + `"\n"`.
//!
//! Upstream's checked-in documents are in this form, so emitting it lets artifacts be diffed byte for byte.
//! Keys are sorted here explicitly rather than trusting `serde_json::Map`'s order, because another crate in the
//! build may switch on `preserve_order` and that feature is global.

use serde::Serialize;
use serde_json::{Number, Value};

use crate::error::Error;

/// Serialises `value` canonically: keys sorted by code point, 2-space indent, raw UTF-8, trailing newline.
pub fn to_canonical_json(value: &Value) -> Vec<u8> {
    let mut out = String::new();
    write_value(&mut out, value, 0);
    out.push('\n');
    out.into_bytes()
}

/// Serialises a typed value (a discovery document, the model) canonically; `document` names it in errors.
pub(crate) fn typed_to_canonical_json<T: Serialize>(value: &T, document: &str) -> Result<Vec<u8>, Error> {
    let value = serde_json::to_value(value).map_err(|source| Error::serialize(document, source))?;
    Ok(to_canonical_json(&value))
}

pub(crate) fn write_value(out: &mut String, value: &Value, depth: usize) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(flag) => out.push_str(if *flag { "true" } else { "false" }),
        Value::Number(number) => write_number(out, number),
        Value::String(text) => write_string(out, text),
        Value::Array(items) => {
            if items.is_empty() {
                out.push_str("[]");
                return;
            }
            out.push('[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                newline(out, depth + 1);
                write_value(out, item, depth + 1);
            }
            newline(out, depth);
            out.push(']');
        }
        Value::Object(map) => {
            if map.is_empty() {
                out.push_str("{}");
                return;
            }
            // UTF-8 byte order equals code point order, which is what Python's sort_keys uses. The map is sorted
            // already unless `preserve_order` is on: then its entries are sorted here.
            if map.keys().is_sorted() {
                write_members(out, map.iter(), depth);
            } else {
                let mut entries: Vec<(&String, &Value)> = map.iter().collect();
                entries.sort_by(|a, b| a.0.cmp(b.0));
                write_members(out, entries.into_iter(), depth);
            }
        }
    }
}

/// An object's members, in the order given.
fn write_members<'v>(out: &mut String, members: impl Iterator<Item = (&'v String, &'v Value)>, depth: usize) {
    write_object(out, members, depth, write_value);
}

/// Where canonical text is written: a string, or one that also takes text shared with other documents
/// ([`crate::infra::pieces`]).
pub(crate) trait TextOut {
    /// The text being written.
    fn text(&mut self) -> &mut String;
}

impl TextOut for String {
    fn text(&mut self) -> &mut String {
        self
    }
}

/// A non-empty object of `members` in the order given, each member's value written by `write_member` at its
/// depth.
pub(crate) fn write_object<O: TextOut, K: AsRef<str>, V>(
    out: &mut O,
    members: impl Iterator<Item = (K, V)>,
    depth: usize,
    write_member: impl Fn(&mut O, V, usize),
) {
    out.text().push('{');
    for (index, (key, item)) in members.enumerate() {
        let text = out.text();
        if index > 0 {
            text.push(',');
        }
        newline(text, depth + 1);
        write_string(text, key.as_ref());
        text.push_str(": ");
        write_member(out, item, depth + 1);
    }
    newline(out.text(), depth);
    out.text().push('}');
}

pub(crate) fn newline(out: &mut String, depth: usize) {
    out.push('\n');
    for _ in 0..depth {
        out.push_str("  ");
    }
}

/// Escapes exactly what Python's encoder escapes when `ensure_ascii=False`: quote, backslash, C0 controls.
pub(crate) fn write_string(out: &mut String, text: &str) {
    out.push('"');
    // Runs without anything to escape are copied whole: most strings have nothing to escape.
    let mut run_start = 0;
    while let Some(at) = next_to_escape(text.as_bytes(), run_start) {
        let byte = text.as_bytes()[at];
        // Every byte to escape is ASCII, so `at` is a character boundary.
        out.push_str(&text[run_start..at]);
        match byte {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x08 => out.push_str("\\b"),
            0x0c => out.push_str("\\f"),
            _ => out.push_str(&format!("\\u{byte:04x}")),
        }
        run_start = at + 1;
    }
    out.push_str(&text[run_start..]);
    out.push('"');
}

/// The position of the first byte at or after `from` that a JSON string must escape: a quote, a backslash or a C0
/// control. Eight bytes are tested at a time (the text of a large document is hundreds of megabytes of strings).
fn next_to_escape(bytes: &[u8], from: usize) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    // Some byte of `word` is below `n` (n ≤ 0x80): its subtraction borrows into that byte's high bit.
    let has_below = |word: u64, n: u8| word.wrapping_sub(ONES * u64::from(n)) & !word & HIGHS != 0;
    let mut at = from;
    while let Some(chunk) = bytes.get(at..at + 8) {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        let quote = word ^ (ONES * u64::from(b'"'));
        let backslash = word ^ (ONES * u64::from(b'\\'));
        if has_below(word, 0x20) || has_below(quote, 1) || has_below(backslash, 1) {
            break;
        }
        at += 8;
    }
    let rest = bytes.get(at..)?;
    rest.iter().position(|&byte| byte < 0x20 || byte == b'"' || byte == b'\\').map(|found| at + found)
}

fn write_number(out: &mut String, number: &Number) {
    match number.as_f64().filter(|_| number.is_f64()) {
        Some(float) => out.push_str(&python_float_repr(float)),
        None => out.push_str(&number.to_string()),
    }
}

/// Python's `repr(float)`: shortest round-trip digits, exponent form when the decimal point is far away.
fn python_float_repr(value: f64) -> String {
    // Rust's `{:e}` gives the shortest round-trip digits as `d.ddde±x`; only the layout differs from Python.
    let scientific = format!("{:e}", value.abs());
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let sign = if value.is_sign_negative() { "-" } else { "" };
    // CPython's rule (format_float_short): `decpt` is where the point sits relative to the digits.
    let decpt = exponent + 1;
    let body = if !(-4 < decpt && decpt <= 16) {
        let (first, rest) = digits.split_at(1);
        let fraction = if rest.is_empty() { String::new() } else { format!(".{rest}") };
        let exp_sign = if exponent < 0 { '-' } else { '+' };
        format!("{first}{fraction}e{exp_sign}{:02}", exponent.abs())
    } else if decpt <= 0 {
        format!("0.{}{digits}", "0".repeat(decpt.unsigned_abs() as usize))
    } else {
        let point = decpt as usize;
        if point >= digits.len() {
            format!("{digits}{}.0", "0".repeat(point - digits.len()))
        } else {
            format!("{}.{}", &digits[..point], &digits[point..])
        }
    };
    format!("{sign}{body}")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn canonical(value: Value) -> String {
        String::from_utf8(to_canonical_json(&value)).expect("utf-8")
    }

    #[test]
    fn empty_containers_stay_on_one_line() {
        assert_eq!(canonical(json!({})), "{}\n");
        assert_eq!(canonical(json!([])), "[]\n");
        assert_eq!(canonical(json!({"a": {}, "b": []})), "{\n  \"a\": {},\n  \"b\": []\n}\n");
    }

    #[test]
    fn nests_with_two_spaces_and_sorts_keys_by_code_point() {
        let value = json!({"b": [1, {"z": null, "a": true}], "B": "x", "é": 1, "a": false});
        let expected = "{\n  \"B\": \"x\",\n  \"a\": false,\n  \"b\": [\n    1,\n    {\n      \"a\": true,\n      \"z\": null\n    }\n  ],\n  \"é\": 1\n}\n";
        assert_eq!(canonical(value), expected);
    }

    #[test]
    fn the_escapes_found_eight_bytes_at_a_time_are_those_found_one_at_a_time() {
        let escapes = |byte: u8| byte < 0x20 || byte == b'"' || byte == b'\\';
        // Every byte value at every place of a 19-byte text, among bytes close to those that are escaped.
        for special in 0..=255u8 {
            for place in 0..19 {
                let mut text: Vec<u8> =
                    (0..19u8).map(|n| [b'!', b'#', b'[', b']', 0x7f, 0xff, b' '][usize::from(n) % 7]).collect();
                text[place] = special;
                for from in [0, 1, place, 18] {
                    let expected = (from..text.len()).find(|&at| escapes(text[at]));
                    assert_eq!(next_to_escape(&text, from), expected, "{special:#x} at {place} from {from}");
                }
            }
        }
        assert_eq!(next_to_escape(b"", 0), None);
    }

    #[test]
    fn strings_keep_utf8_and_escape_like_python() {
        let value = json!("<a&b> \"q\" \\ é 日本 \n\t\r\u{08}\u{0c}\u{1f}\u{7f}\u{2028}");
        assert_eq!(canonical(value), "\"<a&b> \\\"q\\\" \\\\ é 日本 \\n\\t\\r\\b\\f\\u001f\u{7f}\u{2028}\"\n");
    }

    #[test]
    fn numbers_print_like_python() {
        let cases = [
            (json!(0), "0"),
            (json!(-12), "-12"),
            (json!(u64::MAX), "18446744073709551615"),
            (json!(1.0), "1.0"),
            (json!(1.5), "1.5"),
            (json!(-0.25), "-0.25"),
            (json!(100.0), "100.0"),
            (json!(0.0001), "0.0001"),
            (json!(0.00001), "1e-05"),
            (json!(1.5e-7), "1.5e-07"),
            (json!(1e15), "1000000000000000.0"),
            (json!(1e16), "1e+16"),
            (json!(1.25e20), "1.25e+20"),
            (json!(123456.789), "123456.789"),
        ];
        for (value, expected) in cases {
            assert_eq!(canonical(value), format!("{expected}\n"));
        }
    }
}
