#[derive(kapi::Schema)]
struct Profile {
    kind: String,
    #[kapi(union_member = "Localhost")]
    localhost: Option<String>,
}

fn main() {}
