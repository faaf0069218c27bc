#[derive(kapi::Schema)]
#[kapi(list_type = "atomic")]
struct Widget {
    name: String,
}

fn main() {}
