//! `google.protobuf.Any`, which gnostic's own `Any` message embeds.

/// `google.protobuf.Any`: where gnostic puts a value an extension plug-in parsed. kube-apiserver runs no
/// plug-ins, so this stays empty and the YAML text beside it carries the value.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ProtobufAny {
    #[prost(string, tag = "1")]
    pub type_url: String,
    #[prost(bytes = "vec", tag = "2")]
    pub value: Vec<u8>,
}
