#[derive(serde::Serialize, kapi::Schema)]
struct Widget {
    #[kapi(proto = 0)]
    zero: i32,
    #[kapi(proto = 19500)]
    internal: i32,
    #[kapi(proto = 3)]
    first: i32,
    #[kapi(proto = 3)]
    second: i32,
}

fn main() {}
