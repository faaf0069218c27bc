//! Rustdoc's intra-doc links, which mean something only beside the Rust source, reduced to the text they show.

/// `line` with each link to a Rust item replaced by its text: ``[`Foo::new`]`` becomes `` `Foo::new` ``,
/// ``[the builder](Builder)`` and ``[the builder][Builder]`` become `the builder`. A link to anything else (a URL) is
/// kept as written, and so are brackets that are not a link: ``[`a`, `b`]`` (a list), `[0, 10]`.
pub fn without_intra_doc_links(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match link(after) {
            Some((text, used)) => {
                out.push_str(text);
                rest = &after[used..];
            }
            None => {
                out.push('[');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// After a `[`: the text shown and how many bytes the link takes, when what follows is a link to a Rust item.
fn link(after: &str) -> Option<(&str, usize)> {
    let close = after.find(']')?;
    let text = &after[..close];
    if text.is_empty() || text.contains('[') {
        return None;
    }
    let tail = &after[close + 1..];
    let target_end =
        |opener: char, closer: char| -> Option<usize> { tail.strip_prefix(opener)?.find(closer).map(|end| end + 2) };
    if let Some(length) = target_end('(', ')').or_else(|| target_end('[', ']')) {
        let target = &tail[1..length - 1];
        return names_item(target).then_some((text, close + 1 + length));
    }
    // A bare `[...]` is a link only when it holds a single code span naming an item (``[`Foo`]``).
    let code = text.strip_prefix('`')?.strip_suffix('`')?;
    names_item(code).then_some((text, close + 1))
}

/// A Rust path as intra-doc links write it (`Foo`, `super::Foo::new`, `fn@new`, `vec!`, `Vec<T>`); never a URL.
fn names_item(target: &str) -> bool {
    !target.is_empty() && target.chars().all(|c| c.is_alphanumeric() || "_:<>!()@".contains(c))
}

#[cfg(test)]
mod tests {
    use super::without_intra_doc_links as strip;

    #[test]
    fn links_to_items_keep_their_text() {
        assert_eq!(strip("set by [`CustomResourceDefinition::new`]."), "set by `CustomResourceDefinition::new`.");
        assert_eq!(strip("see [`Spec`](super::Spec) and [the builder][Builder]"), "see `Spec` and the builder");
        assert_eq!(strip("[`register()`] first"), "`register()` first");
    }

    #[test]
    fn urls_lists_and_ranges_stay() {
        for line in [
            "see [the docs](https://kubernetes.io/docs/)",
            "one of [`a`, `b`]",
            "between [0, 10]",
            "a pattern [a-z]([-a-z0-9]*[a-z0-9])?",
            "unclosed [ bracket",
            "empty [] brackets",
            "[text with spaces](not a target)",
        ] {
            assert_eq!(strip(line), line);
        }
    }
}
