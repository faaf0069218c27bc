#[derive(kapi::Schema)]
struct Port {
    name: String,
    port: i32,
}

#[derive(kapi::Schema)]
struct Widget {
    #[kapi(list_type = "map", list_map_keys = ["nmae"])]
    ports: Vec<Port>,
}

fn main() {}
