#[derive(serde::Serialize, kapi::Schema)]
enum Notification {
    #[kapi(proto = 1)]
    Webhook {
        #[kapi(proto = 1)]
        url: String,
    },
}

fn main() {}
