//! JSON values as YAML text, for gnostic's `Any.yaml`.
//!
//! gnostic fills `Any.yaml` with yaml.v3's rendering of the JSON value, and kube-openapi reads it back with
//! yaml.v2 (`VendorExtensionToMap`); kubectl then needs `x-kubernetes-group-version-kind` to come out as a list of
//! maps of strings. So this writes the same block style: one entry a line, map keys sorted, `{}` and `[]` for
//! empty collections, and a trailing newline. A string stays plain only when no YAML 1.1 or 1.2 reader could take
//! it for anything else (a number, a boolean, null, a date, an indicator); every other string is double-quoted with
//! escapes, which both YAML versions read back to the same text.

use serde_json::{Map, Value};
use std::fmt::Write as _;

/// How far each nesting level is indented.
const INDENT: usize = 2;

/// Words that YAML 1.1 (yaml.v2, which kube-openapi uses) reads as booleans or null, compared case-insensitively.
const RESERVED_WORDS: [&str; 9] = ["y", "n", "yes", "no", "on", "off", "true", "false", "null"];

/// The YAML text of `value`, ending with a newline.
pub(crate) fn to_yaml(value: &Value) -> String {
    let mut out = String::new();
    write_node(&mut out, value, 0);
    out
}

/// Writes `value` as lines indented by `indent` spaces.
fn write_node(out: &mut String, value: &Value, indent: usize) {
    match value {
        Value::Object(map) if !map.is_empty() => write_map(out, map, indent),
        Value::Array(items) if !items.is_empty() => write_list(out, items, indent),
        scalar => {
            push_indent(out, indent);
            write_scalar(out, scalar);
            out.push('\n');
        }
    }
}

fn write_map(out: &mut String, map: &Map<String, Value>, indent: usize) {
    let mut entries: Vec<_> = map.iter().collect();
    entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
    for (key, value) in entries {
        push_indent(out, indent);
        write_string(out, key);
        out.push(':');
        if is_block(value) {
            out.push('\n');
            write_node(out, value, indent + INDENT);
        } else {
            out.push(' ');
            write_scalar(out, value);
            out.push('\n');
        }
    }
}

fn write_list(out: &mut String, items: &[Value], indent: usize) {
    for item in items {
        if is_block(item) {
            // Render the item one level deeper, then turn its first line's indentation into the "- " marker:
            // YAML reads "- key: value" followed by lines at the same depth as one map (or list) in the list.
            let mut child = String::new();
            write_node(&mut child, item, indent + INDENT);
            push_indent(out, indent);
            out.push_str("- ");
            out.push_str(&child[indent + INDENT..]);
        } else {
            push_indent(out, indent);
            out.push_str("- ");
            write_scalar(out, item);
            out.push('\n');
        }
    }
}

/// Whether `value` is written as indented lines rather than inline.
fn is_block(value: &Value) -> bool {
    match value {
        Value::Object(map) => !map.is_empty(),
        Value::Array(items) => !items.is_empty(),
        _ => false,
    }
}

fn push_indent(out: &mut String, indent: usize) {
    out.extend(std::iter::repeat_n(' ', indent));
}

/// Writes a value that fits on one line: a scalar or an empty collection.
fn write_scalar(out: &mut String, value: &Value) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => write_number(out, &n.to_string()),
        Value::String(s) => write_string(out, s),
        Value::Array(_) => out.push_str("[]"),
        Value::Object(_) => out.push_str("{}"),
    }
}

/// Writes a number as serde_json prints it, except that an exponent gets a fraction and a sign (`1e300` becomes
/// `1.0e+300`): YAML 1.1's float pattern, which PyYAML follows, needs both, while Go's readers accept either.
fn write_number(out: &mut String, printed: &str) {
    match printed.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => {
            out.push_str(mantissa);
            if !mantissa.contains('.') {
                out.push_str(".0");
            }
            out.push('e');
            if !exponent.starts_with(['+', '-']) {
                out.push('+');
            }
            out.push_str(exponent);
        }
        None => out.push_str(printed),
    }
}

fn write_string(out: &mut String, s: &str) {
    if is_plain_safe(s) {
        out.push_str(s);
    } else {
        write_quoted(out, s);
    }
}

