#[derive(kapi::Schema)]
struct Widget {
    #[kapi(format = "date-time", format = "date")]
    started: String,
}

fn main() {}
