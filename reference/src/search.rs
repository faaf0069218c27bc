//! The search index: every kind, every type, and field paths from each kind (`Deployment.spec.replicas`).

use std::collections::BTreeMap;

use crate::page::{Link, Reference, SearchEntry, TypePart, TypeSection};

/// How many fields deep paths from a kind go: `Deployment.spec.template.metadata` is three.
const MAX_DEPTH: usize = 3;

impl Reference {
    /// The entries a reader can search, sorted by label then place.
    pub fn search_entries(&self) -> Vec<SearchEntry> {
        let sections: BTreeMap<Link, &TypeSection> = self
            .pages
            .iter()
            .flat_map(|page| {
                let kinds = page.kinds.iter().map(|kind| &kind.body);
                kinds.chain(&page.types).map(|section| (link(&page.id, &section.anchor), section))
            })
            .collect();
        let mut entries = Vec::new();
        for page in &self.pages {
            let group_version = page.title.clone();
            for kind in &page.kinds {
                let mut add = |label: String, link: Link| {
                    entries.push(SearchEntry { label, group_version: group_version.clone(), link })
                };
                add(kind.kind.clone(), link(&page.id, &kind.body.anchor));
                let mut visiting = vec![&kind.body.anchor];
                walk(&sections, &page.id, &kind.body, &kind.kind, 1, &mut visiting, &mut add);
            }
            for section in &page.types {
                entries.push(SearchEntry {
                    label: section.name.clone(),
                    group_version: group_version.clone(),
                    link: link(&page.id, &section.anchor),
                });
            }
        }
        entries.sort();
        entries.dedup();
        entries
    }
}

/// Adds `prefix.field` for each field of `section` (on `page`), then follows fields whose type is one linked section.
fn walk<'a>(
    sections: &BTreeMap<Link, &'a TypeSection>,
    page: &str,
    section: &'a TypeSection,
    prefix: &str,
    depth: usize,
    visiting: &mut Vec<&'a String>,
    add: &mut dyn FnMut(String, Link),
) {
    for field in &section.fields {
        let label = format!("{prefix}.{}", field.name.replace("[]", ""));
        add(label.clone(), link(page, &field.anchor));
        if depth >= MAX_DEPTH {
            continue;
        }
        let targets: Vec<&Link> = field
            .type_text
            .parts
            .iter()
            .filter_map(|part| match part {
                TypePart::Link { link, .. } => Some(link),
                TypePart::Text(_) => None,
            })
            .collect();
        if let [target] = targets.as_slice()
            && let Some(next) = sections.get(*target)
            && !visiting.contains(&&next.anchor)
        {
            visiting.push(&next.anchor);
            walk(sections, &target.page, next, &label, depth + 1, visiting, add);
            visiting.pop();
        }
    }
}

fn link(page: &str, anchor: &str) -> Link {
    Link { page: page.to_owned(), anchor: anchor.to_owned() }
}
