use kapi_model::version_priority::Stability;
use kapi_model::{GroupVersion, Scope};

use super::markdown;
use super::text::{Place, code, href, text};
use crate::fixtures::{field, link, linked, plain, section};
use crate::page::{GroupEntry, KindSection, KindVersion, Page, Reference, Rule, Subresource, VersionEntry};

fn widget() -> KindSection {
    let mut replicas = field("Widget", "replicas", plain("integer (int32)"));
    replicas.required = true;
    replicas.default = Some("1".to_owned());
    replicas.description = Some("How many; `a|b` or <none> | other.\nSecond line.".to_owned());
    replicas.constraints = vec!["minimum 0".to_owned()];
    replicas.rules = vec![Rule {
        rule: "self >= 0 || self == -1".to_owned(),
        message: Some("must be <positive>".to_owned()),
        message_expression: None,
        field_path: Some(".replicas".to_owned()),
        reason: Some("FieldValueInvalid".to_owned()),
    }];
    let mut body = section(
        "Widget",
        vec![
            field("Widget", "template", linked("", "PodSpec", "core/v1")),
            field("Widget", "parts", linked("[]", "Part", "apps/v1")),
            field("Widget", "meta", linked("", "Shared", "common")),
            replicas,
        ],
    );
    body.description = Some("A widget.".to_owned());
    KindSection {
        kind: "Widget".to_owned(),
        plural: "widgets".to_owned(),
        singular: "widget".to_owned(),
        scope: Scope::Namespaced,
        short_names: vec!["wd".to_owned()],
        categories: vec!["all".to_owned()],
        verbs: vec!["get".to_owned(), "list".to_owned()],
        subresources: vec![Subresource { name: "status".to_owned(), verbs: vec!["get".to_owned()] }],
        list_kind: Some("WidgetList".to_owned()),
        deprecated: true,
        deprecation_warning: Some("use v2".to_owned()),
        body,
        versions: vec![
            KindVersion {
                version: "v1".to_owned(),
                link: link("apps/v1", "Widget"),
                current: true,
                added: Vec::new(),
                removed: Vec::new(),
            },
            KindVersion {
                version: "v1beta1".to_owned(),
                link: link("apps/v1beta1", "Widget"),
                current: false,
                added: vec!["spec.parts".to_owned()],
                removed: vec!["spec.old".to_owned()],
            },
        ],
    }
}

fn reference() -> Reference {
    let version = |version: &str, stability, preferred: bool| VersionEntry {
        version: version.to_owned(),
        stability,
        deprecated: !preferred,
        preferred,
        page: format!("apps/{version}"),
        kinds: vec!["Widget".to_owned()],
    };
    let mut shared = section("Shared", vec![field("Shared", "back", linked("map[string]", "Part", "apps/v1"))]);
    shared.shape = None;
    Reference {
        groups: vec![GroupEntry {
            name: "apps".to_owned(),
            title: "apps".to_owned(),
            priority: Some(17800),
            versions: vec![version("v1", Some(Stability::GenerallyAvailable), true), version("v1beta1", None, false)],
        }],
        pages: vec![
            Page {
                id: "apps/v1".to_owned(),
                title: "apps/v1".to_owned(),
                group_version: Some(GroupVersion::new("apps", "v1")),
                kinds: vec![widget()],
                types: vec![section("Part", Vec::new())],
            },
            Page {
                id: "common".to_owned(),
                title: "Shared types".to_owned(),
                group_version: None,
                kinds: Vec::new(),
                types: vec![shared],
            },
        ],
    }
}

#[test]
fn one_file_per_page_and_the_index() {
    let files = markdown(&reference());
    assert_eq!(files.keys().collect::<Vec<_>>(), ["apps/v1.md", "common.md", "index.md"]);
    assert_eq!(files, markdown(&reference()), "deterministic");
}

