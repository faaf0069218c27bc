#[derive(kapi::Schema)]
struct Widget {
    #[kapi(nullable = true)]
    name: Option<String>,
}

fn main() {}
