#[derive(kapi::Schema)]
struct Widget {
    #[kapi(list_type = "map", list_map_keys = ["name"])]
    ports: Vec<String>,
}

fn main() {}
