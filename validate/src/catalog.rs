//! The schemas of a bundle, by group, version and kind: from its OpenAPI v3 documents (component schemas tagged
//! with `x-kubernetes-group-version-kind`) and its CRDs (`crds/*.json`), a CRD winning over OpenAPI for a kind
//! both describe.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::sync::Arc;

use serde_json::{Map, Value, json};

use crate::inline::inline;

/// A group, version and kind; the core group is the empty string.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Gvk {
    /// The API group (`apps`, `stable.example.com`, `` for core).
    pub group: String,
    /// The version (`v1`).
    pub version: String,
    /// The kind (`Deployment`).
    pub kind: String,
}

impl Gvk {
    /// The group-version-kind of an `apiVersion` (`apps/v1`, or `v1` for core) and a kind.
    pub fn from_api_version(api_version: &str, kind: &str) -> Gvk {
        let (group, version) = api_version.split_once('/').unwrap_or(("", api_version));
        Gvk { group: group.to_owned(), version: version.to_owned(), kind: kind.to_owned() }
    }

    /// `apps/v1`, or `v1` for the core group.
    pub fn api_version(&self) -> String {
        if self.group.is_empty() { self.version.clone() } else { format!("{}/{}", self.group, self.version) }
    }
}

/// Where a kind's schema comes from.
#[derive(Debug, Clone)]
enum Source {
    /// A component schema of an OpenAPI document.
    OpenApi { components: Arc<Map<String, Value>>, name: String },
    /// A CRD version's `openAPIV3Schema`, complete in itself.
    Crd(Arc<Value>),
}

/// Every kind a bundle describes, with its schema.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    kinds: BTreeMap<Gvk, Source>,
    /// `ObjectMeta`, when any OpenAPI document has it: the schema of a custom resource's `metadata`.
    object_meta: Option<Value>,
    /// The custom kinds whose version serves a `status` subresource.
    status_subresource: std::collections::BTreeSet<Gvk>,
}

/// Why a bundle could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogError(String);

impl fmt::Display for CatalogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CatalogError {}

const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

impl Catalog {
    /// Reads a bundle directory (as `kapi generate` writes it): `openapi/v3/**` and `crds/*.json`.
    pub fn from_dir(dir: &Path) -> Result<Catalog, CatalogError> {
        let mut files = BTreeMap::new();
        for sub in ["openapi/v3", "crds"] {
            read_tree(dir, &dir.join(sub), &mut files)?;
        }
        if files.is_empty() {
            return Err(CatalogError(format!("{} has no openapi/v3 documents and no crds", dir.display())));
        }
        Catalog::from_files(&files)
    }

    /// Builds the catalog from bundle-relative paths and their bytes; other files are ignored.
    pub fn from_files<B: AsRef<[u8]>>(files: &BTreeMap<String, B>) -> Result<Catalog, CatalogError> {
        let mut catalog = Catalog::default();
        for (path, bytes) in files {
            let is_openapi = path.starts_with("openapi/v3/api") && path.ends_with(".json");
            if is_openapi {
                catalog.add_openapi(&parse(path, bytes.as_ref())?);
            }
        }
        for (path, bytes) in files {
            if path.starts_with("crds/") && path.ends_with(".json") {
                catalog.add_crd(path, &parse(path, bytes.as_ref())?)?;
            }
        }
        Ok(catalog)
    }

    fn add_openapi(&mut self, document: &Value) {
        let Some(components) = document.pointer("/components/schemas").and_then(Value::as_object) else { return };
        let components = Arc::new(components.clone());
        if self.object_meta.is_none() && components.contains_key(OBJECT_META) {
            self.object_meta =
                Some(inline(&json!({"$ref": format!("#/components/schemas/{OBJECT_META}")}), &components));
        }
        for (name, schema) in components.iter() {
            for gvk in schema.get("x-kubernetes-group-version-kind").and_then(Value::as_array).into_iter().flatten() {
                let text = |key: &str| gvk.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
                let key = Gvk { group: text("group"), version: text("version"), kind: text("kind") };
                // A kind (WatchEvent, DeleteOptions) listed in many documents keeps the first schema found.
                self.kinds
                    .entry(key)
                    .or_insert_with(|| Source::OpenApi { components: Arc::clone(&components), name: name.clone() });
            }
        }
    }

    fn add_crd(&mut self, path: &str, crd: &Value) -> Result<(), CatalogError> {
        let text = |pointer: &str| crd.pointer(pointer).and_then(Value::as_str);
        let (Some(group), Some(kind)) = (text("/spec/group"), text("/spec/names/kind")) else {
            return Err(CatalogError(format!(
                "{path}: not a CustomResourceDefinition (no spec.group or spec.names.kind)"
            )));
        };
        for version in crd.pointer("/spec/versions").and_then(Value::as_array).into_iter().flatten() {
            let (Some(name), Some(schema)) =
                (version.get("name").and_then(Value::as_str), version.pointer("/schema/openAPIV3Schema"))
            else {
                continue;
            };
            let gvk = Gvk { group: group.to_owned(), version: name.to_owned(), kind: kind.to_owned() };
            if version.pointer("/subresources/status").is_some() {
                self.status_subresource.insert(gvk.clone());
            } else {
                self.status_subresource.remove(&gvk);
            }
            self.kinds.insert(gvk, Source::Crd(Arc::new(schema.clone())));
        }
        Ok(())
    }