#[test]
fn links_are_relative_to_the_file() {
    let files = markdown(&reference());
    let apps = &files["apps/v1.md"];
    assert!(apps.contains("[`PodSpec`](../core/v1.md#PodSpec)"), "{apps}");
    assert!(apps.contains("`[]`[`Part`](#Part)"), "{apps}");
    assert!(apps.contains("[`Shared`](../common.md#Shared)"), "{apps}");
    assert!(apps.contains("[`v1beta1`](v1beta1.md#Widget)"), "{apps}");
    assert!(apps.contains("[API reference](../index.md)"), "{apps}");
    let common = &files["common.md"];
    assert!(common.contains("`map[string]`[`Part`](apps/v1.md#Part)"), "{common}");
    let index = &files["index.md"];
    assert!(index.contains("| apps | [`v1`](apps/v1.md) | GA, preferred | 17800 | [`Widget`](apps/v1.md#Widget) |"));
    assert!(index.contains("| unversioned, deprecated |"), "{index}");
    assert!(index.contains("[Shared types](common.md)"), "{index}");
}

#[test]
fn rows_have_anchors_and_escaped_cells() {
    let apps = &markdown(&reference())["apps/v1.md"];
    let row = apps.lines().find(|line| line.contains("Widget.replicas\"")).expect("row");
    assert_eq!(
        row,
        "| <a id=\"Widget.replicas\"></a>`replicas` | `integer (int32)` | yes | `1` | minimum 0 | How many; \
         `a\\|b` or &lt;none&gt; \\| other.<br>Second line. |"
    );
    assert!(apps.contains("| <a id=\"Widget.template\"></a>`template` | [`PodSpec`](../core/v1.md#PodSpec) | no |  |"));
    assert!(apps.contains(
        "- on [`replicas`](#Widget.replicas): `self >= 0 || self == -1`; message: must be &lt;positive&gt;; \
         field path: `.replicas`; reason: `FieldValueInvalid`"
    ));
}

#[test]
fn kind_facts() {
    let apps = &markdown(&reference())["apps/v1.md"];
    for fact in [
        "## <a id=\"Widget\"></a>Widget (deprecated)",
        "- Resource: `widgets` (singular `widget`)",
        "- Short names: `wd`",
        "- Subresource `status`: `get`",
        "- List kind: `WidgetList`",
        "- Deprecated: use v2",
        "- `v1` (this page)",
        "- [`v1beta1`](v1beta1.md#Widget): not in `v1beta1`: `spec.parts`; only in `v1beta1`: `spec.old`",
        "## Types\n\n### <a id=\"Part\"></a>Part",
    ] {
        assert!(apps.contains(fact), "{fact} missing from\n{apps}");
    }
}

#[test]
fn text_escapes_outside_code_only() {
    assert_eq!(text("a <b> & `<c> & d` *e*", Place::Block), "a &lt;b&gt; &amp; `<c> & d` \\*e\\*");
    assert_eq!(text("max_surge _x_", Place::Line), "max_surge \\_x\\_");
    assert_eq!(text("one `unmatched", Place::Line), "one \\`unmatched");
    assert_eq!(text("# title\n# next", Place::Block), "\\# title\n\\# next");
    assert_eq!(text("a\nb", Place::Line), "a b");
    assert_eq!(text("`a\nb|c`", Place::Cell), "`a b\\|c`");
}

#[test]
fn code_spans_hold_any_string() {
    assert_eq!(code("a`b", Place::Line), "``a`b``");
    assert_eq!(code("`x`", Place::Line), "`` `x` ``");
    assert_eq!(code("\"\"", Place::Cell), "`\"\"`");
    assert_eq!(code("a||b", Place::Cell), "`a\\|\\|b`");
}

#[test]
fn hrefs() {
    assert_eq!(href("apps/v1", &link("apps/v1", "X")), "#X");
    assert_eq!(href("apps/v1", &link("core/v1", "PodSpec")), "../core/v1.md#PodSpec");
    assert_eq!(href("common", &link("apps/v1", "X")), "apps/v1.md#X");
    assert_eq!(href("apps/v1", &link("common", "X")), "../common.md#X");
    assert_eq!(href("stable.example.com/v1", &link("stable.example.com/v1beta1", "A.b")), "v1beta1.md#A.b");
    assert_eq!(href("common", &link("common", "a (b)")), "#a%20%28b%29");
}
