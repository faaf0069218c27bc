/// A newtype is written as its field: this one is a list.
#[derive(kapi::Schema)]
struct Tags(Vec<String>);

#[derive(kapi::Schema)]
struct Widget {
    #[kapi(map_type = "granular")]
    tags: Tags,
}

fn main() {}
