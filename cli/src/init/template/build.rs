//! Writes `generated/` (OpenAPI v3 and v2, discovery, JSON Schema, protobuf) from the types in `src/lib.rs`,
//! rendering only what changed since the last run and rewriting only files whose bytes changed.

use std::io::ErrorKind;
use std::path::Path;

use kapi_codegen::proto::{LEDGER_PATH, Ledger};
use kapi_codegen::{Options, writer};

// A build script cannot use the crate it builds, so it compiles the API's source itself.
#[path = "src/lib.rs"]
mod api;

fn main() {
    println!("cargo:rerun-if-changed=src");
    let out = Path::new("generated");
    let options = Options {
        proto_ledger: previous_ledger(out),
        ..Options::default()
    };
    // What the last run rendered and left untouched is reused (its record is `generated/.kapi-reuse.json`).
    let previous = kapi_codegen::reuse::manifest::previous(out);
    let artifacts = match kapi_codegen::generate_reusing(&api::registry(), &options, &previous) {
        Ok(artifacts) => artifacts,
        Err(error) => {
            let help = error.help().map(|help| format!("\nhelp: {help}"));
            panic!(
                "cannot generate the API: {error}{}",
                help.unwrap_or_default()
            )
        }
    };
    // Cargo shows a build script's output only when it fails, but each `cargo:warning=` line always: one per line
    // of a warning, so a long one keeps all its lines.
    for warning in artifacts.warnings() {
        for line in warning.lines() {
            println!("cargo:warning={line}");
        }
    }
    if let Err(error) = writer::write(out, &artifacts) {
        panic!("cannot write generated/: {error}");
    }
}

/// The field numbers the last generation handed out, so no protobuf field is ever renumbered.
fn previous_ledger(out: &Path) -> Option<Ledger> {
    let path = out.join(LEDGER_PATH);
    match std::fs::read(&path) {
        Ok(bytes) => match Ledger::from_json(&bytes) {
            Ok(ledger) => Some(ledger),
            Err(error) => panic!("{}: {error}", path.display()),
        },
        Err(error) if error.kind() == ErrorKind::NotFound => None,
        Err(error) => panic!("cannot read {}: {error}", path.display()),
    }
}
