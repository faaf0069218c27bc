//! How the reference site is built.

use kapi_reference::Logo;

/// How the site is built; it is built only for a bundle with a `model.json`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocsOptions {
    /// Serve the site; `false`: `/docs/` is not found.
    pub enabled: bool,
    /// The site's title: its header, its index page's heading and every page's `<title>`.
    pub title: String,
    /// A logo shown beside the title (SVG or PNG).
    pub logo: Option<Logo>,
}

impl Default for DocsOptions {
    /// Enabled, titled `API reference`, without a logo.
    fn default() -> Self {
        Self { enabled: true, title: "API reference".to_owned(), logo: None }
    }
}
