#[derive(kapi::Schema, kapi::Resource)]
#[kapi(group = "example.com", version = "v1")]
enum Widget {
    Small,
    Large,
}

fn main() {}
