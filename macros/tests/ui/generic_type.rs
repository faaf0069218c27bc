#[derive(kapi::Schema)]
struct Wrapper<T> {
    value: T,
}

fn main() {}
