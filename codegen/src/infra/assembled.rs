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
/// Entries become parts of the document as they are ([`assemble`]), so a document of hundreds of megabytes is not
/// held twice.
pub(crate) enum Member<'a> {
    Value(Value),
    Entries(Vec<(String, Vec<Cow<'a, [u8]>>)>),
}

/// An entry's canonical bytes at [`ENTRY_DEPTH`].
pub(crate) fn entry_bytes(value: &Value) -> Vec<u8> {
    let mut out = String::new();
    write_value(&mut out, value, ENTRY_DEPTH);
    // Entries are held until the whole document is written: without the slack growing left (up to as much again).
    out.shrink_to_fit();
    out.into_bytes()
}

/// The document, as the parts its bytes are made of in order, and, per member with entries (by name), where each
/// entry's bytes sit in it, in entry order. The entries are parts of their own, moved rather than copied: the
/// document is never one buffer of hundreds of megabytes beside its entries (see [`Artifacts::insert_parts`]).
///
/// [`Artifacts::insert_parts`]: crate::infra::artifacts::Artifacts::insert_parts
pub(crate) fn assemble<'a>(members: BTreeMap<&str, Member<'a>>) -> (Parts<'a>, BTreeMap<String, Vec<Range<usize>>>) {
    let mut parts = Parts::default();
    let mut ranges = BTreeMap::new();
    if members.is_empty() {
        parts.push_owned(b"{}\n");
        return (parts, ranges);
    }
    parts.push_owned(b"{");
    for (index, (name, member)) in members.into_iter().enumerate() {
        if index > 0 {
            parts.push_owned(b",");
        }
        parts.push_owned(b"\n  ");
        parts.push_string(name);
        parts.push_owned(b": ");
        match member {
            Member::Value(value) => {
                let mut text = String::new();
                write_value(&mut text, &value, 1);
                parts.push_owned(text.as_bytes());
            }
            Member::Entries(entries) if entries.is_empty() => parts.push_owned(b"{}"),
            Member::Entries(entries) => {
                let mut placed = Vec::with_capacity(entries.len());
                parts.push_owned(b"{");
                for (index, (key, bytes)) in entries.into_iter().enumerate() {
                    if index > 0 {
                        parts.push_owned(b",");
                    }
                    parts.push_owned(b"\n    ");
                    parts.push_string(&key);
                    parts.push_owned(b": ");
                    let start = parts.len;
                    bytes.into_iter().for_each(|part| parts.push_entry(part));
                    placed.push(start..parts.len);
                }
                parts.push_owned(b"\n  }");
                ranges.insert(name.to_owned(), placed);
            }
        }
    }
    parts.push_owned(b"\n}\n");
    (parts, ranges)
}

/// A document's bytes in parts: entries as they came, and what lies between them gathered into small buffers.
#[derive(Debug, Default)]
pub(crate) struct Parts<'a> {
    parts: Vec<Cow<'a, [u8]>>,
    /// The bytes between the last entry and what comes next.
    pending: Vec<u8>,
    /// The document's length so far.
    len: usize,
}

impl<'a> Parts<'a> {
    fn push_owned(&mut self, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
        self.len += bytes.len();
    }

    fn push_string(&mut self, text: &str) {
        let mut quoted = String::new();
        write_string(&mut quoted, text);
        self.push_owned(quoted.as_bytes());
    }

    fn push_entry(&mut self, bytes: Cow<'a, [u8]>) {
        if !self.pending.is_empty() {
            self.parts.push(Cow::Owned(std::mem::take(&mut self.pending)));
        }
        self.len += bytes.len();
        self.parts.push(bytes);
    }

    /// Every part, in order.
    pub fn into_parts(mut self) -> Vec<Cow<'a, [u8]>> {
        self.parts.push(Cow::Owned(self.pending));
        self.parts
    }
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
                Member::Entries(vec![
                    ("a".to_owned(), vec![Cow::Borrowed(&a[..])]),
                    ("b".to_owned(), vec![Cow::Borrowed(&b[..4]), Cow::Borrowed(&b[4..])]),
                ]),
            ),
            ("info", Member::Value(whole["info"].clone())),
            ("paths", Member::Entries(Vec::new())),
            ("swagger", Member::Value(json!("2.0"))),
        ]);
        let (parts, ranges) = assemble(members);
        let bytes = parts.into_parts().concat();
        assert_eq!(String::from_utf8(bytes.clone()), String::from_utf8(to_canonical_json(&whole)));
        let placed = &ranges["definitions"];
        assert_eq!(&bytes[placed[0].clone()], &a[..]);
        assert_eq!(&bytes[placed[1].clone()], &b[..]);
        assert!(!ranges.contains_key("paths"), "an empty member has no entries to place");
    }
}
