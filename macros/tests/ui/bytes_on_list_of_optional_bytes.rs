#[derive(kapi::Schema)]
struct Widget {
    #[kapi(bytes)]
    data: Vec<Option<u8>>,
}

fn main() {}
