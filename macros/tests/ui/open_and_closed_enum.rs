#[derive(kapi::Schema)]
struct Widget {
    #[kapi(enum_values = ["Gold", "Silver"], known_values = ["Gold", "Silver"])]
    tier: String,
}

fn main() {}
