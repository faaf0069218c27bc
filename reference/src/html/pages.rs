//! The index page and the group-version pages, rendered from the templates in `reference/templates/`.

use askama::Template;
use kapi_model::Scope;

use super::chrome::Chrome;
use super::filters;
use super::links::{link_href, page_href};
use super::site::Site;
use super::text::escape_into;
use crate::build::stability_word;
use crate::page::{GroupEntry, KindSection, Link, Page, Reference, TypePart, TypeText, VersionEntry};

/// The index: every group with its versions.
#[derive(Template)]
#[template(path = "index.html")]
struct IndexHtml<'a> {
    chrome: Chrome<'a>,
    rows: Vec<GroupRow>,
}

/// A group as the index's table shows it.
struct GroupRow {
    title: String,
    priority: String,
    versions: Vec<VersionCell>,
}

struct VersionCell {
    text: String,
    href: String,
    status: String,
}

/// One page of the reference.
#[derive(Template)]
#[template(path = "page.html")]
struct PageHtml<'a> {
    chrome: Chrome<'a>,
    page: &'a Page,
    api_version: Option<String>,
}

impl PageHtml<'_> {
    /// `link`'s `href` from this page.
    fn href(&self, link: &Link) -> String {
        link_href(&self.page.id, link)
    }

    /// A type as HTML: its text escaped, the types it names linked.
    fn type_html(&self, text: &TypeText) -> String {
        let mut out = String::new();
        for part in &text.parts {
            match part {
                TypePart::Text(text) => escape_into(&mut out, text),
                TypePart::Link { text, link } => {
                    out.push_str("<a href=\"");
                    escape_into(&mut out, &self.href(link));
                    out.push_str("\">");
                    escape_into(&mut out, text);
                    out.push_str("</a>");
                }
            }
        }
        out
    }

    fn scope(&self, kind: &KindSection) -> &'static str {
        match kind.scope {
            Scope::Namespaced => "namespaced",
            Scope::Cluster => "cluster-wide",
        }
    }
}

/// The index page's HTML.
pub(crate) fn index(reference: &Reference, site: &Site) -> Result<String, askama::Error> {
    let rows = reference.groups.iter().map(group_row).collect();
    IndexHtml { chrome: Chrome::new(reference, site, "", None), rows }.render()
}

/// `page`'s HTML.
pub(crate) fn page(reference: &Reference, site: &Site, page: &Page) -> Result<String, askama::Error> {
    let chrome = Chrome::new(reference, site, &page.id, Some(&page.title));
    let api_version = page.group_version.as_ref().map(|gv| gv.api_version());
    PageHtml { chrome, page, api_version }.render()
}

fn group_row(group: &GroupEntry) -> GroupRow {
    let versions = group
        .versions
        .iter()
        .map(|version| VersionCell {
            text: version.version.clone(),
            href: page_href("", &version.page),
            status: status(version),
        })
        .collect();
    GroupRow {
        title: group.title.clone(),
        priority: group.priority.map_or_else(|| "—".to_owned(), |priority| priority.to_string()),
        versions,
    }
}

/// `preferred, GA`, `beta, deprecated`: what a reader must know before choosing a version.
fn status(version: &VersionEntry) -> String {
    let mut words = Vec::new();
    if version.preferred {
        words.push("preferred");
    }
    words.push(stability_word(version.stability));
    if version.deprecated {
        words.push("deprecated");
    }
    words.join(", ")
}
