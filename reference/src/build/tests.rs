//! The builder over the generated corpus model: where definitions land, what links point at, what search finds.

use std::collections::BTreeSet;

use kapi_model::Registry;

use crate::page::{Reference, TypePart};

fn corpus() -> Reference {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../generated/model.json");
    let text = std::fs::read_to_string(path).expect("generated/model.json is readable");
    super::build(&Registry::from_json(&text).expect("model.json is a model"))
}

fn anchors(reference: &Reference) -> BTreeSet<(String, String)> {
    let mut anchors = BTreeSet::new();
    for page in &reference.pages {
        let sections = page.kinds.iter().map(|kind| &kind.body).chain(&page.types);
        for section in sections {
            assert!(anchors.insert((page.id.clone(), section.anchor.clone())), "{}#{}", page.id, section.anchor);
            for field in &section.fields {
                assert!(anchors.insert((page.id.clone(), field.anchor.clone())), "{}#{}", page.id, field.anchor);
            }
        }
    }
    anchors
}

#[test]
fn definitions_live_on_the_page_of_their_group_version() {
    let reference = corpus();
    let page_of = |anchor: &str| -> Vec<&str> {
        let pages = reference.pages.iter();
        pages.filter(|page| page.types.iter().any(|t| t.anchor == anchor)).map(|page| page.id.as_str()).collect()
    };
    assert_eq!(page_of("PodSpec"), ["core/v1"]);
    assert_eq!(page_of("DeploymentSpec"), ["apps/v1"]);
    assert_eq!(page_of("ObjectMeta"), ["common"]);
    let apps = reference.page("apps/v1").expect("apps/v1 page");
    assert!(apps.kinds.iter().any(|kind| kind.kind == "Deployment"));
    assert_eq!(reference.groups[0].title, "core");
    assert!(reference.groups[0].versions[0].preferred);
}

#[test]
fn every_link_points_at_an_anchor_of_the_reference() {
    let reference = corpus();
    let anchors = anchors(&reference);
    let mut links = 0;
    for page in &reference.pages {
        for section in page.kinds.iter().map(|kind| &kind.body).chain(&page.types) {
            let types = section.fields.iter().map(|field| &field.type_text).chain(&section.shape);
            for part in types.flat_map(|text| &text.parts) {
                if let TypePart::Link { link, .. } = part {
                    links += 1;
                    assert!(anchors.contains(&(link.page.clone(), link.anchor.clone())), "{link:?}");
                }
            }
        }
        for kind in &page.kinds {
            for version in &kind.versions {
                assert!(anchors.contains(&(version.link.page.clone(), version.link.anchor.clone())));
            }
        }
    }
    assert!(links > 500, "{links} links");
}

#[test]
fn versions_of_a_kind_say_what_changed() {
    let reference = corpus();
    let page = reference.page("ops.example.com/v1").expect("ops.example.com/v1 page");
    let backup = page.kinds.iter().find(|kind| kind.kind == "Backup").expect("Backup");
    let versions: Vec<&str> = backup.versions.iter().map(|version| version.version.as_str()).collect();
    assert_eq!(versions, ["v1", "v1beta1", "v1alpha1"]);
    let beta = &backup.versions[1];
    assert!(beta.added.contains(&"spec.retention".to_owned()), "{beta:?}");
    assert!(beta.removed.contains(&"spec.retentionDays".to_owned()), "{beta:?}");
}

#[test]
fn search_finds_field_paths_from_kinds() {
    let reference = corpus();
    let entries = reference.search_entries();
    let replicas = entries.iter().find(|entry| entry.label == "Deployment.spec.replicas").expect("indexed");
    assert_eq!((replicas.link.page.as_str(), replicas.link.anchor.as_str()), ("apps/v1", "DeploymentSpec.replicas"));
    // Paths stop three fields below a kind, so the index stays small enough to load with every page.
    let labels: BTreeSet<&str> = entries.iter().map(|entry| entry.label.as_str()).collect();
    assert!(labels.contains("Deployment.spec.template.spec"));
    assert!(!labels.contains("Deployment.spec.template.spec.containers"));
}
