fn shape(registry: &mut kapi::Registry) -> kapi::model::SchemaNode {
    let _ = registry;
    kapi::model::SchemaNode::inline(Default::default())
}

#[derive(kapi::Schema)]
struct Widget {
    #[kapi(schema_with = shape, schemars)]
    shape: String,
    #[kapi(schemaless, bytes)]
    data: Vec<u8>,
}

fn main() {}
