//! The vocabulary's generated parts: names, settings, merging and the attribute table.

use serde_json::json;

use super::*;

#[test]
fn names_round_trip_and_are_unique() {
    for keyword in Keyword::ALL {
        assert_eq!(Keyword::from_name(keyword.as_str()), Some(*keyword));
    }
    assert_eq!(Keyword::from_name("$ref"), None);
    let mut attribute_names: Vec<&str> = attributes().filter_map(|a| a.name).collect();
    let count = attribute_names.len();
    attribute_names.sort_unstable();
    attribute_names.dedup();
    assert_eq!(attribute_names.len(), count, "an attribute name is declared twice");
}

#[test]
fn settings_land_in_their_fields() {
    let mut object = SchemaObject::default();
    object.set(Setting::MinLength(3));
    object.set(Setting::ListType(ListType::Map));
    object.set(Setting::Nullable(true));
    object.set(Setting::Validations(ValidationRule { rule: "self > 0".into(), ..ValidationRule::default() }));
    object.set(Setting::Validations(ValidationRule { rule: "self < 9".into(), ..ValidationRule::default() }));
    object.set(Setting::Default(json!(1)));
    assert_eq!(object.bounds.min_length, Some(3));
    assert_eq!(object.kubernetes.list_type, Some(ListType::Map));
    assert!(object.nullable);
    assert_eq!(object.kubernetes.validations.len(), 2);
    assert_eq!(object.default, Some(json!(1)));
    let set: Vec<Keyword> = Keyword::ALL.iter().copied().filter(|k| k.is_set(&object)).collect();
    assert_eq!(set, [Keyword::Default, Keyword::Nullable, Keyword::MinLength, Keyword::ListType, Keyword::Validations]);
}

#[test]
fn apply_replaces_what_the_overlay_sets_and_keeps_the_rest() {
    let mut base = SchemaObject::of_type(InstanceType::String);
    base.set(Setting::Description("base".into()));
    base.set(Setting::Enum(vec![json!("a")]));
    base.set(Setting::ReadOnly(true));
    base.zero_value = Some(json!(""));
    let mut overlay = SchemaObject::default();
    overlay.set(Setting::Description("overlay".into()));
    overlay.set(Setting::MaxLength(8));
    overlay.set(Setting::ListType(ListType::Set));
    base.apply(overlay);
    assert_eq!(base.description.as_deref(), Some("overlay"));
    assert_eq!(base.instance_type, Some(InstanceType::String), "unset in the overlay, so kept");
    assert_eq!(base.enum_values, [json!("a")], "an empty list does not replace");
    assert!(base.read_only, "a flag the overlay does not raise stays raised");
    assert_eq!(base.zero_value, Some(json!("")));
    assert_eq!((base.bounds.max_length, base.kubernetes.list_type), (Some(8), Some(ListType::Set)));
}

#[test]
fn attributes_name_their_keyword_and_form() {
    let list_type = attribute("list_type").expect("list_type is an attribute");
    assert_eq!(list_type.keyword, Keyword::ListType);
    assert_eq!(list_type.form, ValueForm::Choice(ListType::CHOICES));
    assert_eq!(ListType::CHOICES.variant("map"), Some("Map"));
    assert_eq!(attribute("validation").map(|a| a.keyword), Some(Keyword::Validations));
    assert_eq!(attribute("x-kubernetes-list-type"), None);
    let unions = attributes().find(|a| a.keyword == Keyword::Unions).expect("unions are settable");
    assert_eq!(unions.name, None);
}

#[test]
fn attributes_say_where_they_may_stand() {
    let placement = |name| attribute(name).map(|a| a.placement);
    assert_eq!(placement("list_map_keys"), Some(Placement::List));
    assert_eq!(placement("max_properties"), Some(Placement::Object));
    assert_eq!(placement("nullable"), Some(Placement::Nullable));
    assert_eq!(placement("pattern"), Some(Placement::Any));
}
