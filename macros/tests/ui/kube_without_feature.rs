// `#[kapi(kube)]` needs kapi's `kube` feature, which this crate does not turn on: the error says so.
#[derive(kapi::Schema, kapi::Resource)]
#[kapi(group = "example.com", version = "v1", kube)]
struct Widget {
    replicas: i32,
}

fn main() {}
