#[derive(kapi::Schema)]
struct Spec {
    name: String,
}

#[derive(kapi::Schema)]
struct Widget {
    #[kapi(patch_strategy = "merge", patch_merge_key = "name")]
    spec: Spec,
}

fn main() {}
