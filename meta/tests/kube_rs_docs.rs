//! The example of docs/KUBE-RS.md ("Holding k8s-openapi's types"), compiled and run as a user crate sees
//! kapi-meta.

use k8s_openapi::apimachinery::pkg::apis::meta::v1 as k8s;
use kapi_meta::k8s_openapi::InvalidTime;
use kapi_meta::meta::v1::ObjectMeta;

/// A kapi object's metadata for a kube-rs call; refused only when a time stamp in it is no RFC 3339 time.
fn for_kube_rs(meta: ObjectMeta) -> Result<k8s::ObjectMeta, InvalidTime> {
    meta.try_into()
}

/// Metadata kube-rs returned, as kapi-meta's: this direction always converts.
fn from_kube_rs(meta: k8s::ObjectMeta) -> ObjectMeta {
    meta.into()
}

/// The page's section, up to the next one (other sections have examples of their own).
fn section() -> &'static str {
    let page = include_str!("../../docs/KUBE-RS.md");
    let (_, section) = page.split_once("\n## Holding k8s-openapi's types\n").expect("the section");
    section.split("\n## ").next().unwrap_or(section)
}

#[test]
fn the_page_shows_code_that_compiles() {
    let block = section().split("```rust\n").nth(1).and_then(|rest| rest.split("```").next()).expect("a rust block");
    assert!(include_str!("kube_rs_docs.rs").contains(block), "the page shows code found nowhere:\n{block}");
}

#[test]
fn metadata_goes_to_kube_rs_and_comes_back() {
    let meta = ObjectMeta {
        name: Some("web".into()),
        namespace: Some("shop".into()),
        creation_timestamp: Some(kapi_meta::meta::v1::Time::new("2024-05-01T12:00:00Z")),
        ..ObjectMeta::default()
    };
    let upstream = for_kube_rs(meta.clone()).expect("converts");
    assert_eq!(upstream.name.as_deref(), Some("web"));
    assert_eq!(upstream.creation_timestamp.as_ref().map(|time| time.0.as_second()), Some(1_714_564_800));
    assert_eq!(from_kube_rs(upstream), meta);

    let never_set = ObjectMeta { deletion_timestamp: Some(Default::default()), ..meta };
    let refusal = for_kube_rs(never_set).expect_err("an empty time stamp has no k8s-openapi form");
    assert_eq!(refusal.field, "deletionTimestamp");
}
