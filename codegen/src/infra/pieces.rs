//! Canonical JSON written from pieces: values, objects assembled member by member, and values already rendered to
//! canonical text at depth 0, which are copied with their lines indented to where they land.
//!
//! Most of an OpenAPI or JSON Schema document is definitions that many documents repeat (the meta/v1 closure is
//! in every group-version's). Rendering each such definition once ([`crate::infra::rendered::RenderedSchemas`]) and
//! copying its text into every document that holds it costs a copy instead of building, writing and dropping a
//! tree of values each time. Canonical text has no raw line break inside a string (they are escaped), so every
//! line break in it is layout, and indenting a rendered value is inserting two spaces per level after each one.

use std::borrow::Cow;

use serde_json::Value;

use crate::infra::canonical::{TextOut, newline, write_object, write_value};

/// A part of a document.
#[derive(Debug)]
pub(crate) enum Piece<'a> {
    /// A value, written canonically.
    Value(Cow<'a, Value>),
    /// A value's canonical text as written at depth `at` (without the trailing newline a whole document has):
    /// copied as it is where it lands at that depth, re-indented elsewhere.
    Rendered { text: &'a str, at: usize },
    /// An object given member by member, in any order: written with its keys sorted, as canonical JSON sorts them.
    Object(Vec<(Cow<'a, str>, Piece<'a>)>),
    /// An array, item by item.
    Array(Vec<Piece<'a>>),
}

impl<'a> Piece<'a> {
    /// An object piece from its members.
    pub fn object(members: impl IntoIterator<Item = (impl Into<Cow<'a, str>>, Piece<'a>)>) -> Self {
        Self::Object(members.into_iter().map(|(key, piece)| (key.into(), piece)).collect())
    }

    /// An owned value.
    pub fn value(value: Value) -> Self {
        Self::Value(Cow::Owned(value))
    }
}

/// The canonical bytes of a whole document: what [`to_canonical_json`](crate::infra::canonical::to_canonical_json)
/// gives for the value the pieces stand for.
pub(crate) fn to_canonical_bytes(document: &Piece<'_>) -> Vec<u8> {
    let mut out = String::new();
    write_piece(&mut out, document, 0);
    out.push('\n');
    out.into_bytes()
}

/// The canonical bytes of `piece` written at `depth`, in parts: each rendered piece that lands at the depth it was
/// rendered for is a part of its own, borrowed rather than copied, and the text between them is gathered.
pub(crate) fn to_canonical_parts<'a>(piece: &Piece<'a>, depth: usize) -> Vec<Cow<'a, [u8]>> {
    let mut out = PartsOut { parts: Vec::new(), pending: String::new() };
    write_piece(&mut out, piece, depth);
    out.flush();
    out.parts
}

/// `value`'s canonical text at depth `at`, for [`Piece::Rendered`].
pub(crate) fn render_at(value: &Value, at: usize) -> Box<str> {
    let mut out = String::new();
    write_value(&mut out, value, at);
    out.into_boxed_str()
}

/// Where pieces are written: rendered text that lands where it was rendered for is given whole.
trait PieceOut<'a>: TextOut {
    fn rendered(&mut self, text: &'a str);
}

impl<'a> PieceOut<'a> for String {
    fn rendered(&mut self, text: &'a str) {
        self.push_str(text);
    }
}

/// Parts, and the text after the last of them.
struct PartsOut<'a> {
    parts: Vec<Cow<'a, [u8]>>,
    pending: String,
}

impl PartsOut<'_> {
    fn flush(&mut self) {
        if !self.pending.is_empty() {
            self.parts.push(Cow::Owned(std::mem::take(&mut self.pending).into_bytes()));
        }
    }
}

impl TextOut for PartsOut<'_> {
    fn text(&mut self) -> &mut String {
        &mut self.pending
    }
}

impl<'a> PieceOut<'a> for PartsOut<'a> {
    fn rendered(&mut self, text: &'a str) {
        self.flush();
        self.parts.push(Cow::Borrowed(text.as_bytes()));
    }
}

