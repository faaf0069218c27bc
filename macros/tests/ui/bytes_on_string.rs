#[derive(kapi::Schema)]
struct Widget {
    #[kapi(bytes)]
    data: String,
}

fn main() {}
