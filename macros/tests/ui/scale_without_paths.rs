// `scale(...)` needs both replica paths; its `kind` may be left out.
#[derive(kapi::Schema, kapi::Resource)]
#[kapi(group = "example.com", version = "v1", scale(spec_replicas_path = ".spec.replicas"))]
struct Gadget {
    name: String,
}

fn main() {}
