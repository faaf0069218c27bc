#[derive(kapi::Schema)]
#[kapi(validation(message = "replicas must be positive"))]
struct Widget {
    replicas: i32,
}

fn main() {}
