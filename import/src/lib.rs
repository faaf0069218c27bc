//! `kapi import`: OpenAPI v3 documents, swagger 2.0 documents and CustomResourceDefinitions read into a kapi model,
//! and that model written as annotated Rust types.
//!
//! Reading is lossless or fails: every keyword of every schema must fit the model, and every resource the paths
//! serve must be one kapi can describe. Definitions kapi already provides (meta/v1, int-or-string, quantities, the
//! runtime's and discovery's types) are used from kapi-meta rather than imported again.

mod case;
mod conventions;
mod crd;
pub mod document;
mod openapi;
mod operation;
mod resources;
pub mod rust;
pub mod schema;

use std::collections::{BTreeMap, BTreeSet};

use kapi_model::{Conventions, DefName, GroupVersion, GroupVersionKind, Registry, ResourceMeta, SchemaNode};

pub use document::Document;

/// What the inputs describe, ready to be generated from or written as Rust.
#[derive(Debug, Default)]
pub struct Imported {
    /// Definitions by name, kapi-meta's left out.
    pub definitions: BTreeMap<DefName, ImportedDefinition>,
    /// Where each definition came from (the first input that held it).
    pub origins: BTreeMap<DefName, String>,
    pub resources: Vec<ResourceMeta>,
    /// The group-versions the inputs' server knows (those its DeleteOptions is registered in), served or not.
    pub known_group_versions: BTreeSet<GroupVersion>,
    /// Things worth telling the user: guesses made where the inputs say nothing.
    pub notes: Vec<String>,
    /// The definitions read from CRDs, which the API server publishes as written.
    from_crds: BTreeSet<DefName>,
}

/// One imported definition: its schema, and the group-version-kinds it is registered as.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedDefinition {
    /// The schema, with Kubernetes' zero-value defaults held as zero values for its own definitions.
    pub schema: SchemaNode,
    /// `x-kubernetes-group-version-kind`, which the generator writes from the registry.
    pub kinds: Vec<GroupVersionKind>,
    /// Published with Kubernetes' conventions (see `Imported::settle_conventions`).
    pub kubernetes: bool,
}

impl ImportedDefinition {
    fn new(mut schema: SchemaNode) -> Self {
        let kinds = std::mem::take(&mut schema.keywords_mut().kubernetes.group_version_kind);
        Self { schema, kinds, kubernetes: false }
    }
}

/// A definition's namespace: its name up to the last dot.
fn namespace_of(name: &DefName) -> String {
    name.as_str().rsplit_once('.').map_or("", |(namespace, _)| namespace).to_owned()
}

/// The definition every group-version of a Kubernetes server registers: its kinds list them all.
const DELETE_OPTIONS: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions";

/// The names of the definitions kapi-meta provides.
pub fn provided_by_kapi() -> BTreeSet<DefName> {
    provided_registry().definitions().keys().cloned().collect()
}

/// A registry holding every type kapi-meta provides: what `kapi_meta::register` adds, and the types users refer to
/// (label selectors, conditions, int-or-string, quantities) and kinds kapi serves itself.
pub(crate) fn provided_registry() -> Registry {
    let mut registry = Registry::new();
    register_provided(&mut registry);
    registry
}

/// Adds kapi-meta's types to `registry` (definitions only: which of its kinds are served is the import's to say).
fn register_provided(registry: &mut Registry) {
    use kapi_meta::{apiextensions, autoscaling, coordination, discovery, intstr, meta, quantity};
    kapi_meta::register(registry);
    registry
        .register::<meta::v1::LabelSelector>()
        .register::<meta::v1::Condition>()
        .register::<meta::v1::MicroTime>()
        .register::<meta::v1::FieldSelectorRequirement>()
        .register::<intstr::IntOrString>()
        .register::<quantity::Quantity>()
        .register::<autoscaling::v1::Scale>()
        .register::<coordination::v1::Lease>()
        .register::<coordination::v1::LeaseList>()
        .register::<apiextensions::v1::CustomResourceDefinition>()
        .register::<apiextensions::v1::CustomResourceDefinitionList>()
        .register::<discovery::v1alpha1::Group>()
        .register::<discovery::v1alpha1::GroupList>();
}

/// `k8s.io/api/apps/v1` for the namespace `io.k8s.api.apps.v1`: the Go-style package the derive names
/// `io.k8s.api.apps.v1.<Type>` after. Only for Kubernetes' namespace, where the mapping is known to round-trip.
pub fn package_of_namespace(namespace: &str) -> Option<String> {
    let rest = namespace.strip_prefix("io.k8s.")?;
    Some(format!("k8s.io/{}", rest.replace('.', "/")))
}

/// The packages (or, for names outside Kubernetes' namespace, namespaces) of imported Kubernetes definitions.
pub(crate) fn kubernetes_packages(imported: &Imported) -> BTreeSet<String> {
    imported
        .kubernetes_namespaces()
        .into_iter()
        .map(|namespace| package_of_namespace(&namespace).unwrap_or(namespace))
        .collect()
}

/// Reads every input (origin, text) into one model.
pub fn import(inputs: &[(String, String)]) -> Result<Imported, String> {
    let provided_registry = provided_registry();
    let provided: BTreeSet<DefName> = provided_registry.definitions().keys().cloned().collect();
    let type_meta = provided_registry.definition(&crd::type_meta_name()).map(|d| &d.schema);
    let mut imported = Imported::default();
    for (origin, text) in inputs {
        match document::read(origin, text)? {
            Document::OpenApiV3(value) => add_openapi(&mut imported, &provided, origin, &value, true)?,
            Document::Swagger(value) => add_openapi(&mut imported, &provided, origin, &value, false)?,
            Document::Crds(crds) => {
                for value in crds {
                    let read = crd::read_crd(origin, &value, type_meta)?;
                    imported.from_crds.extend(read.definitions.iter().map(|(name, _)| name.clone()));
                    add(&mut imported, &provided, origin, read.definitions, read.resources)?;
                    imported.notes.extend(read.notes);
                }
            }
        }
    }
    imported.settle_conventions();
    imported.resources.sort_by(|a, b| (&a.group_version, &a.plural).cmp(&(&b.group_version, &b.plural)));
    Ok(imported)
}

