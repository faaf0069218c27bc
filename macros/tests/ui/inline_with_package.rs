#[derive(kapi::Schema)]
#[kapi(inline, package = "example.com/widgets/v1")]
struct Widget {
    replicas: i32,
}

fn main() {}
