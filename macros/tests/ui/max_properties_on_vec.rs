#[derive(kapi::Schema)]
struct Widget {
    #[kapi(max_properties = 8)]
    tags: Vec<String>,
}

fn main() {}
