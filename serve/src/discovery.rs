//! Discovery documents of a bundle (`discovery/*.json`), as the variants `/api`, `/apis` and the legacy
//! per-group and per-group-version endpoints serve: JSON as generated, and Kubernetes protobuf encoded from it
//! through the bundle's own generated definitions (`apidiscovery` v2/v2beta1 and `meta/v1` messages).

use std::collections::BTreeMap;

use axum::body::Bytes;
use serde_json::Value;

use crate::error::BundleError;
use crate::files::{Files, parse_json, same_bytes};
use crate::negotiate::{AggregatedVersion, DiscoveryChoice, Encoding};
use crate::options::LoadOptions;
use crate::protobuf::{Codec, ElementCache};
use crate::variants::Representation;

/// The media type of Kubernetes protobuf (magic prefix + `runtime.Unknown` envelope).
const PROTOBUF_MEDIA_TYPE: &str = "application/vnd.kubernetes.protobuf";
/// The protobuf package of the legacy discovery types (Go's `k8s.io/apimachinery/pkg/apis/meta/v1`).
const META_V1_PACKAGE: &str = "k8s.io.apimachinery.pkg.apis.meta.v1";

/// One discovery document in each encoding the bundle offers: JSON always, protobuf when the bundle has
/// protobuf definitions that fit it.
#[derive(Debug, Clone)]
pub(crate) struct Variants {
    json: Representation,
    protobuf: Option<Representation>,
    /// Why the protobuf variant is missing when it failed to encode (kept so a reuse reports it again).
    protobuf_warning: Option<String>,
    /// A group list's encoded elements, so the next encoding of a changed list encodes only the new elements.
    elements: Option<ElementCache>,
}

impl Variants {
    /// The document in `encoding`, if offered.
    pub fn get(&self, encoding: Encoding) -> Option<&Representation> {
        match encoding {
            Encoding::Json => Some(&self.json),
            Encoding::Protobuf => self.protobuf.as_ref(),
        }
    }

    /// True when the JSON document is `bytes` (discovery documents are always in memory).
    fn json_is(&self, bytes: &[u8]) -> bool {
        self.json.body().in_memory().is_some_and(|json| same_bytes(json, bytes))
    }

