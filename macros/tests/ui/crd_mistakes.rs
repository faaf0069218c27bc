#[derive(kapi::Schema, kapi::Resource)]
#[kapi(
    package = "example.com/ui/v1",
    group = "ui.example.com",
    version = "v1",
    verbs = ["get"],
    crd(
        storge,
        printer_column(name = "Age", type = "timestamp", json_path = ".metadata.creationTimestamp"),
        printer_column(name = "Image", type = "string"),
        selectable_field = "spec.image",
        position = "first"
    )
)]
struct Widget {
    spec: String,
}

fn main() {}
