//! Canonical JSON assembled from pieces: a top-level object whose large members (swagger's `definitions` and
//! `paths`) are given entry by entry as canonical bytes already rendered at their depth, so an unchanged entry can be
//! copied from the previous document instead of rendered again. The result is byte-identical to
//! [`to_canonical_json`](crate::infra::canonical::to_canonical_json) of the whole value.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::ops::Range;

use serde_json::Value;

use crate::infra::canonical::{write_string, write_value};

/// The depth of an entry of a top-level member.
pub(crate) const ENTRY_DEPTH: usize = 2;

/// A top-level member: a plain value, or an object given as sorted `(key, canonical bytes at ENTRY_DEPTH)` entries.
/// Owned entries are dropped as soon as they are copied into the document, so a document of hundreds of megabytes
/// is not held twice.
pub(crate) enum Member<'a> {
    Value(Value),
    Entries(Vec<(String, Cow<'a, [u8]>)>),
}

/// An entry's canonical bytes at [`ENTRY_DEPTH`].
pub(crate) fn entry_bytes(value: &Value) -> Vec<u8> {
    let mut out = String::new();
    write_value(&mut out, value, ENTRY_DEPTH);
    out.into_bytes()
}

/// The document and, per member with entries (by name), where each entry's bytes sit in it, in entry order.
pub(crate) fn assemble(members: BTreeMap<&str, Member<'_>>) -> (Vec<u8>, BTreeMap<String, Vec<Range<usize>>>) {
    // Sized once: growing a vector of hundreds of megabytes copies it, and holds the old and the new copy.
    let entries_len: usize = members
        .values()
        .map(|member| match member {
            Member::Entries(entries) => entries.iter().map(|(key, bytes)| key.len() + bytes.len() + 16).sum(),
            Member::Value(_) => 0,
        })
        .sum();
    let mut out: Vec<u8> = Vec::with_capacity(entries_len + 4096);
    let mut ranges = BTreeMap::new();
    if members.is_empty() {
        return (b"{}\n".to_vec(), ranges);
    }
    out.push(b'{');
    for (index, (name, member)) in members.into_iter().enumerate() {
        if index > 0 {
            out.push(b',');
        }
        out.extend_from_slice(b"\n  ");
        push_string(&mut out, name);
        out.extend_from_slice(b": ");
        match member {
            Member::Value(value) => {
                let mut text = String::new();
                write_value(&mut text, &value, 1);
                out.extend_from_slice(text.as_bytes());
            }
            Member::Entries(entries) if entries.is_empty() => out.extend_from_slice(b"{}"),
            Member::Entries(entries) => {
                let mut placed = Vec::with_capacity(entries.len());
                out.push(b'{');
                for (index, (key, bytes)) in entries.into_iter().enumerate() {
                    if index > 0 {
                        out.push(b',');
                    }
                    out.extend_from_slice(b"\n    ");
                    push_string(&mut out, &key);
                    out.extend_from_slice(b": ");
                    placed.push(out.len()..out.len() + bytes.len());
                    out.extend_from_slice(&bytes);
                }
                out.extend_from_slice(b"\n  }");
                ranges.insert(name.to_owned(), placed);
            }
        }
    }
    out.extend_from_slice(b"\n}\n");
    (out, ranges)
}

fn push_string(out: &mut Vec<u8>, text: &str) {
    let mut quoted = String::new();
    write_string(&mut quoted, text);
    out.extend_from_slice(quoted.as_bytes());
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::infra::canonical::to_canonical_json;

    #[test]
    fn assembling_entries_gives_the_canonical_bytes_and_where_each_entry_is() {
        let whole = json!({
            "definitions": {"b": {"type": "string", "enum": ["x", "é\n"]}, "a": {}},
            "info": {"title": "t"},
            "paths": {},
            "swagger": "2.0",
        });
        let a = entry_bytes(&whole["definitions"]["a"]);
        let b = entry_bytes(&whole["definitions"]["b"]);
        let members = BTreeMap::from([
            (
                "definitions",
                Member::Entries(vec![("a".to_owned(), Cow::Borrowed(&a[..])), ("b".to_owned(), Cow::Borrowed(&b[..]))]),
            ),
            ("info", Member::Value(whole["info"].clone())),
            ("paths", Member::Entries(Vec::new())),
            ("swagger", Member::Value(json!("2.0"))),
        ]);
        let (bytes, ranges) = assemble(members);
        assert_eq!(String::from_utf8(bytes.clone()), String::from_utf8(to_canonical_json(&whole)));
        let placed = &ranges["definitions"];
        assert_eq!(&bytes[placed[0].clone()], &a[..]);
        assert_eq!(&bytes[placed[1].clone()], &b[..]);
        assert!(!ranges.contains_key("paths"), "an empty member has no entries to place");
    }
}
