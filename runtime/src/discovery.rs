//! Discovery documents of a bundle (`discovery/*.json`), as the variants `/api`, `/apis` and the legacy
//! per-group and per-group-version endpoints serve: JSON as generated, and Kubernetes protobuf encoded from it
//! through the bundle's own generated definitions (`apidiscovery` v2/v2beta1 and `meta/v1` messages).

use std::collections::BTreeMap;

use serde_json::Value;

use crate::error::BundleError;
use crate::files::parse_json;
use crate::negotiate::{AggregatedVersion, DiscoveryChoice, Encoding};
use crate::options::LoadOptions;
use crate::protobuf::Codec;
use crate::variants::Representation;

/// The media type of Kubernetes protobuf (magic prefix + `runtime.Unknown` envelope).
const PROTOBUF_MEDIA_TYPE: &str = "application/vnd.kubernetes.protobuf";
/// The protobuf package of the legacy discovery types (Go's `k8s.io/apimachinery/pkg/apis/meta/v1`).
const META_V1_PACKAGE: &str = "k8s.io.apimachinery.pkg.apis.meta.v1";

/// One discovery document in each encoding the bundle offers: JSON always, protobuf when the bundle has
/// protobuf definitions that fit it.
#[derive(Debug)]
pub(crate) struct Variants {
    json: Representation,
    protobuf: Option<Representation>,
}

impl Variants {
    /// The document in `encoding`, if offered.
    pub fn get(&self, encoding: Encoding) -> Option<&Representation> {
        match encoding {
            Encoding::Json => Some(&self.json),
            Encoding::Protobuf => self.protobuf.as_ref(),
        }
    }
}

/// `/api` or `/apis`: the aggregated documents in both versions and the legacy one, each optional.
#[derive(Debug, Default)]
pub(crate) struct Root {
    aggregated: Vec<(AggregatedVersion, Variants)>,
    legacy: Option<Variants>,
}

impl Root {
    /// The representation a negotiated choice names, if this root offers it.
    pub fn variant(&self, choice: DiscoveryChoice) -> Option<&Representation> {
        match choice {
            DiscoveryChoice::Aggregated(version, encoding) => {
                self.aggregated.iter().find(|(v, _)| *v == version).and_then(|(_, variants)| variants.get(encoding))
            }
            DiscoveryChoice::Legacy(encoding) => self.legacy.as_ref()?.get(encoding),
        }
    }

    /// True when the root has no document at all (the endpoint is then a 404).
    pub fn is_empty(&self) -> bool {
        self.aggregated.is_empty() && self.legacy.is_none()
    }
}

/// Every discovery document of a bundle.
#[derive(Debug, Default)]
pub(crate) struct Discovery {
    pub api: Root,
    pub apis: Root,
    /// `/api/<version>` by version.
    pub core_versions: BTreeMap<String, Variants>,
    /// `/apis/<group>` by group.
    pub groups: BTreeMap<String, Variants>,
    /// `/apis/<group>/<version>` by `group/version`.
    pub group_versions: BTreeMap<String, Variants>,
}

