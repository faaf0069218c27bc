//! Reference text as HTML: escaped, with each span between backticks as `<code>`.

/// `text` escaped for HTML, backtick spans turned into `<code>` (an unpaired backtick stays as it is).
pub(crate) fn text_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(start) = rest.find('`') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('`') else { break };
        escape_into(&mut out, &rest[..start]);
        out.push_str("<code>");
        escape_into(&mut out, &after[..end]);
        out.push_str("</code>");
        rest = &after[end + 1..];
    }
    escape_into(&mut out, rest);
    out
}

/// `text` as `<p>` elements, one per paragraph (paragraphs are separated by blank lines), each as [`text_html`].
pub(crate) fn paragraphs_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for paragraph in text.split("\n\n").map(str::trim).filter(|p| !p.is_empty()) {
        out.push_str("<p>");
        out.push_str(&text_html(paragraph));
        out.push_str("</p>");
    }
    out
}

/// Appends `text` with the characters HTML gives meaning to escaped (quotes too, so it is safe in attributes).
pub(crate) fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backtick_spans_become_code_after_escaping() {
        assert_eq!(text_html("Set `a<b` & go"), "Set <code>a&lt;b</code> &amp; go");
        assert_eq!(text_html("one ` left <x>"), "one ` left &lt;x&gt;");
        assert_eq!(text_html("`x``y`"), "<code>x</code><code>y</code>");
        assert_eq!(text_html("<script>\"'"), "&lt;script&gt;&quot;&#39;");
    }

    #[test]
    fn blank_lines_separate_paragraphs() {
        assert_eq!(paragraphs_html("One `a`.\n\n\nTwo\nlines.\n"), "<p>One <code>a</code>.</p><p>Two\nlines.</p>");
        assert_eq!(paragraphs_html(""), "");
    }
}