    /// Adds the CustomResourceDefinitions among `manifests` (objects as read from YAML or JSON files), skipping
    /// every other object; returns how many were added. A CRD added here wins over a kind the catalog has.
    pub fn add_crd_manifests<'v>(
        &mut self,
        source: &str,
        manifests: impl IntoIterator<Item = &'v Value>,
    ) -> Result<usize, CatalogError> {
        let mut added = 0;
        for manifest in manifests {
            let is_crd = manifest.get("kind").and_then(Value::as_str) == Some("CustomResourceDefinition")
                && manifest
                    .get("apiVersion")
                    .and_then(Value::as_str)
                    .is_some_and(|v| v.starts_with("apiextensions.k8s.io/"));
            if is_crd {
                self.add_crd(source, manifest)?;
                added += 1;
            }
        }
        Ok(added)
    }

    /// The schema of a kind, references inlined; `None` for a kind the bundle does not describe.
    pub fn schema(&self, gvk: &Gvk) -> Option<Value> {
        match self.kinds.get(gvk)? {
            Source::OpenApi { components, name } => {
                Some(inline(&json!({"$ref": format!("#/components/schemas/{name}")}), components))
            }
            Source::Crd(schema) => Some(self.with_resource_fields((**schema).clone())),
        }
    }

    /// Whether the kind is a custom resource with a `status` subresource: the server drops the status a create
    /// or an update of the object sends (only the subresource writes it), so it is not validated.
    pub fn ignores_status(&self, gvk: &Gvk) -> bool {
        self.status_subresource.contains(gvk)
    }

    /// Whether the kind's schema comes from a CRD.
    pub fn is_custom(&self, gvk: &Gvk) -> bool {
        matches!(self.kinds.get(gvk), Some(Source::Crd(_)))
    }

    /// The kinds described in one API version, for messages about unknown kinds.
    pub fn kinds_of(&self, api_version: &str) -> Vec<&str> {
        let probe = Gvk::from_api_version(api_version, "");
        let same_version = |gvk: &&Gvk| gvk.group == probe.group && gvk.version == probe.version;
        self.kinds.keys().filter(same_version).map(|gvk| gvk.kind.as_str()).collect()
    }

    /// Every API version the catalog knows.
    pub fn api_versions(&self) -> Vec<String> {
        let mut versions: Vec<String> = self.kinds.keys().map(Gvk::api_version).collect();
        versions.dedup();
        versions
    }

    /// How many kinds the catalog knows.
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    /// Whether the catalog knows no kind.
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// A custom resource's schema with `apiVersion`, `kind` and `metadata` declared as every object has them
    /// (CRD schemas may leave them out; the API server validates metadata itself).
    fn with_resource_fields(&self, mut schema: Value) -> Value {
        let metadata = self.object_meta.clone().unwrap_or_else(|| json!({"type": "object"}));
        if let Some(fields) = schema.as_object_mut() {
            let properties = fields.entry("properties").or_insert_with(|| json!({}));
            if let Some(properties) = properties.as_object_mut() {
                properties.entry("apiVersion").or_insert_with(|| json!({"type": "string"}));
                properties.entry("kind").or_insert_with(|| json!({"type": "string"}));
                // The CRD's own metadata schema may only narrow name fields: ObjectMeta decides what is allowed.
                let declared = properties.remove("metadata");
                properties.insert("metadata".to_owned(), merge_metadata(metadata, declared));
            }
        }
        schema
    }
}

/// `ObjectMeta` with the CRD's own `metadata` keywords (e.g. name patterns) on its `name` and `generateName`.
fn merge_metadata(mut object_meta: Value, declared: Option<Value>) -> Value {
    for field in ["name", "generateName"] {
        if let Some(Value::Object(extra)) = declared.as_ref().and_then(|d| d.pointer(&format!("/properties/{field}")))
            && let Some(Value::Object(target)) = object_meta.pointer_mut(&format!("/properties/{field}"))
        {
            target.extend(extra.clone());
        }
    }
    object_meta
}

fn parse(path: &str, bytes: &[u8]) -> Result<Value, CatalogError> {
    serde_json::from_slice(bytes).map_err(|e| CatalogError(format!("{path} is not JSON: {e}")))
}

/// Every file under `path`, keyed by its `/`-separated path relative to `root`; a missing directory adds nothing.
fn read_tree(root: &Path, path: &Path, files: &mut BTreeMap<String, Vec<u8>>) -> Result<(), CatalogError> {
    if path.is_dir() {
        let entries =
            std::fs::read_dir(path).map_err(|e| CatalogError(format!("cannot read {}: {e}", path.display())))?;
        for entry in entries.flatten() {
            if !entry.file_name().to_string_lossy().starts_with('.') {
                read_tree(root, &entry.path(), files)?;
            }
        }
    } else if path.is_file() {
        let bytes = std::fs::read(path).map_err(|e| CatalogError(format!("cannot read {}: {e}", path.display())))?;
        let relative = path.strip_prefix(root).unwrap_or(path);
        let key = relative.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
        files.insert(key, bytes);
    }
    Ok(())
}
