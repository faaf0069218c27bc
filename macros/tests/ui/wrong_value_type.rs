#[derive(kapi::Schema)]
struct Widget {
    #[kapi(min_length = "3")]
    name: String,
}

fn main() {}
