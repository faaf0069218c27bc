#[derive(kapi::Schema)]
#[kapi(packge = "example.com/widgets/v1", map_type = "granularr")]
struct Widget {
    #[kapi(nullable)]
    name: String,
    #[kapi(default = true, minimum = 5, maximum = 2)]
    replicas: i32,
    #[kapi(list_type = "map")]
    ports: Vec<String>,
    #[kapi(min_items = "two", colour = "blue")]
    tags: Vec<String>,
}

fn main() {}
