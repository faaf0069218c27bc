#[derive(kapi::Schema)]
struct Widget {
    #[kapi(max_length = 3)]
    replicas: i32,
}

fn main() {}
