// Every name a resource is served under is checked against Kubernetes' syntax for it, each error at its own
// attribute: they become URL path segments and discovery words.
#[derive(kapi::Schema, kapi::Resource)]
#[kapi(group = "Example.com/", version = "1", plural = "widgets/status", short_names = ["wd", "w x"])]
#[kapi(categories = ["all"], singular = "widget")]
struct Widget {
    name: String,
}

fn main() {
    kapi::Registry::new().register_resource::<Widget>();
}
