//! The REST mapper over the corpus: one kind name in two groups, a group with two versions.

use std::collections::BTreeSet;

use kapi_model::{GroupVersion, MappingError, RestMapper, Scope};

fn mapper() -> RestMapper {
    RestMapper::new(&kapi_schemas::registry(), &BTreeSet::new())
}

#[test]
fn an_unqualified_crontabs_is_ambiguous() {
    let error = mapper().resolve("crontabs").expect_err("two groups serve crontabs");
    let MappingError::Ambiguous { candidates, .. } = &error else { panic!("not an ambiguity: {error}") };
    assert_eq!(candidates, &["crontabs.batch.example.com", "crontabs.stable.example.com"]);
    assert!(error.to_string().contains("qualify it with its group"), "{error}");
    for spelling in ["crontab", "CronTab"] {
        assert!(matches!(mapper().resolve(spelling), Err(MappingError::Ambiguous { .. })), "{spelling}");
    }
}

#[test]
fn a_group_qualified_name_resolves_to_the_preferred_version() {
    let mapping = mapper().resolve("crontabs.stable.example.com").expect("qualified");
    assert_eq!(mapping.group_version, GroupVersion::new("stable.example.com", "v1"));
    assert_eq!((mapping.kind.as_str(), mapping.scope), ("CronTab", Scope::Namespaced));
    let short = mapper().resolve("ct").expect("the short name belongs to one group");
    assert_eq!(short.group_version, GroupVersion::new("stable.example.com", "v1"));
    let pinned = mapper().resolve("crontabs.v1beta1.stable.example.com").expect("fully qualified");
    assert_eq!(pinned.group_version.version, "v1beta1");
    let batch = mapper().resolve("crontabs.batch.example.com").expect("the other group");
    assert_eq!((batch.group_version, batch.scope), (GroupVersion::new("batch.example.com", "v1"), Scope::Cluster));
}

#[test]
fn disabling_one_group_removes_the_ambiguity() {
    let disabled = [GroupVersion::new("batch.example.com", "v1")].into();
    let mapper = RestMapper::new(&kapi_schemas::registry(), &disabled);
    let mapping = mapper.resolve("crontabs").expect("only one group left");
    assert_eq!(mapping.group_version, GroupVersion::new("stable.example.com", "v1"));
    assert_eq!(mapper.resolve("leases").expect("leases").group_version.group, "coordination.k8s.io");
}
