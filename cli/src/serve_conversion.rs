//! `POST /convert` under `kapi serve --dir`: what it can and cannot do for a bundle's kinds.
//!
//! A kind's conversions are Rust code (`#[kapi::versioned]`'s `converters()`, the `changed` functions the user
//! wrote) compiled into the crate that defines it; a bundle holds its schemas, not that code, so `kapi serve --dir`
//! cannot convert. Rather than a 404, which the API server reports as a webhook it cannot reach, each kind whose
//! CRD names a conversion webhook is answered with a `Failure` that says why and what serves its conversions: a
//! binary of the user's own that calls `kapi_runtime::conversion::serve` with the crate's `converters()`
//! (docs/SERVING-CONVERSIONS.md). Objects asked for in their own version need no conversion and are returned as they are.

use std::collections::BTreeMap;

use kapi_model::conversion::{ConversionError, KindConverter};
use kapi_model::{Registry, ResourceMeta};
use kapi_runtime::{Files, Handle};

/// What every conversion of such a kind answers.
pub const CANNOT_CONVERT: &str = "kapi serve --dir cannot convert between versions: the conversions are Rust code in \
     the crate that defines the kind, not part of the bundle; serve the bundle from a binary of that crate that \
     calls kapi_runtime::conversion::serve(&handle, converters()) (docs/SERVING-CONVERSIONS.md)";

/// A kind whose CRD converts with a webhook: its group, kind, versions (as the model lists them) and storage
/// version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookKind {
    pub group: String,
    pub kind: String,
    pub versions: Vec<String>,
    pub storage: String,
}

/// The kinds of the bundle's model whose CRD names a conversion webhook, sorted; none without a `model.json`.
pub fn webhook_kinds(files: &Files) -> Result<Vec<WebhookKind>, String> {
    let Some(bytes) = files.get(kapi_codegen::MODEL_PATH) else { return Ok(Vec::new()) };
    let text = std::str::from_utf8(bytes).map_err(|e| format!("model.json: {e}"))?;
    let registry = Registry::from_json(text).map_err(|e| format!("model.json is not a kapi model: {e}"))?;
    let mut by_kind: BTreeMap<(String, String), Vec<&ResourceMeta>> = BTreeMap::new();
    for resource in registry.resources().iter().filter(|r| r.crd.is_some()) {
        let key = (resource.group_version.group.clone(), resource.kind.clone());
        by_kind.entry(key).or_default().push(resource);
    }
    let kinds = by_kind.into_iter().filter_map(|((group, kind), versions)| {
        let crd = |r: &&ResourceMeta| r.crd.clone().unwrap_or_default();
        if !versions.iter().any(|r| crd(r).conversion_webhook.is_some()) {
            return None;
        }
        let storage = versions.iter().find(|r| crd(r).storage == Some(true)).or(versions.first())?;
        Some(WebhookKind {
            storage: storage.group_version.version.clone(),
            versions: versions.iter().map(|r| r.group_version.version.clone()).collect(),
            group,
            kind,
        })
    });
    Ok(kinds.collect())
}

/// Answers `/convert` for `kinds` with [`CANNOT_CONVERT`]. The converters' names live as long as the server: they
/// are made once, at start-up.
pub fn refuse_conversions(handle: &Handle, kinds: &[WebhookKind]) {
    let leak = |text: &str| -> &'static str { Box::leak(text.to_owned().into_boxed_str()) };
    let converters = kinds
        .iter()
        .map(|kind| KindConverter {
            group: leak(&kind.group),
            kind: leak(&kind.kind),
            versions: Box::leak(kind.versions.iter().map(|v| leak(v)).collect::<Vec<_>>().into_boxed_slice()),
            hub: leak(&kind.storage),
            convert: cannot_convert,
        })
        .collect();
    kapi_runtime::conversion::serve(handle, converters);
}

fn cannot_convert(_object: serde_json::Value, _version: &str) -> Result<serde_json::Value, ConversionError> {
    Err(ConversionError::new(CANNOT_CONVERT))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_corpus_backup_is_the_one_kind_converted_by_a_webhook() {
        let registry = kapi_schemas::registry();
        let model = kapi_codegen::model_json(&registry, &kapi_codegen::Options::default()).expect("the model");
        let files: Files = [("model.json".to_owned(), model.into())].into_iter().collect();
        let kinds = webhook_kinds(&files).expect("kinds");
        let expected = WebhookKind {
            group: "ops.example.com".into(),
            kind: "Backup".into(),
            versions: vec!["v1alpha1".into(), "v1beta1".into(), "v1".into()],
            storage: "v1".into(),
        };
        assert_eq!(kinds, [expected]);
    }
}
