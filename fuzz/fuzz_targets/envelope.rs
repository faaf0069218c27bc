//! The Kubernetes protobuf envelope decoder: arbitrary bytes decode or fail cleanly, whatever decodes encodes
//! back to an envelope that decodes the same, and any (apiVersion, kind, raw) survives an encode and a decode.
#![no_main]

use std::sync::OnceLock;

use arbitrary::Arbitrary;
use kapi_fuzz::generated_bundle_files;
use kapi_runtime::fuzzing::{Envelope, EnvelopeEncoder, decode_envelope};
use libfuzzer_sys::fuzz_target;

fn encoder() -> &'static EnvelopeEncoder {
    static ENCODER: OnceLock<EnvelopeEncoder> = OnceLock::new();
    ENCODER.get_or_init(|| EnvelopeEncoder::from_files(&generated_bundle_files()).expect("the generated protos"))
}

#[derive(Debug, Arbitrary)]
enum Input<'a> {
    Bytes(&'a [u8]),
    /// Bytes after the magic, so most inputs get past it.
    Framed(&'a [u8]),
    Fields {
        api_version: String,
        kind: String,
        raw: Vec<u8>,
    },
}

/// decode(encode(x)) == x; the encoder always writes empty content encoding and type.
fn round_trip(api_version: &str, kind: &str, raw: &[u8]) {
    let bytes = encoder().encode(api_version, kind, raw.to_vec()).expect("any strings and bytes encode");
    let decoded = decode_envelope(&bytes).expect("an encoded envelope decodes");
    let expected = Envelope {
        api_version: api_version.to_owned(),
        kind: kind.to_owned(),
        raw: raw.to_vec(),
        ..Envelope::default()
    };
    assert_eq!(decoded, expected);
}

fuzz_target!(|input: Input| {
    let bytes = match input {
        Input::Fields { api_version, kind, raw } => return round_trip(&api_version, &kind, &raw),
        Input::Bytes(bytes) => bytes.to_vec(),
        Input::Framed(rest) => [b"k8s\0", rest].concat(),
    };
    if let Ok(envelope) = decode_envelope(&bytes) {
        round_trip(&envelope.api_version, &envelope.kind, &envelope.raw);
    }
});
