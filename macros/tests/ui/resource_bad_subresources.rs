// Further subresources are path segments after the object's name: each name is a DNS-1035 label, declared once,
// and status and scale keep their own keys; verbs are lower-case words.
#[derive(kapi::Schema, kapi::Resource)]
#[kapi(group = "example.com", version = "v1")]
#[kapi(subresource(name = "Approval"), subresource(name = "status"), subresource(name = "token"))]
#[kapi(subresource(name = "token", verbs = ["Create"]), subresource(verbs = ["get"]))]
struct Widget {
    name: String,
}

fn main() {
    kapi::Registry::new().register_resource::<Widget>();
}
