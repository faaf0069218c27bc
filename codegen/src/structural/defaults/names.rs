//! The name syntaxes Kubernetes checks object metadata with (DNS labels and subdomains, qualified names, label
//! values), as plain predicates.

/// At most 63 characters: lowercase letters, digits and `-`, starting and ending alphanumeric (RFC 1123).
pub(super) fn is_dns1123_label(text: &str) -> bool {
    text.len() <= 63 && delimited(text, |c| c.is_ascii_lowercase() || c.is_ascii_digit(), |c| c == '-')
}

/// At most 253 characters: DNS-1123 labels joined by dots.
pub(super) fn is_dns1123_subdomain(text: &str) -> bool {
    text.len() <= 253
        && text.split('.').all(|label| delimited(label, |c| c.is_ascii_lowercase() || c.is_ascii_digit(), |c| c == '-'))
}

/// A DNS-1123 label that starts with a letter (RFC 1035).
pub(super) fn is_dns1035_label(text: &str) -> bool {
    is_dns1123_label(text) && text.starts_with(|c: char| c.is_ascii_lowercase())
}

/// `name` or `prefix/name`: a DNS subdomain prefix and a name of at most 63 alphanumerics, `-`, `_` and `.`,
/// starting and ending alphanumeric (label and annotation keys, finalizers).
pub(super) fn is_qualified_name(text: &str) -> bool {
    let (prefix, name) = match text.split_once('/') {
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, text),
    };
    prefix.is_none_or(|prefix| !prefix.is_empty() && is_dns1123_subdomain(prefix))
        && !name.is_empty()
        && is_label_value(name)
}

/// Empty, or at most 63 alphanumerics, `-`, `_` and `.`, starting and ending alphanumeric.
pub(super) fn is_label_value(text: &str) -> bool {
    text.is_empty()
        || (text.len() <= 63 && delimited(text, |c| c.is_ascii_alphanumeric(), |c| matches!(c, '-' | '_' | '.')))
}

/// Non-empty, made of `edge` characters and `inner` ones, with `edge` characters at both ends.
fn delimited(text: &str, edge: fn(char) -> bool, inner: fn(char) -> bool) -> bool {
    let starts = text.chars().next().is_some_and(edge);
    let ends = text.chars().next_back().is_some_and(edge);
    starts && ends && text.chars().all(|c| edge(c) || inner(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_kubernetes_syntax() {
        assert!(is_dns1123_label("web-1") && !is_dns1123_label("Web") && !is_dns1123_label("-a"));
        assert!(is_dns1123_subdomain("example.com") && !is_dns1123_subdomain("example..com"));
        assert!(is_dns1035_label("widget") && !is_dns1035_label("1widget"));
        assert!(is_qualified_name("app.kubernetes.io/name") && is_qualified_name("tier"));
        assert!(!is_qualified_name("a/b/c") && !is_qualified_name("/name") && !is_qualified_name("Ex.com/x"));
        assert!(
            is_label_value("")
                && is_label_value("v1.2_beta")
                && !is_label_value("x-")
                && !is_label_value(&"a".repeat(64))
        );
    }
}
