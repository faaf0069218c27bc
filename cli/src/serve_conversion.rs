//! `POST /convert` under `kapi serve --dir`: the bundle's kinds converted from their conversion plans.
//!
//! `#[kapi::versioned]` writes a kind's history into the model as data (`ConversionPlan`: each field's name per
//! version, the default a version gives a field its source lacks), and this server converts from it, through the
//! storage version, keeping what a version cannot hold in the stash annotation, as the crate's own `converters()`
//! do. A kind whose plan says its conversions need the crate's code (a `changed(...)` field, converted by functions
//! the user wrote) is answered with a `Failure` that says why and what serves it: a binary of the user's own that
//! calls `kapi_runtime::conversion::serve` with the crate's `converters()` (docs/SERVING-CONVERSIONS.md). So is a
//! kind with no plan (a CRD written by hand or imported). Objects asked for in their own version need no conversion
//! and are returned as they are.

use std::collections::BTreeMap;
use std::sync::Arc;

use kapi_model::ResourceMeta;
use kapi_model::conversion::{ConversionError, ConversionPlan, KindConverter};
use kapi_runtime::{Files, Handle};

/// The end of what a conversion this server cannot make answers.
pub const CANNOT_CONVERT: &str = "kapi serve --dir cannot make this conversion from the bundle: serve the bundle \
     from a binary of the crate that defines the kind, calling kapi_runtime::conversion::serve(&handle, \
     converters()) (docs/SERVING-CONVERSIONS.md)";

/// A kind whose CRD converts with a webhook: its group, kind, versions (as the model lists them), storage version,
/// and its conversion plan when the model has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookKind {
    pub group: String,
    pub kind: String,
    pub versions: Vec<String>,
    pub storage: String,
    pub plan: Option<ConversionPlan>,
}

impl WebhookKind {
    /// Why this server cannot convert the kind, when it cannot.
    pub fn cannot_convert(&self) -> Option<String> {
        match &self.plan {
            None => Some(format!("{} {} has no conversion plan in the model; {CANNOT_CONVERT}", self.group, self.kind)),
            Some(plan) => plan.not_declarative.as_ref().map(|why| format!("{why}; {CANNOT_CONVERT}")),
        }
    }
}

/// The kinds of the bundle's model whose CRD names a conversion webhook, sorted; none without a `model.json`.
pub fn webhook_kinds(files: &Files) -> Result<Vec<WebhookKind>, String> {
    let Some(bytes) = files.get(kapi_codegen::MODEL_PATH) else { return Ok(Vec::new()) };
    // Only the resources are read: the definitions are most of a large model (tens of megabytes, and hundreds
    // while parsed), and a server reads this before it listens.
    #[derive(serde::Deserialize)]
    struct Resources {
        resources: Vec<ResourceMeta>,
    }
    let model: Resources = serde_json::from_slice(bytes).map_err(|e| format!("model.json is not a kapi model: {e}"))?;
    let mut by_kind: BTreeMap<(String, String), Vec<&ResourceMeta>> = BTreeMap::new();
    for resource in model.resources.iter().filter(|r| r.crd.is_some()) {
        let key = (resource.group_version.group.clone(), resource.kind.clone());
        by_kind.entry(key).or_default().push(resource);
    }
    let mut kinds = Vec::new();
    for ((group, kind), versions) in by_kind {
        let crd = |r: &&ResourceMeta| r.crd.clone().unwrap_or_default();
        if !versions.iter().any(|r| crd(r).conversion_webhook.is_some()) {
            continue;
        }
        let Some(storage) = versions.iter().find(|r| crd(r).storage == Some(true)).or(versions.first()) else {
            continue;
        };
        let plan = versions.iter().find_map(|r| crd(r).conversion);
        let names: Vec<String> = versions.iter().map(|r| r.group_version.version.clone()).collect();
        if let Some(plan) = &plan {
            let mut planned = plan.versions.clone();
            let mut listed = names.clone();
            planned.sort();
            listed.sort();
            if planned != listed || !plan.types.contains_key(&plan.root) {
                return Err(format!(
                    "model.json: the conversion plan of {group} {kind} names versions {} (root {}), the model \
                     has {}",
                    plan.versions.join(", "),
                    plan.root,
                    names.join(", ")
                ));
            }
        }
        kinds.push(WebhookKind { storage: storage.group_version.version.clone(), versions: names, group, kind, plan });
    }
    Ok(kinds)
}

/// Answers `/convert` for `kinds`: from each kind's plan, or with why it cannot. The converters' names live as
/// long as the server: they are made once, at start-up.
pub fn serve_conversions(handle: &Handle, kinds: &[WebhookKind]) {
    let leak = |text: &str| -> &'static str { Box::leak(text.to_owned().into_boxed_str()) };
    let converters = kinds
        .iter()
        .map(|kind| {
            let convert: kapi_model::conversion::ConvertFn = match (&kind.plan, kind.cannot_convert()) {
                (Some(plan), None) => {
                    let (plan, group) = (plan.clone(), kind.group.clone());
                    Arc::new(move |object, to| plan.convert(&group, object, to))
                }
                (_, reason) => {
                    let reason = reason.unwrap_or_default();
                    Arc::new(move |_, _| Err(ConversionError::new(reason.clone())))
                }
            };
            KindConverter {
                group: leak(&kind.group),
                kind: leak(&kind.kind),
                versions: Box::leak(kind.versions.iter().map(|v| leak(v)).collect::<Vec<_>>().into_boxed_slice()),
                hub: leak(&kind.storage),
                convert,
            }
        })
        .collect();
    kapi_runtime::conversion::serve(handle, converters);
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
            plan: Some(kapi_schemas::example::backups::backup::__kapi_conversion_plan_backup()),
        };
        assert_eq!(kinds, [expected]);
        let why = kinds[0].cannot_convert().expect("Backup's retention changes type through functions");
        assert!(why.starts_with("BackupSpec.retention changes type"), "{why}");
    }
}
