#[derive(serde::Serialize, kapi::Schema)]
struct Widget {
    #[serde(skip)]
    #[kapi(minimum = 1)]
    cache: i32,
}

fn main() {}
