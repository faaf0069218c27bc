#[derive(kapi::Schema)]
struct Widget {
    #[kapi(map_type = "atomic")]
    tags: Option<Vec<String>>,
}

fn main() {}
