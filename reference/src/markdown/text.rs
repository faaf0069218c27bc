//! Escaping for Markdown: the reference's text convention (plain text with backtick code spans) in paragraphs,
//! list items and table cells, any string as a code span, element anchors, and links relative to the page written.

use crate::page::Link;

/// Where text is written: each place breaks on different characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// A paragraph: line breaks are kept.
    Block,
    /// One line, such as a list item: line breaks become spaces.
    Line,
    /// A table cell: `|` is escaped (also in code, as GFM tables require) and line breaks become `<br>`.
    Cell,
}

/// Text in the reference's convention as Markdown: code spans are kept as code, everything else is escaped so
/// HTML-like text (`<none>`) and stray Markdown punctuation show as written.
pub(super) fn text(text: &str, place: Place) -> String {
    let mut out = String::new();
    let mut rest = text;
    let mut at_line_start = true;
    while let Some(start) = rest.find('`') {
        let run = rest[start..].bytes().take_while(|&b| b == b'`').count();
        out.push_str(&plain(&rest[..start], place, at_line_start));
        let after = &rest[start + run..];
        match closing_run(after, run) {
            Some(end) => {
                out.push_str(&code_span(&after[..end], run, place));
                rest = &after[end + run..];
            }
            // An unmatched backtick is a character, not the start of code.
            None => {
                out.push_str(&"\\`".repeat(run));
                rest = after;
            }
        }
        at_line_start = false;
    }
    out.push_str(&plain(rest, place, at_line_start));
    out
}

/// Any string as one code span (a CEL rule, a JSON default, a name).
pub(super) fn code(content: &str, place: Place) -> String {
    let longest = longest_run(content);
    code_span(content, longest + 1, place)
}

/// `<a id="…"></a>`: the element id links point at.
pub(super) fn anchor(id: &str) -> String {
    let mut escaped = String::new();
    for c in id.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '"' => escaped.push_str("&quot;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            _ => escaped.push(c),
        }
    }
    format!("<a id=\"{escaped}\"></a>")
}

/// The link destination of `link` from the Markdown file of page `from`: `#anchor` on the same page, otherwise a
/// path relative to `from`'s directory (`../core/v1.md#PodSpec`).
pub(super) fn href(from: &str, link: &Link) -> String {
    let fragment = percent_encode(&link.anchor);
    if link.page == from { format!("#{fragment}") } else { format!("{}#{fragment}", page_path(from, &link.page)) }
}

/// The path of page `to`'s Markdown file relative to page `from`'s.
pub(super) fn page_path(from: &str, to: &str) -> String {
    let from_dirs: Vec<&str> = from.split('/').collect();
    let from_dirs = &from_dirs[..from_dirs.len() - 1];
    let to_parts: Vec<&str> = to.split('/').collect();
    let to_dirs = &to_parts[..to_parts.len() - 1];
    let common = from_dirs.iter().zip(to_dirs).take_while(|(a, b)| a == b).count();
    let mut parts = vec![".."; from_dirs.len() - common];
    parts.extend(&to_parts[common..]);
    format!("{}.md", percent_encode(&parts.join("/")))
}

/// Plain text: HTML and Markdown punctuation escaped.
fn plain(text: &str, place: Place, mut at_line_start: bool) -> String {
    let mut out = String::new();
    let mut previous = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '*' | '[' => {
                out.push('\\');
                out.push(c);
            }
            // Inside a word (`max_surge`) an underscore is no emphasis; only escape it at a word's edge.
            '_' if !(previous.is_some_and(char::is_alphanumeric) && next.is_some_and(char::is_alphanumeric)) => {
                out.push_str("\\_");
            }
            '#' if at_line_start && place == Place::Block => out.push_str("\\#"),
            '|' if place == Place::Cell => out.push_str("\\|"),
            '\n' => match place {
                Place::Block => out.push('\n'),
                Place::Line => out.push(' '),
                Place::Cell => out.push_str("<br>"),
            },
            _ => out.push(c),
        }
        at_line_start = c == '\n' || (at_line_start && c == ' ');
        previous = Some(c);
    }
    out
}

/// A code span delimited by `run` backticks; `content` holds no run of exactly that length.
fn code_span(content: &str, run: usize, place: Place) -> String {
    let mut content = match place {
        Place::Block => content.to_owned(),
        Place::Line => content.replace('\n', " "),
        Place::Cell => content.replace('\n', " ").replace('|', "\\|"),
    };
    // Markdown strips one space from each end of a span that has both; a backtick at an end needs a space too.
    let padded = content.starts_with('`')
        || content.ends_with('`')
        || (content.starts_with(' ') && content.ends_with(' ') && content.trim() != "");
    if padded || content.is_empty() {
        content = format!(" {content} ");
    }
    let fence = "`".repeat(run);
    format!("{fence}{content}{fence}")
}

/// Where in `text` a run of exactly `run` backticks starts.
fn closing_run(text: &str, run: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'`' {
            let length = bytes[i..].iter().take_while(|&&b| b == b'`').count();
            if length == run {
                return Some(i);
            }
            i += length;
        } else {
            i += 1;
        }
    }
    None
}

fn longest_run(text: &str) -> usize {
    text.split(|c| c != '`').map(str::len).max().unwrap_or(0)
}

/// Percent-encodes what a Markdown link destination or URL fragment cannot hold as is.
fn percent_encode(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/:@!$*+,;=".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}
