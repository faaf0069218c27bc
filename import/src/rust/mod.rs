//! The imported model as annotated Rust types: a module per namespace (group-version), a struct per definition,
//! the resource attributes on each kind, and a `registry()` that builds the same model again.

mod context;
mod doc;
mod field;
mod item;
mod keywords;
mod lift;
mod names;
mod resource;
mod wrapper;

use std::collections::{BTreeMap, BTreeSet};

use kapi_model::{DefName, SchemaNode};

use crate::Imported;
use context::{Context, Location, TypeEntry, TypeIndex, Zero};
use item::Naming;
use names::{identifier, string_literal};

/// The Rust source of an imported API.
#[derive(Debug, Default)]
pub struct RustSource {
    /// `src/...` path to text.
    pub files: BTreeMap<String, String>,
    /// Definitions whose schema is held verbatim (no attributes could spell it).
    pub verbatim: Vec<DefName>,
    /// Fields whose schema is held verbatim, as `Type.field`.
    pub verbatim_fields: usize,
}

/// Renders `imported` as a crate's `src/`.
pub fn render(imported: &Imported) -> Result<RustSource, String> {
    let modules = module_names(imported.definitions.keys());
    let lifted = lift::lift(&imported.definitions, item::is_struct);
    let mut types = provided_types();
    for (name, entry) in &lifted {
        let module = modules[&namespace(name)].clone();
        let zero = if item::is_struct(&entry.definition) { Zero::EmptyObject } else { Zero::None };
        let properties = entry.definition.schema.keywords().properties.keys().cloned().collect();
        types.insert(
            name.clone(),
            TypeEntry { location: Location::Imported { module, name: entry.ident.clone() }, zero, properties },
        );
    }
    let inline: BTreeMap<DefName, SchemaNode> = lifted
        .iter()
        .filter(|(_, entry)| entry.inline)
        .map(|(name, entry)| (name.clone(), entry.definition.schema.clone()))
        .collect();
    let resources: BTreeMap<&DefName, &kapi_model::ResourceMeta> =
        imported.resources.iter().map(|resource| (&resource.definition, resource)).collect();
    let mut source = RustSource::default();
    let mut by_module: BTreeMap<&str, Vec<&DefName>> = BTreeMap::new();
    for name in lifted.keys() {
        by_module.entry(modules[&namespace(name)].as_str()).or_default().push(name);
    }
    for (module, names) in &by_module {
        let kubernetes_module = names.iter().all(|name| lifted[*name].definition.kubernetes);
        let cx = Context { module, kubernetes: kubernetes_module, types: &types, inline: &inline };
        let mut items = Vec::new();
        let mut register = Vec::new();
        for name in names {
            let entry = &lifted[*name];
            let (definition, ident) = (&entry.definition, entry.ident.clone());
            let naming = if entry.inline { Naming::Inline } else { naming(name, &ident) };
            let resource = resources.get(name).copied();
            let rendered = item::item(&cx, name, definition, &ident, &naming, resource)?;
            if rendered.verbatim {
                source.verbatim.push((*name).clone());
            }
            source.verbatim_fields += rendered.verbatim_fields;
            items.push(rendered.text);
            register.extend(match (resource, entry.inline) {
                (Some(_), _) => Some(format!("    registry.register_resource::<{ident}>();\n")),
                (None, false) => Some(format!("    registry.register::<{ident}>();\n")),
                // An inline type has no definition to register.
                (None, true) => None,
            });
        }
        let namespace_name = namespace(names[0]);
        let count = names.iter().filter(|name| !lifted[**name].inline).count();
        let mut text = format!("//! `{namespace_name}`: {count} definitions imported by `kapi import`.\n\n");
        for item in items {
            text.push_str(&item);
            text.push('\n');
        }
        text.push_str(
            "/// Adds this module's kinds and types to `registry`.\npub fn register(registry: &mut kapi::Registry) {\n",
        );
        for line in register {
            text.push_str(&line);
        }
        text.push_str("}\n");
        source.files.insert(format!("src/{module}.rs"), text);
    }
    source.files.insert("src/lib.rs".into(), lib_rs(imported, &by_module, &types));
    Ok(source)
}

