// A mistake the Resource derive reports, on a kind that is used: the use adds no error of its own.
#[derive(kapi::Schema, kapi::Resource)]
#[kapi(version = "v1")]
struct Thing {
    name: String,
}

fn register(registry: &mut kapi::Registry) {
    registry.register_resource::<Thing>();
}

fn main() {
    register(&mut kapi::Registry::new());
}
