//! Open and closed enums from the derive: a Rust enum of unit variants is closed unless marked `open` or given a
//! `#[serde(other)]` catch-all; a string field is closed with `enum_values` and open with `known_values`.

use kapi::Schema;
use kapi::model::{DefName, Registry, SchemaObject};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// A closed enum: the server rejects anything else.
#[derive(Serialize, Deserialize, Schema)]
#[kapi(package = "example.com/tiers/v1")]
enum Protocol {
    Tcp,
    Udp,
}

/// Open by attribute: more tiers will come.
#[derive(Serialize, Deserialize, Schema)]
#[kapi(package = "example.com/tiers/v1", open)]
enum Tier {
    Gold,
    Silver,
}

/// Open because unknown values have somewhere to go.
#[derive(Serialize, Deserialize, Schema)]
#[kapi(package = "example.com/tiers/v1")]
enum Phase {
    Pending,
    Running,
    #[serde(other)]
    Unknown,
}

/// Fields of each kind.
#[derive(Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/tiers/v1")]
struct Plan {
    protocol: Protocol,
    tier: Tier,
    phase: Phase,
    #[kapi(enum_values = ["Spot", "OnDemand"])]
    billing: String,
    #[kapi(known_values = ["eu", "us"])]
    region: String,
}

fn body(registry: &Registry, name: &str) -> SchemaObject {
    let definition = registry.definition(&DefName::new(format!("com.example.tiers.v1.{name}"))).expect(name);
    definition.schema.keywords().clone()
}

#[test]
fn unit_enums_are_closed_unless_marked_open() {
    let mut registry = Registry::new();
    registry.register::<Plan>();
    let protocol = body(&registry, "Protocol");
    assert_eq!((protocol.enum_values, protocol.known_values), (vec![json!("Tcp"), json!("Udp")], vec![]));
    let tier = body(&registry, "Tier");
    assert_eq!((tier.enum_values, tier.known_values), (vec![], vec![json!("Gold"), json!("Silver")]));
}

#[test]
fn a_serde_other_catch_all_opens_the_enum_and_is_not_a_value() {
    let mut registry = Registry::new();
    registry.register::<Plan>();
    let phase = body(&registry, "Phase");
    assert_eq!((phase.enum_values, phase.known_values), (vec![], vec![json!("Pending"), json!("Running")]));
}

#[test]
fn string_fields_choose_closed_or_open_by_attribute() {
    let mut registry = Registry::new();
    registry.register::<Plan>();
    let plan = body(&registry, "Plan");
    let billing = plan.properties["billing"].keywords();
    assert_eq!(
        (&billing.enum_values, billing.known_values.is_empty()),
        (&vec![json!("Spot"), json!("OnDemand")], true)
    );
    let region = plan.properties["region"].keywords();
    assert_eq!((region.enum_values.is_empty(), &region.known_values), (true, &vec![json!("eu"), json!("us")]));
}
