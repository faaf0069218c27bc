#[derive(kapi::Schema)]
struct Port {
    name: String,
}

#[derive(kapi::Schema)]
struct Widget {
    #[kapi(list_type = "map")]
    ports: Vec<Port>,
}

fn main() {}
