//! Every field of each bridged type round-trips, both ways, and the converted value serialises as its source did.
//! Each value sets every field (struct literals naming them all, so a new field fails to compile here too) to a
//! value no other field of the same type holds, so a swapped mapping shows in the JSON.

use std::collections::BTreeMap;
use std::fmt::Debug;

use ::k8s_openapi::apimachinery::pkg::api::resource as upstream_resource;
use ::k8s_openapi::apimachinery::pkg::util::intstr as upstream_intstr;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::{InvalidTime, upstream};
use crate::intstr::IntOrString;
use crate::meta::v1::{
    Condition, FieldsV1, LabelSelector, LabelSelectorRequirement, ListMeta, ManagedFieldsEntry, MicroTime, ObjectMeta,
    OwnerReference, ShardInfo, Time,
};
use crate::quantity::Quantity;

fn json_of(value: &impl Serialize) -> Value {
    serde_json::to_value(value).expect("both crates' types serialise to JSON")
}

/// `kapi` converted to k8s-openapi and back is `kapi`; the k8s-openapi value k8s-openapi reads from `kapi`'s JSON
/// (so found without these conversions) converted to kapi-meta and back is itself; and each converted value
/// serialises as its source. `upstream_only` are the fields k8s-openapi writes that kapi-meta does not.
fn assert_bridged<Kapi, Upstream, Refusal>(kapi: &Kapi, upstream_only: Value)
where
    Kapi: Clone + PartialEq + Debug + Serialize + From<Upstream>,
    Upstream: Clone + PartialEq + Debug + Serialize + DeserializeOwned + TryFrom<Kapi, Error = Refusal>,
    Refusal: Debug,
{
    let kapi_json = json_of(kapi);
    let mut upstream_json = kapi_json.clone();
    if let (Value::Object(fields), Value::Object(extra)) = (&mut upstream_json, upstream_only) {
        fields.extend(extra);
    }

    let converted = Upstream::try_from(kapi.clone()).expect("the value converts to k8s-openapi");
    assert_eq!(json_of(&converted), upstream_json, "kapi-meta to k8s-openapi");
    assert_eq!(&Kapi::from(converted), kapi, "kapi-meta to k8s-openapi and back");

    let upstream: Upstream = serde_json::from_value(upstream_json.clone()).expect("k8s-openapi reads the JSON");
    let converted = Kapi::from(upstream.clone());
    assert_eq!(json_of(&converted), kapi_json, "k8s-openapi to kapi-meta");
    assert_eq!(Upstream::try_from(converted).expect("converts back"), upstream, "k8s-openapi to kapi-meta and back");
}

fn map(pairs: &[(&str, &str)]) -> Option<BTreeMap<String, String>> {
    Some(pairs.iter().map(|(key, value)| ((*key).to_owned(), (*value).to_owned())).collect())
}

fn owner_reference() -> OwnerReference {
    OwnerReference {
        api_version: "apps/v1".into(),
        kind: "ReplicaSet".into(),
        name: "web-5d8f".into(),
        uid: "8a1c-owner".into(),
        controller: Some(true),
        block_owner_deletion: Some(false),
    }
}

fn fields_v1() -> FieldsV1 {
    FieldsV1(
        json!({"f:metadata": {"f:labels": {".": {}, "f:app": {}}}, "f:spec": {"f:ports": {"k:{\"port\":80}": {}}}}),
    )
}

fn managed_fields_entry() -> ManagedFieldsEntry {
    ManagedFieldsEntry {
        manager: Some("kubectl-client-side-apply".into()),
        operation: Some("Update".into()),
        api_version: Some("v1".into()),
        time: Some(Time::new("2024-05-01T12:30:45Z")),
        fields_type: Some("FieldsV1".into()),
        fields_v1: Some(fields_v1()),
        subresource: Some("status".into()),
    }
}

fn object_meta() -> ObjectMeta {
    ObjectMeta {
        name: Some("web".into()),
        generate_name: Some("web-".into()),
        namespace: Some("shop".into()),
        self_link: Some("/api/v1/namespaces/shop/pods/web".into()),
        uid: Some("0f1e-object".into()),
        resource_version: Some("4711".into()),
        generation: Some(3),
        creation_timestamp: Some(Time::new("2024-05-01T12:00:00Z")),
        deletion_timestamp: Some(Time::new("2024-06-02T08:15:30Z")),
        deletion_grace_period_seconds: Some(30),
        labels: map(&[("app", "web"), ("tier", "front")]),
        annotations: map(&[("example.com/note", "kept")]),
        owner_references: Some(vec![owner_reference()]),
        finalizers: Some(vec!["example.com/cleanup".into(), "foregroundDeletion".into()]),
        managed_fields: Some(vec![managed_fields_entry()]),
    }
}

fn list_meta() -> ListMeta {
    ListMeta {
        self_link: Some("/api/v1/pods".into()),
        resource_version: Some("815".into()),
        continue_token: Some("eyJ2IjoibWV0YS5rOHMuaW8vdjEifQ".into()),
        remaining_item_count: Some(42),
        shard_info: Some(ShardInfo { selector: "shard-2-of-4".into() }),
    }
}

fn label_selector_requirement() -> LabelSelectorRequirement {
    LabelSelectorRequirement {
        key: "tier".into(),
        operator: "In".into(),
        values: Some(vec!["front".into(), "edge".into()]),
    }
}

#[test]
fn object_meta_round_trips() {
    assert_bridged::<_, upstream::ObjectMeta, _>(&object_meta(), json!({}));
}

#[test]
fn owner_reference_round_trips() {
    assert_bridged::<_, upstream::OwnerReference, _>(&owner_reference(), json!({}));
}