fn write_piece<'a, O: PieceOut<'a>>(out: &mut O, piece: &Piece<'a>, depth: usize) {
    match piece {
        Piece::Value(value) => write_value(out.text(), value, depth),
        Piece::Rendered { text, at } if *at == depth => out.rendered(text),
        Piece::Rendered { text, at } => write_reindented(out.text(), text, *at, depth),
        Piece::Object(members) if members.is_empty() => out.text().push_str("{}"),
        Piece::Array(items) if items.is_empty() => out.text().push_str("[]"),
        Piece::Array(items) => {
            out.text().push('[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.text().push(',');
                }
                newline(out.text(), depth + 1);
                write_piece(out, item, depth + 1);
            }
            newline(out.text(), depth);
            out.text().push(']');
        }
        Piece::Object(members) => {
            let mut sorted: Vec<&(Cow<'a, str>, Piece<'a>)> = members.iter().collect();
            // UTF-8 byte order is code point order, canonical JSON's key order.
            sorted.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
            write_object(out, sorted.into_iter().map(|(key, member)| (key, member)), depth, write_piece);
        }
    }
}

/// Copies `text`, written at depth `from`, as if written at `to`: every line after the first starts with two
/// spaces per level of depth, at least `from` levels of them.
fn write_reindented(out: &mut String, text: &str, from: usize, to: usize) {
    let mut lines = text.split('\n');
    if let Some(first) = lines.next() {
        out.push_str(first);
    }
    for line in lines {
        let below = line.len() - line.trim_start_matches(' ').len();
        newline(out, to);
        out.push_str(&line[(2 * from).min(below)..]);
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::infra::canonical::to_canonical_json;

    #[test]
    fn pieces_give_the_bytes_of_the_value_they_stand_for() {
        let whole = json!({
            "paths": {"/a": {"get": {"x": [1, {"k": "v\nw"}]}}},
            "components": {"schemas": {"B": {"type": "object", "properties": {"b": {"items": {}, "z": []}}}, "A": {}}},
            "openapi": "3.0.0",
            "list": [1, {"k": []}],
            "none": [],
            "é": {"nested": {"deeper": ["x"]}},
        });
        // Rendered where they land, deeper, and shallower.
        let schema_b = render_at(&whole["components"]["schemas"]["B"], 3);
        let schema_a = render_at(&whole["components"]["schemas"]["A"], 0);
        let deep = render_at(&whole["é"]["nested"], 4);
        let document = Piece::object([
            ("openapi", Piece::Value(Cow::Borrowed(&whole["openapi"]))),
            ("é", Piece::object([("nested", Piece::Rendered { text: &deep, at: 4 })])),
            (
                "components",
                Piece::object([(
                    "schemas",
                    Piece::object([
                        ("B", Piece::Rendered { text: &schema_b, at: 3 }),
                        ("A", Piece::Rendered { text: &schema_a, at: 0 }),
                    ]),
                )]),
            ),
            ("paths", Piece::value(whole["paths"].clone())),
            ("list", Piece::Array(vec![Piece::value(json!(1)), Piece::object([("k", Piece::value(json!([])))])])),
            ("none", Piece::Array(Vec::new())),
        ]);
        assert_eq!(String::from_utf8(to_canonical_bytes(&document)), String::from_utf8(to_canonical_json(&whole)));
        let mut parts = to_canonical_parts(&document, 0).concat();
        parts.push(b'\n');
        assert_eq!(String::from_utf8(parts), String::from_utf8(to_canonical_json(&whole)));
        let borrowed = to_canonical_parts(&document, 0).into_iter().filter(|part| matches!(part, Cow::Borrowed(_)));
        assert_eq!(borrowed.count(), 1, "only B lands where it was rendered for");
    }

    #[test]
    fn an_empty_object_piece_is_written_on_one_line() {
        let document = Piece::object([("a", Piece::Object(Vec::new())), ("b", Piece::value(json!([])))]);
        assert_eq!(
            String::from_utf8(to_canonical_bytes(&document)),
            String::from_utf8(to_canonical_json(&json!({"a": {}, "b": []})))
        );
    }
}
