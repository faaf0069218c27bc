//! What every page shares: the header, the groups navigation and the paths to the site's assets, from where the
//! page lives.

use super::links::{index_href, page_href, root_prefix};
use super::site::Site;
use crate::page::Reference;

/// The id of the page of shared types.
pub(crate) const COMMON_PAGE: &str = "common";

/// The parts of a page around its content.
#[derive(Debug)]
pub(crate) struct Chrome<'a> {
    /// The whole `<title>`.
    pub page_title: String,
    pub site_title: &'a str,
    /// The prefix that leads from the page to the site's root (`""` or `../`), for assets.
    pub root: String,
    /// The same, never empty (`./`): `search.js` reads it from `<body data-root>`.
    pub data_root: String,
    pub index_href: String,
    pub logo_href: Option<String>,
    pub nav: Vec<NavGroup>,
    /// The page of shared types, when there is one.
    pub common: Option<NavLink>,
}

/// A group in the navigation, with a link per version.
#[derive(Debug)]
pub(crate) struct NavGroup {
    pub title: String,
    pub versions: Vec<NavLink>,
}

/// A link to a page.
#[derive(Debug)]
pub(crate) struct NavLink {
    pub text: String,
    pub href: String,
    /// The page the link is on.
    pub current: bool,
}

impl<'a> Chrome<'a> {
    /// The chrome of page `from` (`""`: the index), titled `title` (`None`: the site's title alone).
    pub fn new(reference: &Reference, site: &'a Site, from: &str, title: Option<&str>) -> Self {
        let link =
            |text: &str, to: &str| NavLink { text: text.to_owned(), href: page_href(from, to), current: from == to };
        let nav = reference
            .groups
            .iter()
            .map(|group| NavGroup {
                title: group.title.clone(),
                versions: group.versions.iter().map(|version| link(&version.version, &version.page)).collect(),
            })
            .collect();
        let common = reference.page(COMMON_PAGE).map(|page| link(&page.title, &page.id));
        let root = root_prefix(from);
        Chrome {
            page_title: title.map_or_else(|| site.title.clone(), |title| format!("{title} · {}", site.title)),
            site_title: &site.title,
            data_root: if root.is_empty() { "./".to_owned() } else { root.clone() },
            root,
            index_href: index_href(from),
            logo_href: site.logo.as_ref().map(|logo| page_href(from, &logo.path())),
            nav,
            common,
        }
    }
}
