//! The bundle loader on arbitrary file sets: a few of the paths a bundle has, each with fuzzed bytes (built by
//! `arbitrary`), or, for input starting with `==> `, files written out as `==> PATH` lines each followed by the
//! file's bytes (so the seeds are small real bundles). Never a panic; a bundle that loads serves only OpenAPI
//! documents that were among its files.
#![no_main]

use std::collections::BTreeMap;

use arbitrary::{Arbitrary, Unstructured};
use kapi_runtime::Bundle;
use libfuzzer_sys::fuzz_target;

const PATHS: &[&str] = &[
    "openapi/v3/index.json",
    "openapi/v3/apis/apps/v1.json",
    "openapi/v3/api/v1.json",
    "openapi/v2/swagger.json",
    "discovery/api.json",
    "discovery/apis.json",
    "discovery/api__v1.json",
    "discovery/apis__apps.json",
    "discovery/apis__apps__v1.json",
    "discovery/aggregated_v2.json",
    "discovery/aggregated_v2beta1.json",
    "discovery/aggregated_api_v2.json",
    "discovery/aggregated_api_v2beta1.json",
    "version.json",
    "model.json",
    "proto/k8s.io/apimachinery/pkg/runtime/generated.proto",
    "proto/field-numbers.json",
];

#[derive(Debug, Arbitrary)]
enum Path<'a> {
    Known(u8),
    Other(&'a str),
}

const SECTION: &[u8] = b"==> ";

/// `==> PATH\n` then the file's bytes, up to the next `\n==> `.
fn sections(data: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut rest = &data[SECTION.len()..];
    while !rest.is_empty() {
        let end = rest.windows(SECTION.len() + 1).position(|w| w[0] == b'\n' && &w[1..] == SECTION);
        let (section, next) = match end {
            Some(at) => (&rest[..at], &rest[at + 1 + SECTION.len()..]),
            None => (rest, &[][..]),
        };
        let (path, bytes) = match section.iter().position(|&b| b == b'\n') {
            Some(at) => (&section[..at], &section[at + 1..]),
            None => (section, &[][..]),
        };
        files.insert(String::from_utf8_lossy(path).into_owned(), bytes.to_vec());
        rest = next;
    }
    files
}

fn arbitrary_files(data: &[u8]) -> Option<BTreeMap<String, Vec<u8>>> {
    let entries = Vec::<(Path, &[u8])>::arbitrary_take_rest(Unstructured::new(data)).ok()?;
    let files = entries.into_iter().take(8).map(|(path, bytes)| {
        let path = match path {
            Path::Known(i) => PATHS[usize::from(i) % PATHS.len()].to_owned(),
            Path::Other(path) => path.to_owned(),
        };
        (path, bytes.to_vec())
    });
    Some(files.collect())
}

fuzz_target!(|data: &[u8]| {
    let files = if data.starts_with(SECTION) {
        sections(data)
    } else {
        let Some(files) = arbitrary_files(data) else { return };
        files
    };
    let Ok(bundle) = Bundle::from_files(files.clone()) else { return };
    for key in bundle.openapi_paths() {
        let local = files.contains_key(&format!("openapi/v3/{key}.json"));
        assert!(local, "serves openapi/v3/{key} without such a file");
    }
});
