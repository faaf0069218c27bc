#[derive(kapi::Schema)]
#[kapi(package = "example.com/widgets/v1", definition = "com.example.Widget")]
struct Widget {
    replicas: i32,
}

fn main() {}
