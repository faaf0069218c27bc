#[derive(serde::Serialize, kapi::Schema)]
struct Widget {
    #[kapi(proto = 1, proto_name = "uID")]
    uid: String,
    #[kapi(proto = 2, proto_name = "x-mode")]
    mode: String,
    #[kapi(proto_name = "3d")]
    depth: String,
}

fn main() {}
