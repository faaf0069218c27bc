//! The reference as Markdown files: `index.md`, then `<page id>.md` for every page (`apps/v1.md`, `common.md`).
//!
//! Every kind, type and field has an explicit `<a id="…"></a>` anchor with the reference's element id, and every
//! link is relative to the file it is in, so the files read the same on disk, in a forge's browser, or served.
//! A fields table has the columns Field, Type, Required, Default, Constraints and Description; Required is `yes`
//! or `no`, Default the explicit default as compact JSON in code (empty without one). Text is escaped for where
//! it goes (`text`): HTML-like text shows as written, and a table cell holds no `|` or line break of its own.

mod page;
mod text;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::build::stability_word;
use crate::page::{Link, Reference, VersionEntry};
use text::{Place, code, href, page_path, text};

/// The path of the index file.
pub const INDEX: &str = "index.md";

/// Every file of the reference by relative path: [`INDEX`] and `<page id>.md` per page.
pub fn markdown(reference: &Reference) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    files.insert(INDEX.to_owned(), index(reference));
    for entry in &reference.pages {
        files.insert(format!("{}.md", entry.id), page::page(entry));
    }
    files
}

/// The groups and their versions, with links to their pages and kinds.
fn index(reference: &Reference) -> String {
    let mut out = String::from("# API reference\n\n");
    if !reference.groups.is_empty() {
        out.push_str("| Group | Version | Status | Priority | Kinds |\n| --- | --- | --- | --- | --- |\n");
    }
    for group in &reference.groups {
        for version in &group.versions {
            let page = page_path("index", &version.page);
            let kinds: Vec<String> = version
                .kinds
                .iter()
                .map(|kind| {
                    let link = Link { page: version.page.clone(), anchor: kind.clone() };
                    format!("[{}]({})", code(kind, Place::Cell), href("index", &link))
                })
                .collect();
            let _ = writeln!(
                out,
                "| {} | [{}]({page}) | {} | {} | {} |",
                text(&group.title, Place::Cell),
                code(&version.version, Place::Cell),
                status(version),
                group.priority.map_or_else(|| "—".to_owned(), |priority| priority.to_string()),
                kinds.join(", "),
            );
        }
    }
    if !reference.groups.is_empty() {
        out.push('\n');
    }
    if let Some(shared) = reference.pages.iter().find(|page| page.group_version.is_none()) {
        let _ = writeln!(
            out,
            "Types used by more than one group-version: [{}]({}).\n",
            text(&shared.title, Place::Line),
            page_path("index", &shared.id)
        );
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// `GA, preferred`, `beta, deprecated`, `alpha`, `unversioned` (a name outside `v1`, `v1beta1`, `v1alpha1`).
fn status(version: &VersionEntry) -> String {
    let stability = Some(stability_word(version.stability));
    let preferred = version.preferred.then_some("preferred");
    let deprecated = version.deprecated.then_some("deprecated");
    [stability, preferred, deprecated].into_iter().flatten().collect::<Vec<_>>().join(", ")
}