/// Whether `s` reads back as the same string when written without quotes, in YAML 1.1 and 1.2 alike.
///
/// Deliberately narrow: an ASCII letter first (so never a number, date, `.inf`, `~` or indicator), then only
/// letters, digits and `-_./` (so never `: `, ` #`, flow punctuation or surrounding spaces), and not a word
/// YAML 1.1 turns into a boolean or null.
fn is_plain_safe(s: &str) -> bool {
    let mut chars = s.chars();
    let Some(first) = chars.next() else { return false };
    first.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/'))
        && !RESERVED_WORDS.iter().any(|word| word.eq_ignore_ascii_case(s))
}

/// Writes `s` double-quoted. Characters YAML would not keep as they are inside quotes (control characters, DEL,
/// the C1 range, the line and paragraph separators YAML 1.1 treats as line breaks, byte-order marks and the two
/// non-characters) are escaped; all other text is copied as UTF-8.
fn write_quoted(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if needs_escape(c) => {
                // Writing to a String cannot fail.
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn needs_escape(c: char) -> bool {
    // `is_control` is exactly the C0 range, DEL and the C1 range.
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{FEFF}' | '\u{FFFE}' | '\u{FFFF}')
}

#[cfg(test)]
mod tests {
    use super::to_yaml;
    use serde_json::json;

    #[test]
    fn gnostic_yaml_gvk_list_is_a_block_list_of_maps() {
        let gvk = json!([
            {"group": "", "version": "v1", "kind": "Pod"},
            {"group": "apps", "kind": "Deployment", "version": "v1"}
        ]);
        let expected = "- group: \"\"\n  kind: Pod\n  version: v1\n- group: apps\n  kind: Deployment\n  version: v1\n";
        assert_eq!(to_yaml(&gvk), expected);
    }

    #[test]
    fn gnostic_yaml_scalars() {
        assert_eq!(to_yaml(&json!("atomic")), "atomic\n");
        assert_eq!(to_yaml(&json!(null)), "null\n");
        assert_eq!(to_yaml(&json!(true)), "true\n");
        assert_eq!(to_yaml(&json!(42)), "42\n");
        assert_eq!(to_yaml(&json!(-1.5)), "-1.5\n");
        assert_eq!(to_yaml(&json!(1e300)), "1.0e+300\n");
        assert_eq!(to_yaml(&json!(2.5e-7)), "2.5e-7\n");
        assert_eq!(to_yaml(&json!({})), "{}\n");
        assert_eq!(to_yaml(&json!([])), "[]\n");
    }

    #[test]
    fn gnostic_yaml_quotes_strings_a_reader_would_misread() {
        for s in [
            "",
            "true",
            "No",
            "y",
            "NULL",
            "1",
            "1.5",
            "0x1F",
            "2024-01-01",
            "~",
            "-",
            "a: b",
            "a #b",
            " a",
            "a ",
            "[x]",
            "{x}",
            "*x",
            "&x",
            "!x",
            "%x",
            "@x",
            "`x",
            "'x",
            ".inf",
            "=",
            "<<",
        ] {
            let out = to_yaml(&json!(s));
            assert!(out.starts_with('"') && out.ends_with("\"\n"), "{s:?} must be quoted, got {out:?}");
        }
        for s in ["apps", "v1", "stable.example.com", "x-kubernetes-list-type", "io.k8s.api.core.v1.Pod", "a/b_c"] {
            assert_eq!(to_yaml(&json!(s)), format!("{s}\n"));
        }
    }

    #[test]
    fn gnostic_yaml_escapes_what_quotes_cannot_hold() {
        let s = "say \"hi\"\\\n\t\r\u{1}\u{7F}\u{85}\u{2028}\u{FEFF} é ✓ 𝄞";
        let expected = "\"say \\\"hi\\\"\\\\\\n\\t\\r\\u0001\\u007F\\u0085\\u2028\\uFEFF é ✓ 𝄞\"\n";
        assert_eq!(to_yaml(&json!(s)), expected);
    }

    #[test]
    fn gnostic_yaml_nests_maps_and_lists() {
        let value = json!({"b": [["x", "y"], {}], "a": {"k": [1, 2], "e": []}, "rule": "self.x > 0"});
        let expected = "a:\n  e: []\n  k:\n    - 1\n    - 2\nb:\n  - - x\n    - \"y\"\n  - {}\nrule: \"self.x > 0\"\n";
        assert_eq!(to_yaml(&value), expected);
    }
}
