//! The model file loader, `Registry::from_json`, on arbitrary text: Ok or Err, never a panic; and whatever loads
//! is written back losslessly (write, read again: the same registry, and the same bytes when written twice), since
//! `kapi generate` and `kapi diff` read model files that kapi itself wrote.
#![no_main]

use kapi_model::Registry;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(registry) = Registry::from_json(text) else { return };
    let written = serde_json::to_string(&registry).expect("a loaded registry serializes");
    let reread = Registry::from_json(&written).expect("a registry kapi wrote loads again");
    assert_eq!(reread, registry, "the model file lost or changed something on a write and read: {written}");
    let rewritten = serde_json::to_string(&reread).expect("a loaded registry serializes");
    assert_eq!(rewritten, written, "writing the same registry twice gave different bytes");
});
