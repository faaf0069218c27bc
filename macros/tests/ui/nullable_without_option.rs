#[derive(kapi::Schema)]
struct Widget {
    #[kapi(nullable)]
    name: String,
}

fn main() {}