impl Discovery {
    /// Reads every `discovery/` file; all are optional, but each present one must be the document it names.
    /// Protobuf variants come from `codec`; one that cannot be encoded is left out, with a warning.
    pub fn build(
        files: &BTreeMap<String, Vec<u8>>,
        options: &LoadOptions,
        codec: Option<&Codec>,
        warnings: &mut Vec<String>,
    ) -> Result<Self, BundleError> {
        let mut encoder = Encoder { codec, warnings };
        let mut discovery = Self {
            api: root(files, "api", "APIVersions", options, &mut encoder)?,
            apis: root(files, "apis", "APIGroupList", options, &mut encoder)?,
            ..Self::default()
        };
        for (path, bytes) in files.range("discovery/".to_owned()..) {
            let Some(name) = path.strip_prefix("discovery/") else { break };
            let Some(stem) = name.strip_suffix(".json") else { continue };
            let parts: Vec<&str> = stem.split("__").collect();
            match parts.as_slice() {
                ["api", version] => {
                    let variants = legacy(path, bytes, "APIResourceList", &mut encoder)?;
                    discovery.core_versions.insert((*version).to_owned(), variants);
                }
                ["apis", group] => {
                    let variants = legacy(path, bytes, "APIGroup", &mut encoder)?;
                    discovery.groups.insert((*group).to_owned(), variants);
                }
                ["apis", group, version] => {
                    let variants = legacy(path, bytes, "APIResourceList", &mut encoder)?;
                    discovery.group_versions.insert(format!("{group}/{version}"), variants);
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

/// Which document a file holds, which decides its media types and protobuf message.
#[derive(Debug, Clone, Copy)]
enum Form<'a> {
    Aggregated(AggregatedVersion),
    /// A meta/v1 document of this kind.
    Legacy(&'a str),
}

impl Form<'_> {
    fn media_type(self, encoding: Encoding) -> String {
        let base = match encoding {
            Encoding::Json => "application/json",
            Encoding::Protobuf => PROTOBUF_MEDIA_TYPE,
        };
        match self {
            Self::Aggregated(version) => {
                format!("{base};g=apidiscovery.k8s.io;v={};as=APIGroupDiscoveryList", version.as_str())
            }
            Self::Legacy(_) => base.to_owned(),
        }
    }

    /// The generated protobuf message (full name) of the document.
    fn message(self) -> String {
        match self {
            Self::Aggregated(version) => format!("k8s.io.api.apidiscovery.{}.APIGroupDiscoveryList", version.as_str()),
            Self::Legacy(kind) => format!("{META_V1_PACKAGE}.{kind}"),
        }
    }
}

/// Builds every variant of a document, collecting the protobuf variants it could not offer.
struct Encoder<'a> {
    codec: Option<&'a Codec>,
    warnings: &'a mut Vec<String>,
}

impl Encoder<'_> {
    /// `body` (the JSON bytes served) and `value` (the same, parsed) in every encoding.
    fn variants(&mut self, path: &str, body: Vec<u8>, value: &Value, form: Form<'_>) -> Result<Variants, BundleError> {
        let represent = |body: Vec<u8>, encoding| {
            Representation::new(body, &form.media_type(encoding)).map_err(|e| BundleError::in_file(path, e))
        };
        let protobuf = match self.codec.map(|codec| codec.encode(&form.message(), value)) {
            Some(Ok(encoded)) => Some(represent(encoded, Encoding::Protobuf)?),
            Some(Err(reason)) => {
                self.warnings.push(format!("{path}: protobuf variant not offered: {reason}"));
                None
            }
            None => None,
        };
        Ok(Variants { json: represent(body, Encoding::Json)?, protobuf })
    }
}

/// `/api` (`which` = "api") or `/apis`: `discovery/<which>.json` and the aggregated files.
fn root(
    files: &BTreeMap<String, Vec<u8>>,
    which: &str,
    legacy_kind: &str,
    options: &LoadOptions,
    encoder: &mut Encoder<'_>,
) -> Result<Root, BundleError> {
    let mut out = Root::default();
    let prefix = if which == "api" { "aggregated_api" } else { "aggregated" };
    for version in [AggregatedVersion::V2, AggregatedVersion::V2beta1] {
        let path = format!("discovery/{prefix}_{}.json", version.as_str());
        let Some(bytes) = files.get(&path) else { continue };
        let value = parse_json(&path, bytes)?;
        check_kind(&path, &value, "APIGroupDiscoveryList")?;
        out.aggregated.push((version, encoder.variants(&path, bytes.clone(), &value, Form::Aggregated(version))?));
    }
    let path = format!("discovery/{which}.json");
    if let Some(bytes) = files.get(&path) {
        let mut value = parse_json(&path, bytes)?;
        check_kind(&path, &value, legacy_kind)?;
        let body = match (&options.server_address, which) {
            (Some(address), "api") if fill_server_address(&mut value, address) => pretty(&path, &value)?,
            _ => bytes.clone(),
        };
        out.legacy = Some(encoder.variants(&path, body, &value, Form::Legacy(legacy_kind))?);
    }
    Ok(out)
}

fn legacy(path: &str, bytes: &[u8], kind: &str, encoder: &mut Encoder<'_>) -> Result<Variants, BundleError> {
    let value = parse_json(path, bytes)?;
    check_kind(path, &value, kind)?;
    encoder.variants(path, bytes.to_vec(), &value, Form::Legacy(kind))
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
