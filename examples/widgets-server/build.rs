//! Generates the widget API's artifacts at build time and writes a list that embeds them in the binary.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let registry = widgets_api::registry();
    assert!(registry.errors().is_empty(), "the widget model has problems: {:?}", registry.errors());
    let artifacts = kapi_codegen::generate(&registry, &kapi_codegen::Options::default()).expect("codegen");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let bundle = out.join("bundle");
    kapi_codegen::writer::write(&bundle, &artifacts).expect("write the artifacts");
    let mut list = String::from(
        "/// The generated artifacts: relative path and bytes.\npub static FILES: &[(&str, &[u8])] = &[\n",
    );
    for path in artifacts.paths() {
        let absolute = bundle.join(path);
        writeln!(list, "    ({path:?}, include_bytes!({:?})),", absolute.display().to_string()).expect("string");
    }
    list.push_str("];\n");
    std::fs::write(out.join("bundle_files.rs"), list).expect("write the file list");
}
