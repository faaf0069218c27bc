//! `kapi import FILE…`: OpenAPI v3 documents, swagger 2.0 documents and CustomResourceDefinitions as a new crate of
//! annotated Rust types (kapi-import), which generates its artifacts from its build script as `kapi init`'s does.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::init::source::KapiSource;
use crate::init::write;
use crate::stdout;

/// Options of `kapi import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The documents: OpenAPI v3 or swagger 2.0 (JSON or YAML), or CRDs (YAML or JSON, several to a file).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// The new crate's directory; its last component names the crate.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Depend on the kapi checkout at DIR by path (written relative to the new crate unless the two share no directory below the root), rather
    /// than on kapi's crates by version from the registry.
    #[arg(long, value_name = "DIR")]
    kapi_path: Option<PathBuf>,
}

/// The crate's manifest: kapi's crates, serde and serde_json (verbatim schemas and open values).
const MANIFEST: &str = r#"[package]
name = "{name}"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
kapi = {kapi}
kapi-meta = {kapi-meta}
serde = { version = "1", features = ["derive"] }
serde_json = "1"

# build.rs compiles src/lib.rs itself (a build script cannot use the crate it builds), so it needs the same
# dependencies, plus the generator.
[build-dependencies]
kapi = {kapi}
kapi-meta = {kapi-meta}
kapi-codegen = {kapi-codegen}
serde = { version = "1", features = ["derive"] }
serde_json = "1"

# A workspace of its own, wherever it is created.
[workspace]
"#;

/// `kapi import`.
pub fn import(args: &ImportArgs) -> Result<ExitCode, String> {
    write::check_free(&args.out)?;
    let name = crate_name(&args.out)?;
    let kapi = KapiSource::choose(args.kapi_path.as_deref(), &args.out)?;
    let mut inputs = Vec::new();
    for file in &args.files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        inputs.push((file.display().to_string(), text));
    }
    let imported = kapi_import::import(&inputs)?;
    let source = kapi_import::rust::render(&imported)?;
    let mut files: Vec<(String, Vec<u8>)> =
        source.files.iter().map(|(path, text)| (path.clone(), text.clone().into_bytes())).collect();
    let manifest = MANIFEST
        .replace("{name}", &name)
        .replace("{kapi}", &kapi.dependency("kapi"))
        .replace("{kapi-meta}", &kapi.dependency("meta"))
        .replace("{kapi-codegen}", &kapi.dependency("codegen"));
    files.push(("Cargo.toml".into(), manifest.into_bytes()));
    files.push(("build.rs".into(), include_str!("init/template/build.rs").as_bytes().to_vec()));
    files.push((".gitignore".into(), b"/target\n".to_vec()));
    if let Some(lock) = kapi.lock_file()? {
        files.push(("Cargo.lock".to_owned(), lock));
    }
    write::write_new_directory(&args.out, &files)?;
    let modules = source.files.len() - 1;
    stdout::line(&format!(
        "imported {} definitions and {} resources into {} modules of {}/src, on {}",
        imported.definitions.len(),
        imported.resources.len(),
        modules,
        args.out.display(),
        kapi.describe()
    ));
    if !source.verbatim.is_empty() || source.verbatim_fields > 0 {
        stdout::line(&format!(
            "  held verbatim (no attributes spell them): {} definitions, {} fields",
            source.verbatim.len(),
            source.verbatim_fields
        ));
    }
    for note in &imported.notes {
        stdout::line(&format!("  note: {note}"));
    }
    stdout::line(&format!(
        "  cd {} && cargo build      # writes generated/ from the imported types",
        args.out.display()
    ));
    Ok(ExitCode::SUCCESS)
}

/// The crate name: the directory's last component, made a valid package name.
fn crate_name(out: &Path) -> Result<String, String> {
    let last = out
        .file_name()
        .and_then(|name| name.to_str())
        .ok_or_else(|| format!("{} names no directory", out.display()))?;
    let name: String =
        last.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '-' }).collect();
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        return Err(format!("{last} cannot name a crate; choose another --out"));
    }
    Ok(name)
}
