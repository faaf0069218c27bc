//! kapi-gnostic's OpenAPI v2 and v3 encoders on arbitrary JSON documents (parsed from the input when it is JSON,
//! else built by `arbitrary`): Ok or Err, never a panic; what they encode is well-formed protobuf, and the same
//! document always encodes to the same bytes.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use kapi_fuzz::{Json, check_protobuf_wire};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let document = match serde_json::from_slice::<Value>(data) {
        Ok(document) => document,
        Err(_) => match Json::arbitrary_take_rest(Unstructured::new(data)) {
            Ok(json) => json.to_value(),
            Err(_) => return,
        },
    };
    for encode in [kapi_gnostic::openapi_v2_protobuf, kapi_gnostic::openapi_v3_protobuf] {
        if let Ok(bytes) = encode(&document) {
            if let Err(problem) = check_protobuf_wire(&bytes) {
                panic!("malformed protobuf: {problem}");
            }
            let again = encode(&document).map_err(|e| e.to_string());
            assert_eq!(again.as_deref(), Ok(&bytes[..]), "encoding is not deterministic");
        }
    }
});
