//! Relative links: every page answers at `<root>/<page id>` and the index at `<root>/`, so links work wherever the
//! site is mounted, and when saved to disk.

use crate::page::Link;

/// The way from a page (`""` for the index) up to the site's root: `""` at the top level, `../` one folder down.
pub(crate) fn root_prefix(from: &str) -> String {
    "../".repeat(from.matches('/').count())
}

/// The `href` of the index page from `from`.
pub(crate) fn index_href(from: &str) -> String {
    let prefix = root_prefix(from);
    if prefix.is_empty() { "./".to_owned() } else { prefix }
}

/// The `href` of page `to` (or an asset path) from page `from`.
pub(crate) fn page_href(from: &str, to: &str) -> String {
    format!("{}{to}", root_prefix(from))
}

/// The `href` of `link` from page `from`: the bare anchor on the same page.
pub(crate) fn link_href(from: &str, link: &Link) -> String {
    if link.page == from {
        format!("#{}", link.anchor)
    } else {
        format!("{}#{}", page_href(from, &link.page), link.anchor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(page: &str, anchor: &str) -> Link {
        Link { page: page.to_owned(), anchor: anchor.to_owned() }
    }

    #[test]
    fn links_are_relative_from_every_depth() {
        assert_eq!(link_href("apps/v1", &link("core/v1", "PodSpec")), "../core/v1#PodSpec");
        assert_eq!(link_href("", &link("core/v1", "Pod")), "core/v1#Pod");
        assert_eq!(link_href("common", &link("core/v1", "Pod")), "core/v1#Pod");
        assert_eq!(link_href("apps/v1", &link("common", "Quantity")), "../common#Quantity");
        assert_eq!(link_href("apps/v1", &link("apps/v1", "DeploymentSpec")), "#DeploymentSpec");
        assert_eq!(page_href("stable.example.com/v1", "_assets/style.css"), "../_assets/style.css");
        assert_eq!(index_href(""), "./");
        assert_eq!(index_href("common"), "./");
        assert_eq!(index_href("apps/v1"), "../");
    }
}
