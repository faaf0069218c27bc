#[derive(kapi::Schema, kapi::Resource)]
#[kapi(version = "v1")]
struct Widget {
    replicas: i32,
}

fn main() {}
