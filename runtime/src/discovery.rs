//! Discovery documents of a bundle (`discovery/*.json`), as the variants `/api`, `/apis` and the legacy
//! per-group and per-group-version endpoints serve.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::bundle::{BundleError, LoadOptions, parse_json};
use crate::negotiate::AggregatedVersion;
use crate::variants::Representation;

const LEGACY_MEDIA_TYPE: &str = "application/json";

/// `/api` or `/apis`: the aggregated documents in both versions and the legacy one, each optional.
#[derive(Debug, Default)]
pub(crate) struct Root {
    aggregated: Vec<(AggregatedVersion, Representation)>,
    offered: Vec<AggregatedVersion>,
    pub legacy: Option<Representation>,
}

impl Root {
    /// The aggregated versions this root offers, newest first.
    pub fn offered(&self) -> &[AggregatedVersion] {
        &self.offered
    }

    /// The aggregated document in `version`.
    pub fn aggregated(&self, version: AggregatedVersion) -> Option<&Representation> {
        self.aggregated.iter().find(|(v, _)| *v == version).map(|(_, rep)| rep)
    }

    fn is_empty(&self) -> bool {
        self.aggregated.is_empty() && self.legacy.is_none()
    }
}

/// Every discovery document of a bundle.
#[derive(Debug, Default)]
pub(crate) struct Discovery {
    pub api: Root,
    pub apis: Root,
    /// `/api/<version>` by version.
    pub core_versions: BTreeMap<String, Representation>,
    /// `/apis/<group>` by group.
    pub groups: BTreeMap<String, Representation>,
    /// `/apis/<group>/<version>` by `(group, version)`.
    pub group_versions: BTreeMap<(String, String), Representation>,
}

impl Discovery {
    /// Reads every `discovery/` file; all are optional, but each present one must be the document it names.
    pub fn build(files: &BTreeMap<String, Vec<u8>>, options: &LoadOptions) -> Result<Self, BundleError> {
        let mut discovery = Self {
            api: root(files, "api", "APIVersions", options)?,
            apis: root(files, "apis", "APIGroupList", options)?,
            ..Self::default()
        };
        for (path, bytes) in files.range("discovery/".to_owned()..) {
            let Some(name) = path.strip_prefix("discovery/") else { break };
            let Some(stem) = name.strip_suffix(".json") else { continue };
            let parts: Vec<&str> = stem.split("__").collect();
            match parts.as_slice() {
                ["api", version] => {
                    let rep = legacy(path, bytes, "APIResourceList")?;
                    discovery.core_versions.insert((*version).to_owned(), rep);
                }
                ["apis", group] => {
                    discovery.groups.insert((*group).to_owned(), legacy(path, bytes, "APIGroup")?);
                }
                ["apis", group, version] => {
                    let rep = legacy(path, bytes, "APIResourceList")?;
                    discovery.group_versions.insert(((*group).to_owned(), (*version).to_owned()), rep);
                }
                _ => {}
            }
        }
        Ok(discovery)
    }

    /// True when the bundle has no discovery document at all.
    pub fn is_empty(&self) -> bool {
        self.api.is_empty() && self.apis.is_empty() && self.groups.is_empty() && self.group_versions.is_empty()
    }
}

/// `/api` (`which` = "api") or `/apis`: `discovery/<which>.json` and the aggregated files.
fn root(
    files: &BTreeMap<String, Vec<u8>>,
    which: &str,
    legacy_kind: &str,
    options: &LoadOptions,
) -> Result<Root, BundleError> {
    let mut out = Root::default();
    let prefix = if which == "api" { "aggregated_api" } else { "aggregated" };
    for version in [AggregatedVersion::V2, AggregatedVersion::V2beta1] {
        let path = format!("discovery/{prefix}_{}.json", version.as_str());
        let Some(bytes) = files.get(&path) else { continue };
        check_kind(&path, &parse_json(&path, bytes)?, "APIGroupDiscoveryList")?;
        let media_type =
            format!("application/json;g=apidiscovery.k8s.io;v={};as=APIGroupDiscoveryList", version.as_str());
        let rep = Representation::new(bytes.clone(), &media_type).map_err(|e| BundleError::in_file(&path, e))?;
        out.aggregated.push((version, rep));
        out.offered.push(version);
    }
    let path = format!("discovery/{which}.json");
    if let Some(bytes) = files.get(&path) {
        let mut value = parse_json(&path, bytes)?;
        check_kind(&path, &value, legacy_kind)?;
        let body = match (&options.server_address, which) {
            (Some(address), "api") if fill_server_address(&mut value, address) => pretty(&path, &value)?,
            _ => bytes.clone(),
        };
        out.legacy = Some(Representation::new(body, LEGACY_MEDIA_TYPE).map_err(|e| BundleError::in_file(&path, e))?);
    }
    Ok(out)
}

fn legacy(path: &str, bytes: &[u8], kind: &str) -> Result<Representation, BundleError> {
    check_kind(path, &parse_json(path, bytes)?, kind)?;
    Representation::new(bytes.to_vec(), LEGACY_MEDIA_TYPE).map_err(|e| BundleError::in_file(path, e))
}

/// A document that states a kind must state the one its file name promises (a swapped file is a bad bundle).
fn check_kind(path: &str, value: &Value, kind: &str) -> Result<(), BundleError> {
    if !value.is_object() {
        return Err(BundleError::in_file(path, "expected a JSON object"));
    }
    match value.get("kind").and_then(Value::as_str) {
        Some(found) if found != kind => Err(BundleError::in_file(path, format!("kind is {found}, expected {kind}"))),
        _ => Ok(()),
    }
}

/// Kubernetes fills `serverAddressByClientCIDRs` with the address clients reach it at; generated files cannot
/// know it, so they leave the list empty for the server to fill. Returns true when it filled it.
fn fill_server_address(value: &mut Value, address: &str) -> bool {
    let empty = value.get("serverAddressByClientCIDRs").and_then(Value::as_array).is_none_or(Vec::is_empty);
    if empty && let Some(object) = value.as_object_mut() {
        let entry = serde_json::json!([{"clientCIDR": "0.0.0.0/0", "serverAddress": address}]);
        object.insert("serverAddressByClientCIDRs".to_owned(), entry);
        return true;
    }
    false
}

/// The bundle's own style: sorted keys, 2-space indent, trailing newline.
fn pretty(path: &str, value: &Value) -> Result<Vec<u8>, BundleError> {
    let mut bytes = serde_json::to_vec_pretty(value).map_err(|e| BundleError::in_file(path, e.to_string()))?;
    bytes.push(b'\n');
    Ok(bytes)
}
