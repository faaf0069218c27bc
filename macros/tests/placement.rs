//! Attributes stand where their keyword fits, judged on types: aliases, `Option`s, `Box`es and newtypes are seen
//! through, and a type can declare itself int-or-string or nullable. (The mistakes are trybuild cases in ui/.)

use std::collections::BTreeMap;

use kapi::Schema;
use kapi::model::{ListType, MapType, Registry, SchemaObject};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Schema)]
#[kapi(package = "example.com/shapes/v1")]
struct Port {
    name: String,
}

type Ports = Option<Vec<Port>>;
type Labels = BTreeMap<String, String>;
type MaybeCount = Option<i64>;

/// A newtype is written as its field, so it has its field's shape.
#[derive(Serialize, Deserialize, Schema)]
struct Tags(Vec<String>);

/// A count or a name; the type says it is int-or-string, since the derive cannot tell from its variants.
#[derive(Serialize, Deserialize, Schema)]
#[serde(untagged)]
#[kapi(int_or_string)]
enum CountOrName {
    Count(i64),
    Name(String),
}

#[derive(Serialize, Deserialize, Schema)]
#[kapi(package = "example.com/shapes/v1", map_type = "atomic", max_properties = 4)]
struct Spec {
    #[kapi(list_type = "map", list_map_keys = ["name"], patch_merge_key = "name")]
    ports: Ports,
    #[kapi(map_type = "granular", min_properties = 1)]
    labels: Option<Box<Labels>>,
    #[kapi(list_type = "set", unique_items, max_items = 3)]
    tags: Tags,
    #[kapi(nullable)]
    count: MaybeCount,
    #[kapi(int_or_string)]
    limit: Option<CountOrName>,
    #[kapi(map_type = "atomic")]
    port: Port,
}

fn spec() -> SchemaObject {
    let mut registry = Registry::new();
    registry.register::<Spec>();
    let name = kapi::model::DefName::new("com.example.shapes.v1.Spec");
    registry.definition(&name).expect("spec").schema.keywords().clone()
}

#[test]
fn attributes_on_aliases_options_and_newtypes_are_written() {
    let spec = spec();
    assert_eq!(spec.kubernetes.map_type, Some(MapType::Atomic));
    assert_eq!(spec.bounds.max_properties, Some(4));
    let property = |name: &str| spec.properties[name].keywords().clone();
    let ports = property("ports");
    assert_eq!(
        (ports.kubernetes.list_type, ports.kubernetes.list_map_keys),
        (Some(ListType::Map), vec!["name".into()])
    );
    assert_eq!(property("labels").bounds.min_properties, Some(1));
    let tags = property("tags");
    assert_eq!((tags.kubernetes.list_type, tags.bounds.unique_items), (Some(ListType::Set), true));
    assert!(property("count").nullable);
    assert!(property("limit").kubernetes.int_or_string);
    assert_eq!(property("port").kubernetes.map_type, Some(MapType::Atomic));
}

#[test]
fn a_type_declared_int_or_string_says_so_in_its_schema() {
    let mut registry = Registry::new();
    let node = registry.schema_for::<CountOrName>();
    let definition = registry.definition(node.target().expect("a named type")).expect("registered");
    assert!(definition.schema.keywords().kubernetes.int_or_string);
}
