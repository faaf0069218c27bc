// A mistake the type checker reports, on a kind that is used: still one error.
use std::collections::BTreeMap;

#[derive(kapi::Schema, kapi::Resource)]
#[kapi(group = "example.com", version = "v1")]
struct Thing {
    #[kapi(list_type = "atomic")]
    labels: BTreeMap<String, String>,
}

fn register(registry: &mut kapi::Registry) {
    registry.register::<Thing>().register_resource::<Thing>();
}

fn main() {
    register(&mut kapi::Registry::new());
}
