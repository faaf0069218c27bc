#[derive(kapi::Schema)]
struct Widget {
    #[kapi(default = "three")]
    replicas: i32,
}

fn main() {}
