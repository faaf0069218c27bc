//! The reference as a static site: an index page, a page per group-version (and one of shared types), a style
//! sheet and a search script, every link relative so the site works wherever it is mounted (`kapi serve` answers
//! it at `/docs/`). No framework, fonts or scripts from elsewhere: it works offline, and without JavaScript except
//! for searching as you type.

mod chrome;
mod filters;
mod links;
mod pages;
mod search_index;
mod site;
#[cfg(test)]
mod tests;
mod text;

use std::collections::BTreeMap;

pub use site::{Asset, Logo, Site};

use crate::page::Reference;

/// The style sheet, shared by every page.
const STYLE_CSS: &str = include_str!("../../assets/style.css");
/// Searching as you type, and the groups navigation's toggle on narrow screens.
const SEARCH_JS: &str = include_str!("../../assets/search.js");

const STYLE: &str = "_assets/style.css";
const SEARCH: &str = "_assets/search.js";
const SEARCH_INDEX: &str = "_assets/search-index.js";

/// Every file of the site, by path relative to its root: `""` is the index page, each page answers at its id
/// (`apps/v1`), and the assets under `_assets/`.
pub fn html(reference: &Reference, site: &Site) -> BTreeMap<String, Asset> {
    paths(reference, site)
        .into_iter()
        .filter_map(|path| file(reference, site, &path).map(|asset| (path, asset)))
        .collect()
}

/// The paths of the site's files, [`html`]'s keys, without rendering any: a server can render each page when it
/// is first asked for (every page lists every group, so rendering them all costs the square of the groups).
pub fn paths(reference: &Reference, site: &Site) -> Vec<String> {
    let mut paths = vec![String::new()];
    paths.extend(reference.pages.iter().map(|page| page.id.clone()));
    paths.extend([STYLE, SEARCH, SEARCH_INDEX].map(str::to_owned));
    paths.extend(site.logo.as_ref().map(Logo::path));
    paths
}

/// The site's file at `path` (one of [`paths`]), rendered.
pub fn file(reference: &Reference, site: &Site, path: &str) -> Option<Asset> {
    let html = |text: String| Asset { media_type: "text/html; charset=utf-8".to_owned(), bytes: text.into_bytes() };
    let script =
        |text: String| Asset { media_type: "text/javascript; charset=utf-8".to_owned(), bytes: text.into_bytes() };
    match path {
        "" => Some(html(rendered(pages::index(reference, site)))),
        STYLE => Some(Asset { media_type: "text/css; charset=utf-8".to_owned(), bytes: STYLE_CSS.as_bytes().to_vec() }),
        SEARCH => Some(script(SEARCH_JS.to_owned())),
        SEARCH_INDEX => Some(script(search_index::search_index_js(&reference.search_entries()))),
        _ => match &site.logo {
            Some(logo) if logo.path() == path => {
                Some(Asset { media_type: logo.media_type.clone(), bytes: logo.bytes.clone() })
            }
            _ => reference.page(path).map(|page| html(rendered(pages::page(reference, site, page)))),
        },
    }
}

/// A rendered page; rendering only fails when writing to the string fails, which it cannot, so a failure still
/// yields a page saying so rather than none.
fn rendered(page: Result<String, askama::Error>) -> String {
    page.unwrap_or_else(|error| {
        let error = text::text_html(&error.to_string());
        format!("<!DOCTYPE html>\n<html lang=\"en\"><title>Error</title><p>{error}</p></html>\n")
    })
}
