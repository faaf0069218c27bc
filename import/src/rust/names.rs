//! Rust names for definitions, modules and fields, and the serde renames that keep their JSON names.

/// Rust's reserved words, which a field or module name must not be.
const KEYWORDS: [&str; 51] = [
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate", "do", "dyn", "else",
    "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "macro", "match", "mod",
    "move", "mut", "override", "priv", "pub", "ref", "return", "self", "static", "struct", "super", "trait", "true",
    "try", "type", "typeof", "union", "unsafe", "unsized", "use", "virtual", "where", "while",
];

/// `text` made an identifier: letters, digits and `_`, not starting with a digit, not a keyword.
pub fn identifier(text: &str) -> String {
    let mut out: String = text.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    if KEYWORDS.contains(&out.as_str()) || out == "Self" {
        out.push('_');
    }
    out
}

/// A type name: the definition's last segment as an identifier, upper case first.
pub fn type_name(short: &str) -> String {
    let mut name = identifier(short);
    if let Some(first) = name.get(..1) {
        name = first.to_uppercase() + &name[1..];
    }
    name
}

/// A JSON name in snake case: words split where a lower-case letter or digit meets a capital, and before the last
/// capital of a run that starts a word (`URLPath` is `url_path`); a run of capitals stays one word, with a plural
/// `s` after it (`hostIP` is `host_ip`, `podCIDRs` is `pod_cidrs`).
pub fn snake_case(json: &str) -> String {
    let chars: Vec<char> = json.chars().collect();
    let mut out = String::new();
    for (index, &c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() {
            let previous = index.checked_sub(1).map(|i| chars[i]);
            let next = chars.get(index + 1).copied();
            let after_lower = previous.is_some_and(|p| p.is_ascii_lowercase() || p.is_ascii_digit());
            // `URLPath`: the `P` starts a word; `IPs`: the `s` is a plural, not a word.
            let ends_run = previous.is_some_and(|p| p.is_ascii_uppercase())
                && next.is_some_and(|n| n.is_ascii_lowercase())
                && chars.get(index + 2).is_some_and(|n| n.is_ascii_lowercase());
            if (after_lower || ends_run) && !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    identifier(&out)
}

/// The JSON name serde's `rename_all = "camelCase"` gives a field named `field` (raw `r#` prefixes aside).
pub fn serde_camel_case(field: &str) -> String {
    crate::case::lower_camel(field, '_')
}

/// A Rust string literal for `text`: raw when that reads better and is possible.
pub fn string_literal(text: &str) -> String {
    let plain = text.contains(['"', '\\']) && !text.contains(char::is_control);
    if !plain {
        return format!("{text:?}");
    }
    let mut hashes = String::from("#");
    while text.contains(&format!("\"{hashes}")) {
        hashes.push('#');
    }
    format!("r{hashes}\"{text}\"{hashes}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_names_become_snake_case_and_back() {
        for (json, snake) in [
            ("hostIP", "host_ip"),
            ("podIPs", "pod_ips"),
            ("apiVersion", "api_version"),
            ("URLPath", "url_path"),
            ("type", "type_"),
            ("x-kubernetes-foo", "x_kubernetes_foo"),
            ("$ref", "_ref"),
            ("terminationGracePeriodSeconds", "termination_grace_period_seconds"),
            ("v1", "v1"),
        ] {
            assert_eq!(snake_case(json), snake, "{json}");
        }
        assert_eq!(serde_camel_case("api_version"), "apiVersion");
        assert_eq!(serde_camel_case("host_ip"), "hostIp");
    }

    #[test]
    fn string_literals() {
        assert_eq!(string_literal("plain"), "\"plain\"");
        assert_eq!(string_literal("a \"quote\""), "r#\"a \"quote\"\"#");
        assert_eq!(string_literal("line\nbreak"), "\"line\\nbreak\"");
        assert_eq!(string_literal("a\\d"), "r#\"a\\d\"#");
    }
}
