#[derive(kapi::Schema)]
struct Widget {
    #[kapi(validation(rule = "self > 0", mesage = "positive"))]
    replicas: i32,
}

fn main() {}
