//! Descriptions as doc comments, when the derive reads them back unchanged; as `description = "..."` otherwise.

use super::names::string_literal;

/// The width doc comment lines are wrapped to (text only).
const WIDTH: usize = 100;

/// How a description is written on an item or field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Doc {
    /// `///` lines.
    Comment(Vec<String>),
    /// A `description = "..."` attribute (text with line breaks or spacing a doc comment would lose).
    Attribute(String),
}

/// The doc comment lines for `text`, or the attribute when doc comments cannot hold it: the derive trims each line
/// and joins the lines of a paragraph with single spaces, paragraphs with a blank line.
pub fn doc(text: &str) -> Doc {
    let paragraphs: Vec<&str> = text.split("\n\n").collect();
    let fits = !text.is_empty()
        && paragraphs
            .iter()
            .all(|p| !p.is_empty() && !p.contains('\n') && p.trim() == *p && !p.contains('\r') && !p.contains('\t'));
    if !fits {
        return Doc::Attribute(format!("description = {}", string_literal(text)));
    }
    let mut lines = Vec::new();
    for (index, paragraph) in paragraphs.iter().enumerate() {
        if index > 0 {
            lines.push(String::new());
        }
        lines.extend(wrap(paragraph));
    }
    Doc::Comment(lines)
}

/// Breaks a paragraph at single spaces only (a run of spaces must stay inside a line, where trimming cannot touch
/// it).
fn wrap(paragraph: &str) -> Vec<String> {
    let bytes = paragraph.as_bytes();
    let mut lines = Vec::new();
    let mut start = 0;
    let mut last_break = None;
    for (index, &byte) in bytes.iter().enumerate() {
        let single_space =
            byte == b' ' && index > 0 && bytes[index - 1] != b' ' && bytes.get(index + 1).is_some_and(|b| *b != b' ');
        if single_space {
            if index - start > WIDTH
                && let Some(at) = last_break
            {
                lines.push(paragraph[start..at].to_owned());
                start = at + 1;
            }
            last_break = Some(index);
        }
    }
    if paragraph.len() - start > WIDTH
        && let Some(at) = last_break.filter(|at| *at > start)
    {
        lines.push(paragraph[start..at].to_owned());
        start = at + 1;
    }
    lines.push(paragraph[start..].to_owned());
    lines
}

/// The lines to write above an item, at `indent`.
pub fn comment_lines(doc: &Doc, indent: &str) -> String {
    match doc {
        Doc::Comment(lines) => lines
            .iter()
            .map(|line| if line.is_empty() { format!("{indent}///\n") } else { format!("{indent}/// {line}\n") })
            .collect(),
        Doc::Attribute(_) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the derive makes of doc comment lines (macros/src/internals/docs.rs).
    fn read_back(lines: &[String]) -> String {
        let mut paragraphs = Vec::new();
        let mut current: Vec<&str> = Vec::new();
        for line in lines {
            if line.trim().is_empty() {
                if !current.is_empty() {
                    paragraphs.push(current.join(" "));
                    current.clear();
                }
            } else {
                current.push(line.trim());
            }
        }
        if !current.is_empty() {
            paragraphs.push(current.join(" "));
        }
        paragraphs.join("\n\n")
    }

    #[test]
    fn doc_comments_read_back_as_written() {
        let long = "word ".repeat(60).trim_end().to_owned() + ".\n\nA second paragraph with  two spaces inside.";
        let Doc::Comment(lines) = doc(&long) else { panic!("a comment") };
        assert!(lines.len() > 3, "{lines:?}");
        assert_eq!(read_back(&lines), long);
        assert_eq!(doc("one\ntwo"), Doc::Attribute("description = \"one\\ntwo\"".into()));
        assert_eq!(doc(" leading"), Doc::Attribute("description = \" leading\"".into()));
    }
}
