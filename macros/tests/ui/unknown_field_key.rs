#[derive(kapi::Schema)]
struct Widget {
    #[kapi(minimun = 1)]
    replicas: i32,
}

fn main() {}
