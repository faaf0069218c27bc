#[derive(kapi::Schema)]
struct Widget {
    #[kapi(min_items = 1)]
    name: String,
}

fn main() {}
