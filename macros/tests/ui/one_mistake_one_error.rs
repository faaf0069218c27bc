// A mistake the derive itself reports, on a kind that is used: the uses add no errors of their own.
#[derive(kapi::Schema, kapi::Resource)]
#[kapi(group = "example.com", version = "v1")]
struct Thing {
    #[kapi(colour = "blue")]
    name: String,
}

fn register(registry: &mut kapi::Registry) {
    registry.register::<Thing>().register_resource::<Thing>();
}

fn main() {
    register(&mut kapi::Registry::new());
}
