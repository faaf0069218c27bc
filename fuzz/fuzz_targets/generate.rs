//! Every emitter (`kapi_codegen::generate`: OpenAPI v3 and v2, JSON Schema, discovery, the model file, protobuf,
//! CRDs) over whatever model text loads: Ok or Err, never a panic; and what generation writes, the runtime must be
//! able to serve. The input is the user's part of a model: the types every API server speaks are added with
//! `kapi_meta::register`, as a user's build script does, so small inputs reach every emitter (a definition the
//! input already has stays the input's). Slow per input (each one runs the whole generator and loads a bundle), so
//! it runs beside the loader's own target, `model_json`, rather than inside it.
#![no_main]

use std::collections::BTreeMap;

use kapi_codegen::Options;
use kapi_model::Registry;
use kapi_runtime::Bundle;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(mut registry) = Registry::from_json(text) else { return };
    kapi_meta::register(&mut registry);
    for strict in [false, true] {
        let options = Options { strict, ..Options::default() };
        let Ok(artifacts) = kapi_codegen::generate(&registry, &options) else { continue };
        let files: BTreeMap<String, Vec<u8>> =
            artifacts.iter().map(|(path, bytes)| (path.to_owned(), bytes.to_vec())).collect();
        if let Err(error) = Bundle::from_files(files) {
            panic!("generated artifacts do not load: {error}");
        }
    }
});
