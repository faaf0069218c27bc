//! `_assets/search-index.js`: the search entries as a script that sets `window.KAPI_SEARCH_INDEX`, loaded with a
//! plain `<script src>` so the site needs no fetch (and works from disk).

use crate::page::SearchEntry;

/// The script: `window.KAPI_SEARCH_INDEX = [[label, groupVersion, pageId, anchor], ...];`.
pub(crate) fn search_index_js(entries: &[SearchEntry]) -> String {
    let rows: Vec<[&str; 4]> = entries
        .iter()
        .map(|entry| [entry.label.as_str(), entry.group_version.as_str(), &entry.link.page, &entry.link.anchor])
        .collect();
    // A list of string arrays always serialises; JSON is a JavaScript expression.
    let json = serde_json::to_string(&rows).unwrap_or_else(|_| "[]".to_owned());
    format!("window.KAPI_SEARCH_INDEX = {json};\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::Link;

    #[test]
    fn entries_become_a_script_assigning_an_array() {
        let entry = SearchEntry {
            label: "Deployment.spec.replicas".to_owned(),
            group_version: "apps/v1".to_owned(),
            link: Link { page: "apps/v1".to_owned(), anchor: "DeploymentSpec.replicas".to_owned() },
        };
        let script = search_index_js(&[entry]);
        assert_eq!(
            script,
            "window.KAPI_SEARCH_INDEX = [[\"Deployment.spec.replicas\",\"apps/v1\",\"apps/v1\",\"DeploymentSpec.replicas\"]];\n"
        );
        assert_eq!(search_index_js(&[]), "window.KAPI_SEARCH_INDEX = [];\n");
    }
}
