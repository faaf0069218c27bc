//! What label keys and values may be: a key is `[prefix/]name` with a lowercase DNS subdomain as prefix; a name
//! and a value are at most 63 letters, digits, `-`, `_` and `.`, beginning and ending with a letter or digit (a
//! value may also be empty). Each check says what is wrong, since the reason ends up in the client's error.

/// The longest name part of a key, and the longest value.
const MAX_NAME: usize = 63;
/// The longest key prefix.
const MAX_PREFIX: usize = 253;

/// Checks a label key; the reason names the key.
pub(super) fn check_key(key: &str) -> Result<(), String> {
    let (prefix, name) = match key.split_once('/') {
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, key),
    };
    let problem = if name.contains('/') {
        Some("it has more than one '/'".to_owned())
    } else if prefix == Some("") {
        Some("the prefix before '/' is empty".to_owned())
    } else if name.is_empty() {
        Some("the name is empty".to_owned())
    } else {
        prefix.and_then(prefix_problem).or_else(|| name_problem(name, "name"))
    };
    problem.map_or(Ok(()), |problem| Err(format!("invalid label key {key:?}: {problem}")))
}

/// Checks a label value (which may be empty); the reason names the value.
pub(super) fn check_value(value: &str) -> Result<(), String> {
    if value.is_empty() {
        return Ok(());
    }
    name_problem(value, "value").map_or(Ok(()), |problem| Err(format!("invalid label value {value:?}: {problem}")))
}

/// What is wrong with a non-empty key name or value (`what` says which), if anything.
fn name_problem(text: &str, what: &str) -> Option<String> {
    let edge = |c: char| c.is_ascii_alphanumeric();
    if text.len() > MAX_NAME {
        Some(format!("the {what} is longer than {MAX_NAME} characters"))
    } else if !text.chars().all(|c| edge(c) || matches!(c, '-' | '_' | '.')) {
        Some(format!("the {what} may hold only letters, digits, '-', '_' and '.'"))
    } else if !text.starts_with(edge) || !text.ends_with(edge) {
        Some(format!("the {what} must begin and end with a letter or a digit"))
    } else {
        None
    }
}

/// What is wrong with a key prefix, if anything: it must be a DNS subdomain (dot-separated lowercase labels).
fn prefix_problem(prefix: &str) -> Option<String> {
    let edge = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit();
    let label_ok =
        |label: &str| label.chars().all(|c| edge(c) || c == '-') && label.starts_with(edge) && label.ends_with(edge);
    if prefix.len() > MAX_PREFIX {
        Some(format!("the prefix is longer than {MAX_PREFIX} characters"))
    } else if !prefix.split('.').all(label_ok) {
        Some(format!(
            "the prefix {prefix:?} must be a DNS subdomain: dot-separated parts of lowercase letters, digits and \
             '-', each beginning and ending with a letter or digit"
        ))
    } else {
        None
    }
}
