//! Revalidation as Go's `http.ServeContent` judges it (kube-openapi serves documents through it), without
//! allocating: `If-None-Match` with weak comparison, lists and `*` decides when present; otherwise
//! `If-Modified-Since` against the bundle's load time, in whole seconds.

use std::time::SystemTime;

use super::request_headers::RequestHeaders;
use crate::variants::Encoded;

/// True when `If-None-Match` (`if_none_match`) names `etag` (a quoted entity tag) or is `*`. A value that stops
/// parsing part-way matches only through the tags before the fault, as Go's scanner does.
pub(crate) fn none_match_hits(if_none_match: &str, etag: &str) -> bool {
    // What revalidating clients send: exactly the tag they were given.
    if if_none_match == etag {
        return true;
    }
    let mut rest = if_none_match;
    loop {
        rest = rest.trim_start_matches([' ', '\t']);
        if rest.is_empty() {
            return false;
        }
        if let Some(after) = rest.strip_prefix(',') {
            rest = after;
            continue;
        }
        if rest.starts_with('*') {
            return true;
        }
        let Some((tag, after)) = scan_entity_tag(rest) else { return false };
        if opaque(tag) == opaque(etag) {
            return true;
        }
        rest = after;
    }
}

/// Splits one entity tag (`"…"` or `W/"…"`) off the front of `text`.
fn scan_entity_tag(text: &str) -> Option<(&str, &str)> {
    let start = if text.starts_with("W/") { 2 } else { 0 };
    let bytes = text.as_bytes();
    if bytes.get(start) != Some(&b'"') {
        return None;
    }
    for (index, &byte) in bytes.iter().enumerate().skip(start + 1) {
        match byte {
            b'"' => return Some((&text[..=index], &text[index + 1..])),
            0x21 | 0x23..=0x7e | 0x80..=0xff => {}
            _ => return None,
        }
    }
    None
}

/// An entity tag without its weakness marker: the weak comparison.
fn opaque(tag: &str) -> &str {
    tag.strip_prefix("W/").unwrap_or(tag)
}

/// True when `If-Modified-Since` (`since`) is a valid date no earlier than `last_modified` (whole seconds).
pub(crate) fn unmodified_since(since: &str, last_modified: SystemTime) -> bool {
    httpdate::parse_http_date(since).is_ok_and(|since| last_modified <= since)
}

/// `If-None-Match` decides when present (as in `http.ServeContent`); otherwise `If-Modified-Since` does.
pub(crate) fn http_not_modified(
    request: &(impl RequestHeaders + ?Sized),
    rep: &Encoded,
    last_modified: SystemTime,
) -> bool {
    match request.raw("if-none-match") {
        // Present but not text: no match, send the document.
        Some(value) => std::str::from_utf8(value).is_ok_and(|value| {
            // An empty header counts as absent in Go.
            if value.is_empty() {
                return request.text("if-modified-since").is_some_and(|since| unmodified_since(since, last_modified));
            }
            none_match_hits(value, rep.etag_str())
        }),
        None => request.text("if-modified-since").is_some_and(|since| unmodified_since(since, last_modified)),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    const TAG: &str = "\"ABC\"";

    #[test]
    fn if_none_match_follows_the_weak_comparison_with_lists_and_star() {
        assert!(none_match_hits("\"ABC\"", TAG));
        assert!(none_match_hits("W/\"ABC\"", TAG), "weak tags match in a weak comparison");
        assert!(none_match_hits("\"X\", \"ABC\"", TAG));
        assert!(none_match_hits(" ,\"X\",,W/\"ABC\"", TAG));
        assert!(none_match_hits("*", TAG));
        assert!(!none_match_hits("\"X\"", TAG));
        assert!(!none_match_hits("\"ABC", TAG), "an unterminated tag");
        assert!(!none_match_hits("ABC", TAG), "an unquoted tag");
        assert!(!none_match_hits("", TAG));
        assert!(!none_match_hits("\"X\" junk \"ABC\"", TAG), "parsing stops at the fault");
        assert!(!none_match_hits("\"A BC\"", TAG), "a space cannot be inside a tag");
    }

    #[test]
    fn if_modified_since_compares_whole_seconds() {
        let loaded = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        let at = httpdate::fmt_http_date(loaded);
        assert!(unmodified_since(&at, loaded));
        assert!(unmodified_since(&httpdate::fmt_http_date(loaded + Duration::from_secs(5)), loaded));
        assert!(!unmodified_since(&httpdate::fmt_http_date(loaded - Duration::from_secs(1)), loaded));
        assert!(!unmodified_since("yesterday", loaded));
    }
}
