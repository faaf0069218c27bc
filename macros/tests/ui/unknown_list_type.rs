#[derive(kapi::Schema)]
struct Widget {
    #[kapi(list_type = "sett")]
    names: Vec<String>,
}

fn main() {}
