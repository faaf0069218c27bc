//! `kapi check` also reads every OpenAPI v3 document into the `openapiv3` crate's typed model, so a structural
//! mistake (a keyword of the wrong shape, a misplaced field) is caught beside the byte comparison.

use std::path::Path;

/// Where the OpenAPI v3 documents are among the artifacts; the index is not one.
const OPENAPI_V3_PREFIX: &str = "openapi/v3/";
const INDEX: &str = "openapi/v3/index.json";

/// `path: problem` for every OpenAPI v3 document in `dir` (among the artifacts' paths) that does not parse.
pub fn typed_openapi_problems(dir: &Path, artifacts: &kapi_codegen::Artifacts) -> Vec<String> {
    let documents = artifacts.paths().filter(|path| path.starts_with(OPENAPI_V3_PREFIX) && *path != INDEX);
    documents
        .filter_map(|path| {
            let file = dir.join(path);
            let bytes = std::fs::read(&file).ok()?; // a missing file is reported as missing
            parse(&bytes)
                .err()
                .map(|problem| format!("{}: not a valid OpenAPI 3.0 document: {problem}", file.display()))
        })
        .collect()
}

/// Reads an OpenAPI 3.0 document into the typed model.
pub fn parse(bytes: &[u8]) -> Result<openapiv3::OpenAPI, serde_json::Error> {
    serde_json::from_slice(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_schema_of_the_wrong_shape_is_refused() {
        let good = br#"{"openapi": "3.0.0", "info": {"title": "t", "version": "v"}, "paths": {},
            "components": {"schemas": {"A": {"type": "object", "properties": {"n": {"type": "integer"}}}}}}"#;
        assert!(parse(good).is_ok());
        let bad = br#"{"openapi": "3.0.0", "info": {"title": "t", "version": "v"}, "paths": {},
            "components": {"schemas": {"A": {"type": "object", "required": "n"}}}}"#;
        assert!(parse(bad).is_err());
    }
}
