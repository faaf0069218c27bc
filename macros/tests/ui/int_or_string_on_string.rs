#[derive(kapi::Schema)]
struct Widget {
    #[kapi(int_or_string)]
    port: Option<String>,
}

fn main() {}
