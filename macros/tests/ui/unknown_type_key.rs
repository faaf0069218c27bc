#[derive(kapi::Schema)]
#[kapi(packge = "example.com/widgets/v1")]
struct Widget {
    replicas: i32,
}

fn main() {}
