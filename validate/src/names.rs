//! The name formats of Kubernetes objects and keys, with the API server's (apimachinery's) messages: RFC 1123
//! subdomains and labels, RFC 1035 labels, path segments, qualified names (label and annotation keys,
//! finalizers) and label values. Lengths are in bytes, as the server counts them.

/// RFC 1123 subdomain: the default for object names.
pub const SUBDOMAIN_MAX: usize = 253;
/// RFC 1123 / 1035 labels, qualified-name parts and label values.
pub const LABEL_MAX: usize = 63;

const LABEL_REGEX: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const SUBDOMAIN_REGEX: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
const DNS1035_REGEX: &str = "[a-z]([-a-z0-9]*[a-z0-9])?";
const QUALIFIED_REGEX: &str = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const LABEL_VALUE_REGEX: &str = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";

/// The server's `must be no more than N characters`.
pub fn too_long(max: usize) -> String {
    format!("must be no more than {max} characters")
}

/// The server's description of a format: what it must be, examples, and the regular expression.
fn format_error(what: &str, regex: &str, examples: &[&str]) -> String {
    let mut message = format!("{what} (e.g. ");
    for (index, example) in examples.iter().enumerate() {
        if index > 0 {
            message.push_str(" or ");
        }
        message.push_str(&format!("'{example}', "));
    }
    message.push_str(&format!("regex used for validation is '{regex}')"));
    message
}

/// `[a-z0-9]` and, inside, `-` (and `.` for subdomains), starting and ending alphanumeric.
fn is_dns_label(text: &str, first_may_be_digit: bool) -> bool {
    let bytes = text.as_bytes();
    let (Some(first), Some(last)) = (bytes.first(), bytes.last()) else { return false };
    let lower_alnum = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    (first.is_ascii_lowercase() || (first_may_be_digit && first.is_ascii_digit()))
        && lower_alnum(last)
        && bytes.iter().all(|b| lower_alnum(b) || *b == b'-')
}

fn is_subdomain_text(text: &str) -> bool {
    text.split('.').all(|label| is_dns_label(label, true))
}

/// RFC 1123 subdomain (`example.com`), at most 253 characters.
pub fn dns1123_subdomain(text: &str) -> Vec<String> {
    let mut errors = Vec::new();
    if text.len() > SUBDOMAIN_MAX {
        errors.push(too_long(SUBDOMAIN_MAX));
    }
    if !is_subdomain_text(text) {
        let what = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', \
                    and must start and end with an alphanumeric character";
        errors.push(format_error(what, SUBDOMAIN_REGEX, &["example.com"]));
    }
    errors
}

/// RFC 1123 label (`my-name`), at most 63 characters.
pub fn dns1123_label(text: &str) -> Vec<String> {
    let mut errors = Vec::new();
    if text.len() > LABEL_MAX {
        errors.push(too_long(LABEL_MAX));
    }
    if !is_dns_label(text, true) {
        if is_subdomain_text(text) {
            errors.push("must not contain dots".to_owned());
        } else {
            let what = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and \
                        must start and end with an alphanumeric character";
            errors.push(format_error(what, LABEL_REGEX, &["my-name", "123-abc"]));
        }
    }
    errors
}

/// RFC 1035 label (starts with a letter), at most 63 characters.
pub fn dns1035_label(text: &str) -> Vec<String> {
    let mut errors = Vec::new();
    if text.len() > LABEL_MAX {
        errors.push(too_long(LABEL_MAX));
    }
    if !is_dns_label(text, false) {
        let what = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an \
                    alphabetic character, and end with an alphanumeric character";
        errors.push(format_error(what, DNS1035_REGEX, &["my-name", "abc-123"]));
    }
    errors
}

/// A name usable as one segment of a URL path: not `.` or `..`, no `/` or `%`.
pub fn path_segment(text: &str, prefix: bool) -> Vec<String> {
    if !prefix && (text == "." || text == "..") {
        return vec![format!("may not be '{text}'")];
    }
    ["/", "%"].iter().filter(|bad| text.contains(*bad)).map(|bad| format!("may not contain '{bad}'")).collect()
}

fn is_qualified_part(text: &str) -> bool {
    let bytes = text.as_bytes();
    let (Some(first), Some(last)) = (bytes.first(), bytes.last()) else { return false };
    first.is_ascii_alphanumeric()
        && last.is_ascii_alphanumeric()
        && bytes.iter().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

const QUALIFIED_WHAT: &str = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an \
                              alphanumeric character";

/// A qualified name (`example.com/MyName`): an optional DNS subdomain prefix and `/`, and a name of at most 63
/// characters. Label keys, annotation keys (lower-cased first) and finalizers.
pub fn qualified_name(text: &str) -> Vec<String> {
    let parts: Vec<&str> = text.split('/').collect();
    let mut errors = Vec::new();
    let name = match parts.as_slice() {
        [name] => *name,
        [prefix, name] => {
            if prefix.is_empty() {
                errors.push("prefix part must be non-empty".to_owned());
            } else {
                errors.extend(dns1123_subdomain(prefix).into_iter().map(|e| format!("prefix part {e}")));
            }
            *name
        }
        _ => {
            let what = format!("a qualified name {QUALIFIED_WHAT}");
            let described = format_error(&what, QUALIFIED_REGEX, &["MyName", "my.name", "123-abc"]);
            return vec![format!(
                "{described} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
            )];
        }
    };
    if name.is_empty() {
        errors.push("name part must be non-empty".to_owned());
    } else if name.len() > LABEL_MAX {
        errors.push(format!("name part {}", too_long(LABEL_MAX)));
    }
    if !is_qualified_part(name) {
        errors.push(format!(
            "name part {}",
            format_error(QUALIFIED_WHAT, QUALIFIED_REGEX, &["MyName", "my.name", "123-abc"])
        ));
    }
    errors
}

/// A label value: empty, or at most 63 characters of a qualified name's part.
pub fn label_value(text: &str) -> Vec<String> {
    let mut errors = Vec::new();
    if text.len() > LABEL_MAX {
        errors.push(too_long(LABEL_MAX));
    }
    if !text.is_empty() && !is_qualified_part(text) {
        let what = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', \
                    and must start and end with an alphanumeric character";
        errors.push(format_error(what, LABEL_VALUE_REGEX, &["MyValue", "my_value", "12345"]));
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_and_messages() {
        assert!(dns1123_subdomain("example.com").is_empty());
        assert_eq!(dns1123_subdomain("x.com^2").len(), 1);
        assert_eq!(dns1123_subdomain(&"a".repeat(254)), vec![too_long(253)]);
        assert_eq!(dns1123_label("a.b"), vec!["must not contain dots".to_owned()]);
        assert!(dns1035_label("1abc")[0].starts_with("a DNS-1035 label"));
        assert!(qualified_name("example.com/My_Name.1").is_empty());
        assert_eq!(qualified_name("/x"), vec!["prefix part must be non-empty".to_owned()]);
        assert!(qualified_name("a/b/c")[0].starts_with("a qualified name"));
        assert!(label_value("").is_empty());
        assert_eq!(
            label_value("_")[0],
            "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must \
             start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used \
             for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
        );
        assert_eq!(
            path_segment("a/b%", false),
            vec!["may not contain '/'".to_owned(), "may not contain '%'".to_owned()]
        );
    }
}
