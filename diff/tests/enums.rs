//! Open and closed enums: a closed enum (`enum_values`) rejects what it does not list, so its values cannot come
//! or go unnoticed; an open one (`known_values`) rejects nothing, so its list may change freely. (Opening a closed
//! enum has its case in rules.rs.)

use crate::fixture;

use fixture::{V1, assert_only, model};
use kapi::Registry;
use kapi_diff::{Api, Finding, Policy, Rule, Severity, compare};

fn findings(old: fn(&mut Registry), new: fn(&mut Registry)) -> Vec<Finding> {
    compare(&Api::from_model(model(&[old])), &Api::from_model(model(&[new])), &Policy::default())
}

edit!(open_value_added, [] {
    /// The tier.
    #[kapi(known_values = ["Gold", "Silver"])]
    pub tier: String,
} => [] {
    /// The tier.
    #[kapi(known_values = ["Gold", "Silver", "Bronze"])]
    pub tier: String,
});

edit!(closed_value_added, [] {
    /// The tier.
    #[kapi(enum_values = ["Gold", "Silver"])]
    pub tier: String,
} => [] {
    /// The tier.
    #[kapi(enum_values = ["Gold", "Silver", "Bronze"])]
    pub tier: String,
});

edit!(closed, [] {
    /// The tier.
    #[kapi(known_values = ["Gold", "Silver"])]
    pub tier: String,
} => [] {
    /// The tier.
    #[kapi(enum_values = ["Gold", "Silver"])]
    pub tier: String,
});

#[test]
fn values_come_and_go_freely_in_an_open_enum() {
    assert_eq!(findings(open_value_added::old::register, open_value_added::new::register), vec![]);
    assert_eq!(findings(open_value_added::new::register, open_value_added::old::register), vec![]);
}

#[test]
fn a_value_added_to_a_closed_enum_is_flagged() {
    let found = findings(closed_value_added::old::register, closed_value_added::new::register);
    assert_only(&found, Rule::EnumValueAdded, Severity::Warning, &format!("{V1} Widget.spec.tier"));
}

#[test]
fn closing_an_open_enum_rejects_values_it_accepted() {
    let found = findings(closed::old::register, closed::new::register);
    assert_only(&found, Rule::EnumValueRemoved, Severity::Error, &format!("{V1} Widget.spec.tier"));
    assert_eq!(found[0].detail, "restricted to \"Gold\", \"Silver\"");
}
