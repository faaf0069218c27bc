use std::collections::BTreeMap;

use kapi_model::version_priority::Stability;
use kapi_model::{GroupVersion, Scope};

use super::{Asset, Logo, Site, html};
use crate::fixtures::{field, link, linked, plain, section};
use crate::page::{Field, GroupEntry, KindSection, KindVersion, Page, Reference, Rule, TypeSection, VersionEntry};

/// [`section`] with a description naming it in code.
fn described(name: &str, fields: Vec<Field>) -> TypeSection {
    TypeSection { description: Some(format!("A `{name}`.")), ..section(name, fields) }
}

fn kind(name: &str, body: TypeSection, versions: Vec<KindVersion>) -> KindSection {
    KindSection {
        kind: name.to_owned(),
        plural: format!("{}s", name.to_lowercase()),
        singular: name.to_lowercase(),
        scope: Scope::Namespaced,
        short_names: vec!["x".to_owned()],
        categories: Vec::new(),
        verbs: vec!["get".to_owned(), "list".to_owned()],
        subresources: Vec::new(),
        list_kind: Some(format!("{name}List")),
        deprecated: false,
        deprecation_warning: None,
        body,
        versions,
    }
}

fn page(id: &str, group_version: Option<GroupVersion>, kinds: Vec<KindSection>, types: Vec<TypeSection>) -> Page {
    let title = if group_version.is_some() { id.to_owned() } else { "Shared types".to_owned() };
    Page { id: id.to_owned(), title, group_version, kinds, types }
}

fn version(group: &str, version: &str, stability: Option<Stability>, preferred: bool) -> VersionEntry {
    VersionEntry {
        version: version.to_owned(),
        stability,
        deprecated: !preferred,
        preferred,
        page: format!("{group}/{version}"),
        kinds: Vec::new(),
    }
}

fn deployment(current: &str, other: &str) -> KindSection {
    let body = described("Deployment", vec![field("Deployment", "spec", linked("", "DeploymentSpec", current))]);
    let versions = vec![
        KindVersion {
            version: current.trim_start_matches("apps/").to_owned(),
            link: link(current, "Deployment"),
            current: true,
            added: Vec::new(),
            removed: Vec::new(),
        },
        KindVersion {
            version: other.trim_start_matches("apps/").to_owned(),
            link: link(other, "Deployment"),
            current: false,
            added: vec!["spec.paused".to_owned()],
            removed: vec!["spec.rollbackTo".to_owned()],
        },
    ];
    kind("Deployment", body, versions)
}

/// core/v1 (Pod), apps/v1 and apps/v1beta1 (Deployment), stable.example.com/v1 (CronTab) and shared types.
fn reference() -> Reference {
    let pod_spec = described("PodSpec", vec![field("PodSpec", "containers", linked("[]", "Container", "core/v1"))]);
    let mut replicas = field("DeploymentSpec", "replicas", plain("integer (int32)"));
    replicas.required = true;
    replicas.default = Some("1".to_owned());
    replicas.description = Some("Pods wanted; <script>alert(1)</script> & `x<y`.".to_owned());
    replicas.rules = vec![Rule {
        rule: "self >= 0".to_owned(),
        message: Some("must not be negative".to_owned()),
        message_expression: None,
        field_path: None,
        reason: None,
    }];
    let deployment_spec = described(
        "DeploymentSpec",
        vec![
            replicas,
            field("DeploymentSpec", "template", linked("", "PodSpec", "core/v1")),
            field("DeploymentSpec", "size", linked("", "Quantity", "common")),
        ],
    );
    let mut cron_tab = described("CronTab", vec![field("CronTab", "schedule", plain("string"))]);
    cron_tab.rules = vec![Rule {
        rule: "self.schedule != ''".to_owned(),
        message: Some("a `schedule` is required".to_owned()),
        message_expression: None,
        field_path: Some(".schedule".to_owned()),
        reason: Some("FieldValueRequired".to_owned()),
    }];
    let mut quantity = described("Quantity", Vec::new());
    quantity.shape = Some(plain("string (int-or-string)"));
    Reference {
        groups: vec![
            GroupEntry {
                name: String::new(),
                title: "core".to_owned(),
                priority: Some(18000),
                versions: vec![version("core", "v1", Some(Stability::GenerallyAvailable), true)],
            },
            GroupEntry {
                name: "apps".to_owned(),
                title: "apps".to_owned(),
                priority: Some(17800),
                versions: vec![
                    version("apps", "v1", Some(Stability::GenerallyAvailable), true),
                    version("apps", "v1beta1", Some(Stability::Beta), false),
                ],
            },
            GroupEntry {
                name: "stable.example.com".to_owned(),
                title: "stable.example.com".to_owned(),
                priority: Some(1000),
                versions: vec![version("stable.example.com", "v1", Some(Stability::GenerallyAvailable), true)],
            },
        ],
        pages: vec![
            page(
                "core/v1",
                Some(GroupVersion::new("", "v1")),
                vec![kind(
                    "Pod",
                    described("Pod", vec![field("Pod", "spec", linked("", "PodSpec", "core/v1"))]),
                    vec![],
                )],
                vec![pod_spec, described("Container", Vec::new())],
            ),
            page(
                "apps/v1",
                Some(GroupVersion::new("apps", "v1")),
                vec![deployment("apps/v1", "apps/v1beta1")],
                vec![deployment_spec.clone()],
            ),
            page(
                "apps/v1beta1",
                Some(GroupVersion::new("apps", "v1beta1")),
                vec![deployment("apps/v1beta1", "apps/v1")],
                vec![],
            ),
            page(
                "stable.example.com/v1",
                Some(GroupVersion::new("stable.example.com", "v1")),
                vec![kind("CronTab", cron_tab, vec![])],
                vec![],
            ),
            page("common", None, vec![], vec![quantity]),
        ],
    }
}

