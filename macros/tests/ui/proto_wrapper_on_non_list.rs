#[derive(serde::Serialize, kapi::Schema)]
struct Widget {
    #[kapi(proto = 1, proto_wrapper = "Name")]
    name: String,
    #[kapi(proto = 2, proto_wrapper = "not a name")]
    tags: Vec<String>,
    #[kapi(proto = 3, proto_wrapper = "Labels")]
    labels: std::collections::BTreeMap<String, String>,
}

fn main() {}