fn add_openapi(
    imported: &mut Imported,
    provided: &BTreeSet<DefName>,
    origin: &str,
    document: &serde_json::Value,
    v3: bool,
) -> Result<(), String> {
    let read = openapi::read_document(origin, document, v3)?;
    let kinds = openapi::kinds(&read.definitions);
    if let Some(SchemaNode::Inline(options)) = read.definitions.get(&DefName::new(DELETE_OPTIONS)) {
        let known = options.kubernetes.group_version_kind.iter();
        imported.known_group_versions.extend(known.map(|k| GroupVersion::new(k.group.clone(), k.version.clone())));
    }
    let served = resources::infer(&read.operations, &kinds).map_err(|e| format!("{origin}: {e}"))?;
    let own: Vec<(DefName, SchemaNode)> = read.definitions.into_iter().chain(served.options).collect();
    add(imported, provided, origin, own, served.resources)
}

/// Adds definitions (kapi-meta's left out) and resources read from `origin`.
fn add(
    imported: &mut Imported,
    provided: &BTreeSet<DefName>,
    origin: &str,
    definitions: Vec<(DefName, SchemaNode)>,
    resources: Vec<ResourceMeta>,
) -> Result<(), String> {
    for (name, schema) in definitions.into_iter().filter(|(name, _)| !provided.contains(name)) {
        let definition = ImportedDefinition::new(schema);
        match imported.definitions.get(&name) {
            Some(existing) if *existing == definition => {}
            Some(_) => {
                return Err(format!(
                    "{origin}: definition `{name}` differs from the one in {}",
                    imported.origins.get(&name).map_or("another input", String::as_str)
                ));
            }
            None => {
                imported.origins.insert(name.clone(), origin.to_owned());
                imported.definitions.insert(name, definition);
            }
        }
    }
    for resource in resources {
        if imported.resources.iter().any(|r| r.group_version == resource.group_version && r.plural == resource.plural) {
            return Err(format!(
                "{origin}: `{}` in {} is imported twice",
                resource.plural,
                resource.group_version.api_version()
            ));
        }
        imported.resources.push(resource);
    }
    Ok(())
}

impl Imported {
    /// Chooses Kubernetes' conventions for the namespaces of Kubernetes' own types: in Kubernetes' namespace
    /// (`io.k8s.*`), read from a server's documents rather than from CRDs, and holding nothing the conventions would
    /// drop (upstream's documents have no `enum`; a kube-apiserver publishing a custom resource in `io.k8s.*` keeps
    /// its enums). Their Go zero-value defaults become zero values, which the conventions write back as defaults.
    fn settle_conventions(&mut self) {
        let mut by_namespace: BTreeMap<String, Vec<DefName>> = BTreeMap::new();
        for name in self.definitions.keys() {
            by_namespace.entry(namespace_of(name)).or_default().push(name.clone());
        }
        for (namespace, names) in by_namespace {
            let kubernetes = conventions::is_kubernetes(&format!("{namespace}."))
                && names.iter().all(|name| !self.from_crds.contains(name))
                && names.iter().all(|name| !conventions::has_enum(&self.definitions[name].schema));
            if !kubernetes {
                continue;
            }
            for name in names {
                if let Some(definition) = self.definitions.get_mut(&name) {
                    conventions::zero_defaults_as_zero_values(&mut definition.schema);
                    definition.kubernetes = true;
                }
            }
        }
    }

    /// A registry holding kapi-meta's definitions and the imported ones and resources, published losslessly.
    pub fn registry(&self) -> Result<Registry, String> {
        let definitions: serde_json::Map<String, serde_json::Value> = self
            .definitions
            .iter()
            .map(|(name, definition)| {
                let package = name.as_str().rsplit_once('.').and_then(|(namespace, _)| package_of_namespace(namespace));
                let info =
                    kapi_model::DefinitionInfo { kinds: definition.kinds.clone(), package, ..Default::default() };
                (name.as_str().to_owned(), serde_json::json!({"schema": definition.schema, "info": info}))
            })
            .collect();
        let model = serde_json::json!({"definitions": definitions, "resources": self.resources});
        let mut registry: Registry = serde_json::from_value(model).map_err(|e| format!("the imported model: {e}"))?;
        register_provided(&mut registry);
        for group_version in &self.known_group_versions {
            registry.add_known_group_version(group_version.clone());
        }
        for package in kubernetes_packages(self) {
            registry.set_package_conventions(&package, Conventions::Kubernetes);
        }
        Ok(registry)
    }

    /// The namespaces (definition names up to the last dot) of the imported definitions published with
    /// Kubernetes' conventions, and of Kubernetes kinds served from kapi-meta's types (coordination/v1 `Lease`).
    pub fn kubernetes_namespaces(&self) -> BTreeSet<String> {
        let imported = self.definitions.iter().filter(|(_, definition)| definition.kubernetes).map(|(name, _)| name);
        let provided_kinds = self
            .resources
            .iter()
            .map(|resource| &resource.definition)
            .filter(|name| !self.definitions.contains_key(*name) && conventions::is_kubernetes(name.as_str()));
        imported.chain(provided_kinds).map(namespace_of).collect()
    }
}
