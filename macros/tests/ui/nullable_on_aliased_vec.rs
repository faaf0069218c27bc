/// A list, not an `Option`, whatever the alias suggests.
type MaybeTags = Vec<String>;

#[derive(kapi::Schema)]
struct Widget {
    #[kapi(nullable)]
    tags: MaybeTags,
}

fn main() {}
