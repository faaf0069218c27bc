// `scale(...)` without `kind` speaks kapi-meta's autoscaling/v1 Scale: a crate without kapi-meta is told so at
// `scale` (write `kind = ...` for another Rust type of that body).
#[derive(kapi::Schema, kapi::Resource)]
#[kapi(group = "example.com", version = "v1")]
#[kapi(scale(spec_replicas_path = ".spec.replicas", status_replicas_path = ".status.replicas"))]
struct Widget {
    name: String,
}

fn main() {}
