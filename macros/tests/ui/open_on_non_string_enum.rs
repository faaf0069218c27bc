#[derive(kapi::Schema)]
#[kapi(open)]
struct Widget {
    name: String,
}

#[derive(serde::Serialize, kapi::Schema)]
#[kapi(open)]
enum Shape {
    Circle { radius: u32 },
    Square,
}

fn main() {}
