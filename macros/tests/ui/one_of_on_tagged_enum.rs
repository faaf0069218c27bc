#[derive(serde::Serialize, kapi::Schema)]
#[serde(tag = "type")]
#[kapi(one_of)]
enum Action {
    Stop,
    Wait { seconds: u32 },
}

fn main() {}
