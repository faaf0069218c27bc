use std::collections::BTreeMap;

#[derive(kapi::Schema)]
struct Port {
    name: String,
}

/// Ports by name: a map, however the field reads.
type Ports = BTreeMap<String, Port>;

#[derive(kapi::Schema)]
struct Widget {
    #[kapi(list_type = "map", list_map_keys = ["name"])]
    ports: Ports,
}

fn main() {}
