#[derive(kapi::Schema)]
struct Port {
    name: String,
}

#[derive(kapi::Schema)]
struct Widget {
    #[kapi(list_type = "set", list_map_keys = ["name"])]
    ports: Vec<Port>,
}

fn main() {}