fn lib_rs(imported: &Imported, modules: &BTreeMap<&str, Vec<&DefName>>, types: &TypeIndex) -> String {
    let mut text = String::from(
        "//! An API imported by `kapi import`: a module per group-version, and the registry `build.rs` generates\n\
         //! `generated/` from.\n\n",
    );
    for module in modules.keys() {
        text.push_str(&format!("pub mod {module};\n"));
    }
    text.push_str(
        "\n/// kapi-meta's types and every imported kind and type.\npub fn registry() -> kapi::Registry {\n    \
         let mut registry = kapi::Registry::new();\n    kapi_meta::register(&mut registry);\n    \
         register(&mut registry);\n    registry\n}\n\n",
    );
    text.push_str(
        "/// Adds the imported kinds and types to `registry`: Kubernetes' own packages are published with Kubernetes'\n\
         /// conventions, and the group-versions the imported server knows are known here too.\n\
         pub fn register(registry: &mut kapi::Registry) {\n",
    );
    let packages = crate::kubernetes_packages(imported);
    if !packages.is_empty() {
        text.push_str("    for package in [\n");
        for package in packages {
            text.push_str(&format!("        {},\n", string_literal(&package)));
        }
        text.push_str("    ] {\n        registry.set_package_conventions(package, kapi::model::Conventions::Kubernetes);\n    }\n");
    }
    if !imported.known_group_versions.is_empty() {
        text.push_str("    for (group, version) in [\n");
        for group_version in &imported.known_group_versions {
            text.push_str(&format!(
                "        ({}, {}),\n",
                string_literal(&group_version.group),
                string_literal(&group_version.version)
            ));
        }
        text.push_str(
            "    ] {\n        registry.add_known_group_version(kapi::model::GroupVersion::new(group, version));\n    }\n",
        );
    }
    for resource in &imported.resources {
        if let Some(TypeEntry { location: Location::Provided(path), .. }) = types.get(&resource.definition) {
            text.push_str(&format!("    registry.register_resource::<{path}>();\n"));
        }
    }
    for module in modules.keys() {
        text.push_str(&format!("    {module}::register(registry);\n"));
    }
    text.push_str("}\n");
    text
}

/// How a definition is named: by package when the derive's naming gives its name back.
fn naming(name: &DefName, ident: &str) -> Naming {
    match crate::package_of_namespace(&namespace(name)) {
        Some(package) if ident == short(name) => Naming::Package(package),
        _ => Naming::Definition(name.as_str().to_owned()),
    }
}

/// The types kapi-meta provides, by definition name: their Rust paths and zero values.
fn provided_types() -> TypeIndex {
    let registry = crate::provided_registry();
    registry
        .definitions()
        .iter()
        .filter_map(|(name, definition)| {
            let path = public_path(definition.defined_by()?.trim_matches('`'));
            let is_struct = !definition.schema.keywords().properties.is_empty() || name.as_str().ends_with(".Patch");
            let zero = if is_struct && matches!(definition.schema, SchemaNode::Inline(_)) {
                Zero::EmptyObject
            } else {
                Zero::None
            };
            let properties = definition.schema.keywords().properties.keys().cloned().collect();
            Some((name.clone(), TypeEntry { location: Location::Provided(path), zero, properties }))
        })
        .collect()
}

/// The path users name a kapi-meta type by: its versioned modules re-export what their private modules define
/// (`kapi_meta::meta::v1::object_meta::ObjectMeta` is `kapi_meta::meta::v1::ObjectMeta`).
fn public_path(defined_at: &str) -> String {
    let segments: Vec<&str> = defined_at.split("::").collect();
    match segments.as_slice() {
        ["kapi_meta", group @ ("meta" | "apiextensions"), "v1", _private, name] => {
            format!("kapi_meta::{group}::v1::{name}")
        }
        _ => defined_at.to_owned(),
    }
}

/// A definition's namespace: its name up to the last dot.
pub(crate) fn namespace(name: &DefName) -> String {
    name.as_str().rsplit_once('.').map_or("", |(namespace, _)| namespace).to_owned()
}

fn short(name: &DefName) -> &str {
    name.as_str().rsplit('.').next().unwrap_or(name.as_str())
}

/// A module name per namespace: its last two segments (`apps_v1`), more where two namespaces would share one.
fn module_names<'a>(names: impl Iterator<Item = &'a DefName>) -> BTreeMap<String, String> {
    let namespaces: BTreeSet<String> = names.map(namespace).collect();
    let mut modules = BTreeMap::new();
    for namespace in &namespaces {
        let segments: Vec<&str> = namespace.split('.').collect();
        let mut take = 2.min(segments.len());
        loop {
            let candidate = identifier(&segments[segments.len() - take..].join("_").replace('-', "_"));
            let clash = namespaces.iter().any(|other| {
                other != namespace && {
                    let other_segments: Vec<&str> = other.split('.').collect();
                    other_segments.len() >= take
                        && identifier(&other_segments[other_segments.len() - take..].join("_").replace('-', "_"))
                            == candidate
                }
            });
            if !clash || take == segments.len() {
                modules.insert(namespace.clone(), candidate);
                break;
            }
            take += 1;
        }
    }
    modules
}