    /// Every representation, for the warm-up.
    pub fn representations(&self) -> impl Iterator<Item = &Representation> {
        std::iter::once(&self.json).chain(&self.protobuf)
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

    /// Every document's variants.
    pub fn variants(&self) -> impl Iterator<Item = &Variants> {
        self.aggregated.iter().map(|(_, variants)| variants).chain(&self.legacy)
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

/// Where a discovery file's variants go in [`Discovery`].
#[derive(Debug, Clone, PartialEq, Eq)]
enum Slot {
    /// `/api` (`api` true) or `/apis`, aggregated.
    Aggregated {
        api: bool,
        version: AggregatedVersion,
    },
    /// `/api` or `/apis`, legacy.
    RootLegacy {
        api: bool,
    },
    Core(String),
    Group(String),
    GroupVersion(String),
}

/// One discovery file to turn into variants, unless the previous bundle already did for the same bytes.
struct Job<'a> {
    path: &'a str,
    bytes: &'a Bytes,
    slot: Slot,
    form: Form<'static>,
}

impl Discovery {
    /// Reads every `discovery/` file; all are optional, but each present one must be the document it names.
    /// Protobuf variants come from `codec`; one that cannot be encoded is left out, with a warning.
    ///
    /// `previous` is the discovery of the bundle serving now, built with the same codec and options: its variants
    /// of every document whose bytes did not change are reused (adding one group to thousands then re-encodes that
    /// group's documents and the root lists, not every document). The others are encoded in parallel. Returns the
    /// paths encoded anew.
    pub fn build(
        files: &Files,
        options: &LoadOptions,
        codec: Option<&Codec>,
        previous: Option<&Self>,
        warnings: &mut Vec<String>,
    ) -> Result<(Self, Vec<String>), BundleError> {
        let mut discovery = Self::default();
        let mut jobs = Vec::new();
        for job in jobs_of(files) {
            match previous.and_then(|previous| previous.slot(&job.slot)).filter(|v| v.json_is(job.bytes)) {
                Some(unchanged) => {
                    warnings.extend(unchanged.protobuf_warning.iter().cloned());
                    discovery.put(job.slot, unchanged.clone());
                }
                None => jobs.push(job),
            }
        }
        // A changed aggregated list reuses the elements the serving one encoded.
        let elements = |job: &Job<'_>| previous.and_then(|previous| previous.slot(&job.slot)?.elements.clone());
        let built = crate::parallel::map_by_cost(
            &jobs,
            |job| job.bytes.len(),
            |job| encode(job, options, codec, elements(job).as_ref()),
        );
        let mut encoded = Vec::with_capacity(jobs.len());
        for (job, variants) in jobs.into_iter().zip(built) {
            let variants = variants?;
            warnings.extend(variants.protobuf_warning.iter().cloned());
            discovery.put(job.slot, variants);
            encoded.push(job.path.to_owned());
        }
        Ok((discovery, encoded))
    }

    /// True when the aggregated lists (which the `Group` objects are read from) are byte for byte the ones in
    /// `files`.
    pub fn aggregated_unchanged(&self, files: &Files) -> bool {
        let jobs = jobs_of(files);
        let aggregated: Vec<&Job<'_>> = jobs.iter().filter(|job| matches!(job.slot, Slot::Aggregated { .. })).collect();
        aggregated.len() == self.api.aggregated.len() + self.apis.aggregated.len()
            && aggregated.iter().all(|job| self.slot(&job.slot).is_some_and(|v| v.json_is(job.bytes)))
    }

    /// True when the bundle has no discovery document at all.
    pub fn is_empty(&self) -> bool {
        self.api.is_empty() && self.apis.is_empty() && self.groups.is_empty() && self.group_versions.is_empty()
    }

    /// The variants a slot holds, for reuse when its file's bytes are the same. `/api`'s legacy document is never
    /// reused: its body is the file with the server's address filled in, not the file.
    fn slot(&self, slot: &Slot) -> Option<&Variants> {
        match slot {
            Slot::Aggregated { api, version } => {
                let root = if *api { &self.api } else { &self.apis };
                root.aggregated.iter().find(|(v, _)| v == version).map(|(_, variants)| variants)
            }
            Slot::RootLegacy { api: true } => None,
            Slot::RootLegacy { api: false } => self.apis.legacy.as_ref(),
            Slot::Core(version) => self.core_versions.get(version),
            Slot::Group(group) => self.groups.get(group),
            Slot::GroupVersion(key) => self.group_versions.get(key),
        }
    }

    fn put(&mut self, slot: Slot, variants: Variants) {
        match slot {
            Slot::Aggregated { api, version } => {
                let root = if api { &mut self.api } else { &mut self.apis };
                root.aggregated.push((version, variants));
            }
            Slot::RootLegacy { api } => (if api { &mut self.api } else { &mut self.apis }).legacy = Some(variants),
            Slot::Core(version) => drop(self.core_versions.insert(version, variants)),
            Slot::Group(group) => drop(self.groups.insert(group, variants)),
            Slot::GroupVersion(key) => drop(self.group_versions.insert(key, variants)),
        }
    }
}

/// Every discovery file the bundle has, with where it goes and which document it must be.
fn jobs_of(files: &Files) -> Vec<Job<'_>> {
    let mut jobs = Vec::new();
    for (path, bytes) in files.range("discovery/".to_owned()..) {
        let Some(name) = path.strip_prefix("discovery/") else { break };
        let Some(stem) = name.strip_suffix(".json") else { continue };
        let aggregated = |api: bool, version: &str| {
            let version =
                [AggregatedVersion::V2, AggregatedVersion::V2beta1].into_iter().find(|v| v.as_str() == version)?;
            Some((Slot::Aggregated { api, version }, Form::Aggregated(version)))
        };
        let placed = match stem.split("__").collect::<Vec<_>>().as_slice() {
            ["api"] => Some((Slot::RootLegacy { api: true }, Form::Legacy("APIVersions"))),
            ["apis"] => Some((Slot::RootLegacy { api: false }, Form::Legacy("APIGroupList"))),
            ["api", version] => Some((Slot::Core((*version).to_owned()), Form::Legacy("APIResourceList"))),
            ["apis", group] => Some((Slot::Group((*group).to_owned()), Form::Legacy("APIGroup"))),
            ["apis", group, version] => {
                Some((Slot::GroupVersion(format!("{group}/{version}")), Form::Legacy("APIResourceList")))
            }
            [single] => match (single.strip_prefix("aggregated_api_"), single.strip_prefix("aggregated_")) {
                (Some(version), _) => aggregated(true, version),
                (None, Some(version)) => aggregated(false, version),
                (None, None) => None,
            },
            _ => None,
        };
        if let Some((slot, form)) = placed {
            jobs.push(Job { path, bytes, slot, form });
        }
    }
    jobs
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

    /// The field holding one element per group (thousands with many CRDs), encoded element by element so a
    /// reload re-encodes only the elements that changed.
    fn long_list(self) -> Option<&'static str> {
        match self {
            Self::Aggregated(_) => Some("items"),
            Self::Legacy("APIGroupList") => Some("groups"),
            Self::Legacy(_) => None,
        }
    }

    /// The `kind` the document must state, if it states one.
    fn kind(self) -> &'static str {
        match self {
            Self::Aggregated(_) => "APIGroupDiscoveryList",
            Self::Legacy("APIVersions") => "APIVersions",
            Self::Legacy("APIGroupList") => "APIGroupList",
            Self::Legacy("APIGroup") => "APIGroup",
            Self::Legacy(_) => "APIResourceList",
        }
    }
}

/// Checks a discovery file and builds its variants: the JSON as served (for `/api`, with the server's address
/// filled in when the file leaves it to the server) and its protobuf encoding.
fn encode(
    job: &Job<'_>,
    options: &LoadOptions,
    codec: Option<&Codec>,
    elements: Option<&ElementCache>,
) -> Result<Variants, BundleError> {
    let path = job.path;
    let mut value = parse_json(path, job.bytes)?;
    check_kind(path, &value, job.form.kind())?;
    let body = match (&options.server_address, &job.slot) {
        (Some(address), Slot::RootLegacy { api: true }) if fill_server_address(&mut value, address) => {
            Bytes::from(pretty(path, &value)?)
        }
        _ => job.bytes.clone(),
    };
    let represent = |body: Bytes, encoding| {
        Representation::new(body, &job.form.media_type(encoding)).map_err(|e| BundleError::in_file(path, e))
    };
    let encoded = codec.map(|codec| match job.form.long_list() {
        Some(list) => codec.encode_reusing(&job.form.message(), &value, list, elements),
        None => codec.encode(&job.form.message(), &value).map(|bytes| (bytes, None)),
    });
    let (protobuf, protobuf_warning, elements) = match encoded {
        Some(Ok((bytes, elements))) => (Some(represent(Bytes::from(bytes), Encoding::Protobuf)?), None, elements),
        Some(Err(reason)) => (None, Some(format!("{path}: protobuf variant not offered: {reason}")), None),
        None => (None, None, None),
    };
    Ok(Variants { json: represent(body, Encoding::Json)?, protobuf, protobuf_warning, elements })
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