#[test]
fn managed_fields_entry_round_trips() {
    assert_bridged::<_, upstream::ManagedFieldsEntry, _>(&managed_fields_entry(), json!({}));
}

#[test]
fn fields_v1_round_trips() {
    assert_bridged::<_, upstream::FieldsV1, _>(&fields_v1(), json!({}));
}

/// kapi-meta reads and writes `shardInfo` only in protobuf (the JSON form it mirrors has none); k8s-openapi
/// writes it in JSON, from the value converted.
#[test]
fn list_meta_round_trips() {
    assert_bridged::<_, upstream::ListMeta, _>(&list_meta(), json!({"shardInfo": {"selector": "shard-2-of-4"}}));
}

#[test]
fn shard_info_round_trips() {
    assert_bridged::<_, upstream::ShardInfo, _>(&ShardInfo { selector: "shard-1-of-3".into() }, json!({}));
}

#[test]
fn condition_round_trips() {
    let condition = Condition {
        condition_type: "example.com/Ready".into(),
        status: "False".into(),
        observed_generation: Some(7),
        last_transition_time: Time::new("2024-05-01T09:08:07Z"),
        reason: "ImagePullBackOff".into(),
        message: "the image could not be pulled".into(),
    };
    assert_bridged::<_, upstream::Condition, _>(&condition, json!({}));
}

#[test]
fn label_selector_round_trips() {
    let selector = LabelSelector {
        match_labels: map(&[("app", "web")]),
        match_expressions: Some(vec![
            label_selector_requirement(),
            LabelSelectorRequirement { key: "canary".into(), operator: "DoesNotExist".into(), values: Some(vec![]) },
        ]),
    };
    assert_bridged::<_, upstream::LabelSelector, _>(&selector, json!({}));
}

#[test]
fn label_selector_requirement_round_trips() {
    assert_bridged::<_, upstream::LabelSelectorRequirement, _>(&label_selector_requirement(), json!({}));
}

#[test]
fn time_round_trips() {
    assert_bridged::<_, upstream::Time, _>(&Time::new("2024-02-29T23:59:58Z"), json!({}));
}

#[test]
fn micro_time_round_trips() {
    assert_bridged::<_, upstream::MicroTime, _>(&MicroTime::new("2024-02-29T23:59:58.123456Z"), json!({}));
}

#[test]
fn quantity_round_trips() {
    for text in ["500m", "1.5Gi", "1e3", "-2"] {
        assert_bridged::<_, upstream_resource::Quantity, _>(&Quantity(text.into()), json!({}));
    }
}

#[test]
fn int_or_string_round_trips_in_both_forms() {
    for value in [IntOrString::Int(8080), IntOrString::Int(-1), IntOrString::String("25%".into())] {
        assert_bridged::<_, upstream_intstr::IntOrString, _>(&value, json!({}));
    }
}

/// k8s-openapi's instants may hold fractions a time stamp's wire form drops; the text written is the wire form.
#[test]
fn time_stamps_are_written_as_k8s_openapi_serialises_them() {
    let instant: ::k8s_openapi::jiff::Timestamp = "2024-05-01T12:00:00.987654321Z".parse().expect("an instant");
    let time = Time::from(upstream::Time(instant));
    assert_eq!(json_of(&time), json_of(&upstream::Time(instant)));
    assert_eq!(time.as_str(), "2024-05-01T12:00:00Z");
    let micro = MicroTime::from(upstream::MicroTime(instant));
    assert_eq!(json_of(&micro), json_of(&upstream::MicroTime(instant)));
    assert_eq!(micro.as_str(), "2024-05-01T12:00:00.987654Z");
}

/// An offset other than `Z` is the same instant; k8s-openapi holds the instant and writes it in UTC.
#[test]
fn a_time_with_an_offset_converts_to_the_same_instant() {
    let converted = upstream::Time::try_from(Time::new("2024-05-01T14:00:00+02:00")).expect("an RFC 3339 time");
    assert_eq!(Time::from(converted).as_str(), "2024-05-01T12:00:00Z");
}

#[test]
fn text_that_is_no_time_is_refused_with_the_field_named() {
    let refusal = |meta: ObjectMeta| upstream::ObjectMeta::try_from(meta).expect_err("a refusal");

    let mut meta = object_meta();
    meta.managed_fields = Some(vec![
        managed_fields_entry(),
        ManagedFieldsEntry { time: Some(Time::new("yesterday")), ..managed_fields_entry() },
    ]);
    let error = refusal(meta);
    assert_eq!((error.field.as_str(), error.text.as_str()), ("managedFields[1].time", "yesterday"));
    assert!(
        error.to_string().starts_with("managedFields[1].time: `yesterday` cannot be a k8s-openapi time stamp: "),
        "{error}"
    );

    let mut meta = object_meta();
    meta.creation_timestamp = Some(Time::default());
    let error = refusal(meta);
    assert_eq!(error.field, "creationTimestamp");
    assert!(error.reason.contains("a time never set"), "{error}");

    let condition = Condition {
        condition_type: "Ready".into(),
        status: "True".into(),
        observed_generation: None,
        last_transition_time: Time::new("2024-13-01T00:00:00Z"),
        reason: "Started".into(),
        message: String::new(),
    };
    let error: InvalidTime = upstream::Condition::try_from(condition).expect_err("month 13 is refused");
    assert_eq!(error.field, "lastTransitionTime");

    let error = upstream::MicroTime::try_from(MicroTime::new("2024-05-01T12:00:00")).expect_err("no offset");
    assert_eq!((error.field.as_str(), error.text.as_str()), ("", "2024-05-01T12:00:00"));
}
