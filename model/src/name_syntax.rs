//! The name syntaxes Kubernetes checks names with (DNS labels and subdomains, qualified names, label values), as
//! plain predicates, and what they mean for the names a resource is served under: each of those is a URL path
//! segment or a word in discovery, so one that breaks the syntax would give paths no server can route.

/// At most 63 characters: lowercase letters, digits and `-`, starting and ending alphanumeric (RFC 1123).
pub fn is_dns1123_label(text: &str) -> bool {
    text.len() <= 63 && delimited(text, |c| c.is_ascii_lowercase() || c.is_ascii_digit(), |c| c == '-')
}

/// At most 253 characters: DNS-1123 labels joined by dots.
pub fn is_dns1123_subdomain(text: &str) -> bool {
    text.len() <= 253
        && text.split('.').all(|label| delimited(label, |c| c.is_ascii_lowercase() || c.is_ascii_digit(), |c| c == '-'))
}

/// A DNS-1123 label that starts with a letter (RFC 1035).
pub fn is_dns1035_label(text: &str) -> bool {
    is_dns1123_label(text) && text.starts_with(|c: char| c.is_ascii_lowercase())
}

/// `name` or `prefix/name`: a DNS subdomain prefix and a name of at most 63 alphanumerics, `-`, `_` and `.`,
/// starting and ending alphanumeric (label and annotation keys, finalizers).
pub fn is_qualified_name(text: &str) -> bool {
    let (prefix, name) = match text.split_once('/') {
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, text),
    };
    prefix.is_none_or(|prefix| !prefix.is_empty() && is_dns1123_subdomain(prefix))
        && !name.is_empty()
        && is_label_value(name)
}

/// Empty, or at most 63 alphanumerics, `-`, `_` and `.`, starting and ending alphanumeric.
pub fn is_label_value(text: &str) -> bool {
    text.is_empty()
        || (text.len() <= 63 && delimited(text, |c| c.is_ascii_alphanumeric(), |c| matches!(c, '-' | '_' | '.')))
}

/// Why `group` cannot name an API group: it must be empty (the core group) or a DNS-1123 subdomain.
pub fn group_problem(group: &str) -> Option<String> {
    (!group.is_empty() && !is_dns1123_subdomain(group))
        .then(|| format!("group `{group}` is not a DNS subdomain (lower-case letters, digits, `-` and `.`)"))
}

/// Why `version` cannot name an API version: it must be a DNS-1035 label (`v1`, `v1beta2`).
pub fn version_problem(version: &str) -> Option<String> {
    (!is_dns1035_label(version)).then(|| {
        format!("version `{version}` is not a DNS-1035 label (a lower-case letter, then letters, digits and `-`)")
    })
}

/// Why `name`, a resource word of the given role (`plural`, `singular`, `short name`, `category`, `subresource`),
/// cannot be one: it must be a DNS-1035 label.
pub fn resource_word_problem(role: &str, name: &str) -> Option<String> {
    (!is_dns1035_label(name))
        .then(|| format!("{role} `{name}` is not a DNS-1035 label (a lower-case letter, then letters, digits and `-`)"))
}

/// Why `kind` cannot name a kind: lower-cased, it must be a DNS-1035 label (`Deployment`, `APIService`).
pub fn kind_problem(role: &str, kind: &str) -> Option<String> {
    (!is_dns1035_label(&kind.to_ascii_lowercase()))
        .then(|| format!("{role} `{kind}` is not a letter followed by letters, digits and `-`"))
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

    #[test]
    fn resource_names_must_be_path_segments() {
        assert_eq!(group_problem(""), None, "the core group");
        assert_eq!(group_problem("apps"), None);
        assert_eq!(group_problem("stable.example.com"), None);
        for group in ["coordination.k8s.i/", "Apps", "a..b", "x.", "a b", "a%2fb"] {
            assert!(group_problem(group).is_some_and(|problem| problem.contains(group)), "{group}");
        }
        assert_eq!(version_problem("v1beta1"), None);
        for version in ["", "1", "v1/", "V1", "v1.2"] {
            assert!(version_problem(version).is_some(), "{version}");
        }
        assert_eq!(resource_word_problem("plural", "horizontalpodautoscalers"), None);
        assert!(resource_word_problem("plural", "pods/status").is_some_and(|p| p.starts_with("plural `pods/status`")));
        assert_eq!(kind_problem("kind", "APIService"), None);
        assert!(kind_problem("kind", "Lease List").is_some() && kind_problem("kind", "").is_some());
    }
}
