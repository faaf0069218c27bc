//! How property names appear in CEL: names that are CEL keywords or hold `.`, `-`, `/` or `__` are escaped, as the
//! API server does, and names that cannot be escaped are not visible to rules at all.

/// Words CEL reserves; a property with one of these names is written `__name__` in a rule.
const RESERVED: &[&str] = &[
    "true",
    "false",
    "null",
    "in",
    "as",
    "break",
    "const",
    "continue",
    "else",
    "for",
    "function",
    "if",
    "import",
    "let",
    "loop",
    "package",
    "namespace",
    "return",
    "var",
    "void",
    "while",
];

/// Character sequences replaced in property names, longest first so `__` is escaped before it can be produced.
const REPLACEMENTS: &[(&str, &str)] =
    &[("__", "__underscores__"), (".", "__dot__"), ("-", "__dash__"), ("/", "__slash__")];

/// The name a rule uses for property `name`, or `None` when rules cannot refer to it.
pub fn escape(name: &str) -> Option<String> {
    if RESERVED.contains(&name) {
        return Some(format!("__{name}__"));
    }
    let mut chars = name.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || "_.-/".contains(c));
    if !first_ok || !chars.all(|c| c.is_ascii_alphanumeric() || "_.-/".contains(c)) {
        return None;
    }
    let mut escaped = String::with_capacity(name.len());
    let mut rest = name;
    'outer: while !rest.is_empty() {
        for (from, to) in REPLACEMENTS {
            if let Some(after) = rest.strip_prefix(from) {
                escaped.push_str(to);
                rest = after;
                continue 'outer;
            }
        }
        let mut chars = rest.chars();
        if let Some(c) = chars.next() {
            escaped.push(c);
        }
        rest = chars.as_str();
    }
    Some(escaped)
}

/// The property name a rule's field name stands for (the inverse of [`escape`]).
pub fn unescape(field: &str) -> String {
    if let Some(inner) = field.strip_prefix("__").and_then(|f| f.strip_suffix("__")).filter(|f| RESERVED.contains(f)) {
        return inner.to_owned();
    }
    let mut name = String::with_capacity(field.len());
    let mut rest = field;
    'outer: while !rest.is_empty() {
        for (to, from) in REPLACEMENTS {
            if let Some(after) = rest.strip_prefix(from) {
                name.push_str(to);
                rest = after;
                continue 'outer;
            }
        }
        let mut chars = rest.chars();
        if let Some(c) = chars.next() {
            name.push(c);
        }
        rest = chars.as_str();
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_and_punctuation_are_escaped_and_come_back() {
        for (name, escaped) in [
            ("namespace", "__namespace__"),
            ("x-prop", "x__dash__prop"),
            ("a.b/c", "a__dot__b__slash__c"),
            ("a__b", "a__underscores__b"),
            ("plain", "plain"),
        ] {
            assert_eq!(escape(name).as_deref(), Some(escaped), "{name}");
            assert_eq!(unescape(escaped), name, "{escaped}");
        }
    }

    #[test]
    fn names_with_other_characters_are_invisible() {
        assert_eq!(escape("a b"), None);
        assert_eq!(escape("1abc"), None);
        assert_eq!(escape(""), None);
    }
}
