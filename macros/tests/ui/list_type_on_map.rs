use std::collections::BTreeMap;

#[derive(kapi::Schema)]
struct Widget {
    #[kapi(list_type = "atomic")]
    labels: BTreeMap<String, String>,
}

fn main() {}
