#[derive(serde::Serialize, kapi::Schema)]
#[serde(content = "value")]
enum Action {
    Stop,
    Wait(u32),
}

fn main() {}
