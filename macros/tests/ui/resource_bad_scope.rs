#[derive(kapi::Schema, kapi::Resource)]
#[kapi(group = "example.com", version = "v1", scope = "Global")]
struct Widget {
    replicas: i32,
}

fn main() {}