fn site() -> Site {
    Site { title: "Example <APIs>".to_owned(), logo: None }
}

fn text_of(files: &BTreeMap<String, Asset>, path: &str) -> String {
    let asset = files.get(path).unwrap_or_else(|| panic!("{path:?} in {:?}", files.keys().collect::<Vec<_>>()));
    String::from_utf8(asset.bytes.clone()).expect("UTF-8")
}

fn pages() -> [&'static str; 6] {
    ["", "core/v1", "apps/v1", "apps/v1beta1", "stable.example.com/v1", "common"]
}

#[test]
fn the_site_has_every_page_and_asset_with_its_media_type() {
    let files = html(&reference(), &site());
    let mut expected: Vec<&str> = pages().to_vec();
    expected.extend(["_assets/search-index.js", "_assets/search.js", "_assets/style.css"]);
    expected.sort();
    assert_eq!(files.keys().map(String::as_str).collect::<Vec<_>>(), expected);
    assert_eq!(files["apps/v1"].media_type, "text/html; charset=utf-8");
    assert_eq!(files["_assets/style.css"].media_type, "text/css; charset=utf-8");
    assert_eq!(files["_assets/search.js"].media_type, "text/javascript; charset=utf-8");
}

#[test]
fn every_page_keeps_the_dom_contract() {
    let files = html(&reference(), &site());
    for id in pages() {
        let page = text_of(&files, id);
        let root = if id.contains('/') { "../" } else { "" };
        assert!(page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"), "{id}");
        let title = match id {
            "" => "<title>Example &#60;APIs&#62;</title>".to_owned(),
            "common" => "<title>Shared types · Example &#60;APIs&#62;</title>".to_owned(),
            _ => format!("<title>{id} · Example &#60;APIs&#62;</title>"),
        };
        assert!(page.contains(&title), "{id}: {title}");
        assert!(page.contains("<a class=\"skip-link\" href=\"#content\">"), "{id}");
        assert!(page.contains("<nav id=\"groups\" aria-label=\"API groups\">"), "{id}");
        for target in ["core/v1", "apps/v1", "apps/v1beta1", "stable.example.com/v1", "common"] {
            assert!(page.contains(&format!("href=\"{root}{target}\"")), "{id} links to {target}");
        }
        let index = if root.is_empty() { "./" } else { root };
        let form = format!(
            "<form role=\"search\" id=\"search-form\" action=\"{index}\" method=\"get\"><label for=\"search\">Search kinds \
             and fields</label><input id=\"search\" name=\"q\" type=\"search\" autocomplete=\"off\"></form>"
        );
        assert!(page.contains(&form), "{id}");
        assert!(page.contains("<ul id=\"search-results\" aria-live=\"polite\"></ul>"), "{id}");
        assert!(page.contains(&format!("<body data-root=\"{index}\">")), "{id}");
        assert!(page.contains(&format!("<link rel=\"stylesheet\" href=\"{root}_assets/style.css\">")), "{id}");
        let scripts = format!(
            "<script src=\"{root}_assets/search-index.js\" defer></script>\n<script src=\"{root}_assets/search.js\" defer></script>"
        );
        assert!(page.contains(&scripts), "{id}");
        assert!(page.contains("<main id=\"content\""), "{id}");
        assert_eq!(page.matches("<h1").count(), 1, "{id}");
        assert!(page.contains(&format!("class=\"site-title\" href=\"{index}\"")), "{id}");
        assert_headings_in_order(id, &page);
    }
}

/// No heading is more than one level below the one before it.
fn assert_headings_in_order(id: &str, page: &str) {
    let levels: Vec<u8> = page
        .match_indices("<h")
        .filter_map(|(at, _)| page.as_bytes().get(at + 2).copied())
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect();
    assert_eq!(levels.first(), Some(&1), "{id}: {levels:?}");
    for pair in levels.windows(2) {
        assert!(pair[1] <= pair[0] + 1, "{id}: headings skip a level: {levels:?}");
    }
}

#[test]
fn links_are_relative_from_each_depth() {
    let files = html(&reference(), &site());
    let apps = text_of(&files, "apps/v1");
    assert!(apps.contains("<a href=\"../core/v1#PodSpec\">PodSpec</a>"), "{apps}");
    assert!(apps.contains("<a href=\"../common#Quantity\">Quantity</a>"));
    assert!(apps.contains("<a href=\"#DeploymentSpec\">DeploymentSpec</a>"), "same page: the bare anchor");
    assert!(apps.contains("href=\"../apps/v1beta1#Deployment\""), "the version toggle");
    assert!(apps.contains("aria-current=\"page\">v1</a>"));
    let index = text_of(&files, "");
    assert!(index.contains("<a href=\"core/v1\">v1</a>"));
    assert!(index.contains("<a href=\"stable.example.com/v1\">v1</a>"));
    let core = text_of(&files, "core/v1");
    assert!(core.contains("[]<a href=\"#Container\">Container</a>"));
    assert!(
        !files.values().any(|asset| String::from_utf8_lossy(&asset.bytes).contains("href=\"/")),
        "no absolute links"
    );
}

#[test]
fn kinds_types_fields_versions_and_rules_have_their_elements() {
    let files = html(&reference(), &site());
    let apps = text_of(&files, "apps/v1");
    assert!(apps.contains("<section id=\"Deployment\""));
    assert!(apps.contains("<h2 id=\"Deployment-heading\">Deployment</h2>"));
    assert!(apps.contains("<section id=\"DeploymentSpec\""));
    assert!(apps.contains("<tr id=\"DeploymentSpec.replicas\">"));
    assert!(apps.contains("<tr id=\"Deployment.spec\">"));
    assert!(apps.contains("<summary>Compared with v1beta1</summary>"));
    assert!(apps.contains("<li><code>spec.paused</code></li>"));
    assert!(apps.contains("<li><code>spec.rollbackTo</code></li>"));
    assert!(apps.contains("<code>self &#62;= 0</code>"));
    assert!(apps.contains("Message: must not be negative"));
    assert!(apps.contains("<code>apps/v1</code>"));
    let crd = text_of(&files, "stable.example.com/v1");
    assert!(crd.contains("Message: a <code>schedule</code> is required"), "{crd}");
    assert!(crd.contains("Reason: FieldValueRequired"));
    let common = text_of(&files, "common");
    assert!(common.contains("<section id=\"Quantity\""));
    assert!(common.contains("string (int-or-string)"));
    let index = text_of(&files, "");
    assert!(index.contains("<h1>Example &#60;APIs&#62;</h1>"), "{index}");
    assert!(index.contains("<td>17800</td>"));
    assert!(index.contains("<li>v1: preferred, GA</li>"));
    assert!(index.contains("<li>v1beta1: beta, deprecated</li>"));
}

#[test]
fn text_is_escaped_and_backtick_spans_are_code() {
    let files = html(&reference(), &site());
    let apps = text_of(&files, "apps/v1");
    assert!(!apps.contains("<script>alert"));
    assert!(apps.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; <code>x&lt;y</code>."), "{apps}");
    assert!(apps.contains("A <code>Deployment</code>."));
}

#[test]
fn the_search_index_is_a_script_listing_kinds_and_fields() {
    let files = html(&reference(), &site());
    let script = text_of(&files, "_assets/search-index.js");
    let json = script.strip_prefix("window.KAPI_SEARCH_INDEX = ").and_then(|s| s.strip_suffix(";\n")).expect("shape");
    let entries: Vec<[String; 4]> = serde_json::from_str(json).expect("an array of 4-string arrays");
    let has = |label: &str, page: &str, anchor: &str| {
        entries.iter().any(|entry| entry[0] == label && entry[2] == page && entry[3] == anchor)
    };
    assert!(has("Deployment", "apps/v1", "Deployment"), "{entries:?}");
    assert!(has("CronTab", "stable.example.com/v1", "CronTab"), "{entries:?}");
    assert!(has("Deployment.spec.replicas", "apps/v1", "DeploymentSpec.replicas"), "{entries:?}");
}

#[test]
fn the_logo_is_an_asset_linked_relatively_with_the_title_as_alt() {
    let logo = Logo::from_bytes(b"<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>".to_vec()).expect("svg");
    let site = Site { title: "Widgets".to_owned(), logo: Some(logo) };
    let files = html(&reference(), &site);
    assert_eq!(files["_assets/logo.svg"].media_type, "image/svg+xml");
    assert!(text_of(&files, "apps/v1").contains("<img class=\"logo\" src=\"../_assets/logo.svg\" alt=\"Widgets\">"));
    assert!(text_of(&files, "").contains("<img class=\"logo\" src=\"_assets/logo.svg\" alt=\"Widgets\">"));
}

#[test]
fn each_file_renders_on_its_own_and_only_listed_paths_exist() {
    let (reference, site) = (reference(), site());
    let all = html(&reference, &site);
    assert_eq!(super::paths(&reference, &site).len(), all.len());
    assert_eq!(super::file(&reference, &site, "apps/v1").as_ref(), all.get("apps/v1"));
    for missing in ["apps", "apps/v1/", "_assets/logo.svg", "_assets/", "nope"] {
        assert!(super::file(&reference, &site, missing).is_none(), "{missing}");
    }
}
