#[derive(kapi::Schema)]
struct Widget {
    #[kapi(minimum = 10, maximum = 1)]
    replicas: i32,
}

fn main() {}
