#[derive(kapi::Schema)]
struct Widget {
    #[kapi(default_json = "{not json}")]
    settings: std::collections::BTreeMap<String, String>,
}

fn main() {}
