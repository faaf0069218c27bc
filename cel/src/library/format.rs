//! Kubernetes' `format` library: the named formats (`format.dns1123Label()`, `format.named('uuid')`, …) and
//! `<format>.validate(text)`, which gives an empty optional for a valid text and else the list of what is wrong,
//! in the words of k8s.io/apimachinery's validators.

use std::sync::LazyLock;

use cel::common::types::{STRING_TYPE, Type};
use cel::objects::Opaque;
use cel::{DeclarationError, Env, ExecutionError, Value};
use regex::Regex;

use super::args::{opaque, optional, overload, string, strings, wrap};
use super::url::parse_request_uri;
use crate::calendar::is_full_date;

/// The CEL type of a format.
pub(crate) const TYPE_NAME: &str = "kubernetes.NamedFormat";

/// Every named format, by the name `format.named` and `format.<name>()` know it.
pub(crate) const NAMES: [&str; 13] = [
    "dns1123Label",
    "dns1123Subdomain",
    "dns1035Label",
    "qualifiedName",
    "dns1123LabelPrefix",
    "dns1123SubdomainPrefix",
    "dns1035LabelPrefix",
    "labelValue",
    "uri",
    "uuid",
    "byte",
    "date",
    "datetime",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Format(&'static str);

impl Opaque for Format {
    fn runtime_type_name(&self) -> &str {
        TYPE_NAME
    }
}

pub(super) fn register(env: &mut Env) -> Result<(), DeclarationError> {
    let format = || Type::new_opaque_type(TYPE_NAME);
    env.add_overload("format.named", "format-named", vec![STRING_TYPE], overload!(named))?;
    env.add_member_overload("validate", "format-validate", format(), vec![STRING_TYPE], overload!(validate))?;
    // One function per name, each without arguments: the name is told by the interpreter only as the function's.
    macro_rules! constant {
        ($($name:literal),*) => {$(
            env.add_overload(concat!("format.", $name), concat!("format.", $name), vec![], overload!(|_: &[Value]| {
                Ok::<Value, ExecutionError>(wrap(Format($name)))
            }))?;
        )*};
    }
    constant!(
        "dns1123Label",
        "dns1123Subdomain",
        "dns1035Label",
        "qualifiedName",
        "dns1123LabelPrefix",
        "dns1123SubdomainPrefix",
        "dns1035LabelPrefix",
        "labelValue",
        "uri",
        "uuid",
        "byte",
        "date",
        "datetime"
    );
    Ok(())
}

fn named(args: &[Value]) -> Result<Value, ExecutionError> {
    let name = string("format.named", args, 0)?;
    Ok(optional(NAMES.iter().find(|known| **known == name).map(|known| wrap(Format(known)))))
}

fn validate(args: &[Value]) -> Result<Value, ExecutionError> {
    let format = opaque::<Format>("validate", args, 0)?;
    let problems = problems(format.0, string("validate", args, 1)?);
    Ok(optional((!problems.is_empty()).then(|| strings(problems))))
}

/// What is wrong with `text` in format `name`; nothing if it is valid.
pub(crate) fn problems(name: &str, text: &str) -> Vec<String> {
    match name {
        "dns1123Label" => dns1123_label(text),
        "dns1123Subdomain" => dns1123_subdomain(text),
        "dns1035Label" => dns1035_label(text),
        "qualifiedName" => qualified_name(text),
        "dns1123LabelPrefix" => dns1123_label(&mask_trailing_dash(text)),
        "dns1123SubdomainPrefix" => dns1123_subdomain(&mask_trailing_dash(text)),
        "dns1035LabelPrefix" => dns1035_label(&mask_trailing_dash(text)),
        "labelValue" => label_value(text),
        "uri" => parse_request_uri(text).err().into_iter().collect(),
        "uuid" => check(UUID.is_match(text), "does not match the UUID format"),
        "byte" => check(BASE64.is_match(text), "invalid base64"),
        "date" => check(is_full_date(text), "invalid date"),
        "datetime" => check(is_date_time(text), "invalid datetime"),
        _ => Vec::new(),
    }
}

fn check(valid: bool, problem: &str) -> Vec<String> {
    if valid { Vec::new() } else { vec![problem.to_owned()] }
}

const DNS1123_LABEL: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const DNS1123_LABEL_MESSAGE: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \
     '-', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN: &str = r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
const DNS1123_SUBDOMAIN_MESSAGE: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric \
     characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1035_LABEL: &str = "[a-z]([-a-z0-9]*[a-z0-9])?";
const DNS1035_LABEL_MESSAGE: &str = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', \
     start with an alphabetic character, and end with an alphanumeric character";
const QUALIFIED_NAME: &str = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const QUALIFIED_NAME_MESSAGE: &str = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end \
     with an alphanumeric character";
const LABEL_VALUE: &str = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
const LABEL_VALUE_MESSAGE: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', \
     '_' or '.', and must start and end with an alphanumeric character";

fn anchored(pattern: &str) -> Regex {
    Regex::new(&format!("^(?:{pattern})$")).expect("a valid pattern")
}

static DNS1123_LABEL_RE: LazyLock<Regex> = LazyLock::new(|| anchored(DNS1123_LABEL));
static DNS1123_SUBDOMAIN_RE: LazyLock<Regex> = LazyLock::new(|| anchored(DNS1123_SUBDOMAIN));
static DNS1035_LABEL_RE: LazyLock<Regex> = LazyLock::new(|| anchored(DNS1035_LABEL));
static QUALIFIED_NAME_RE: LazyLock<Regex> = LazyLock::new(|| anchored(QUALIFIED_NAME));
static LABEL_VALUE_RE: LazyLock<Regex> = LazyLock::new(|| anchored(LABEL_VALUE));
static UUID: LazyLock<Regex> =
    LazyLock::new(|| anchored("(?i)[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}"));
static BASE64: LazyLock<Regex> =
    LazyLock::new(|| anchored(r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})"));
static TIME_OF_DAY: LazyLock<Regex> =
    LazyLock::new(|| anchored(r"([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))"));

/// A message naming the pattern and examples, as `RegexError` words it.
fn regex_error(message: &str, pattern: &str, examples: &[&str]) -> String {
    let examples: Vec<String> = examples.iter().map(|example| format!("'{example}', ")).collect();
    format!("{message} (e.g. {}regex used for validation is '{pattern}')", examples.join(" or "))
}

fn max_length(limit: usize) -> String {
    format!("must be no more than {limit} characters")
}

/// `maskTrailingDash`: a generated-name prefix may end in `-`; its last two characters become `a`.
fn mask_trailing_dash(text: &str) -> String {
    if text.len() > 1 && text.ends_with('-') {
        let cut = text.len() - 2;
        if text.is_char_boundary(cut) {
            return format!("{}a", &text[..cut]);
        }
    }
    text.to_owned()
}

fn dns1123_label(text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if text.len() > 63 {
        problems.push(max_length(63));
    }
    if !DNS1123_LABEL_RE.is_match(text) {
        problems.push(if DNS1123_SUBDOMAIN_RE.is_match(text) {
            "must not contain dots".to_owned()
        } else {
            regex_error(DNS1123_LABEL_MESSAGE, DNS1123_LABEL, &["my-name", "123-abc"])
        });
    }
    problems
}

fn dns1123_subdomain(text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if text.len() > 253 {
        problems.push(max_length(253));
    }
    if !DNS1123_SUBDOMAIN_RE.is_match(text) {
        problems.push(regex_error(DNS1123_SUBDOMAIN_MESSAGE, DNS1123_SUBDOMAIN, &["example.com"]));
    }
    problems
}

fn dns1035_label(text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if text.len() > 63 {
        problems.push(max_length(63));
    }
    if !DNS1035_LABEL_RE.is_match(text) {
        problems.push(regex_error(DNS1035_LABEL_MESSAGE, DNS1035_LABEL, &["my-name", "abc-123"]));
    }
    problems
}

fn qualified_name(text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let parts: Vec<&str> = text.split('/').collect();
    let name = match parts.as_slice() {
        [name] => *name,
        [prefix, name] => {
            if prefix.is_empty() {
                problems.push("prefix part must be non-empty".to_owned());
            } else {
                problems.extend(dns1123_subdomain(prefix).into_iter().map(|problem| format!("prefix part {problem}")));
            }
            *name
        }
        _ => {
            let shape = regex_error(QUALIFIED_NAME_MESSAGE, QUALIFIED_NAME, &["MyName", "my.name", "123-abc"]);
            problems.push(format!(
                "a qualified name {shape} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
            ));
            return problems;
        }
    };
    if name.is_empty() {
        problems.push("name part must be non-empty".to_owned());
    } else if name.len() > 63 {
        problems.push(format!("name part {}", max_length(63)));
    }
    if !QUALIFIED_NAME_RE.is_match(name) {
        let shape = regex_error(QUALIFIED_NAME_MESSAGE, QUALIFIED_NAME, &["MyName", "my.name", "123-abc"]);
        problems.push(format!("name part {shape}"));
    }
    problems
}

fn label_value(text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if text.len() > 63 {
        problems.push(max_length(63));
    }
    if !LABEL_VALUE_RE.is_match(text) {
        problems.push(regex_error(LABEL_VALUE_MESSAGE, LABEL_VALUE, &["MyValue", "my_value", "12345"]));
    }
    problems
}

/// strfmt's `IsDateTime`: a date, a `t`, then a time of day with an optional fraction and a zone.
fn is_date_time(text: &str) -> bool {
    if text.len() < 4 {
        return false;
    }
    let lower = text.to_lowercase();
    let parts: Vec<&str> = lower.split('t').collect();
    if parts.len() < 2 || !is_full_date(parts[0]) {
        return false;
    }
    let Some(captures) = TIME_OF_DAY.captures(parts[1]) else { return false };
    let field = |index: usize| captures.get(index).map_or("", |m| m.as_str());
    field(1) <= "23" && field(2) <= "59" && field(3) <= "59"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_labels() {
        assert!(problems("dns1123Label", "my-name").is_empty());
        assert_eq!(problems("dns1123Label", "a.b"), vec!["must not contain dots"]);
        assert_eq!(problems("dns1123Label", &"a".repeat(64)), vec![max_length(63)]);
        assert!(problems("dns1123LabelPrefix", "my-name-").is_empty());
        assert!(!problems("dns1035Label", "1abc").is_empty());
        assert!(problems("qualifiedName", "example.com/MyName").is_empty());
        assert_eq!(problems("qualifiedName", "/a"), vec!["prefix part must be non-empty"]);
        assert!(problems("labelValue", "").is_empty());
    }

    #[test]
    fn dates_and_times() {
        assert!(is_full_date("2024-02-29"));
        assert!(!is_full_date("2023-02-29"));
        assert!(!is_full_date("2023-1-01"));
        assert!(problems("datetime", "2024-01-01T10:00:00Z").is_empty());
        assert!(problems("datetime", "2024-01-01T10:00:00.5+01:00").is_empty());
        assert!(!problems("datetime", "2024-01-01T24:00:00Z").is_empty());
        assert!(problems("uuid", "123e4567-e89b-12d3-a456-426614174000").is_empty());
        assert!(problems("byte", "aGVsbG8=").is_empty());
        assert!(!problems("byte", "aGVsbG8").is_empty());
    }
}
