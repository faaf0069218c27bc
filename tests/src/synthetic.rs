//! A synthetic corpus for scale work: any number of custom groups with realistic kinds, as a model file.
//!
//! Each group's kinds are copies of the example group's CronTab (`stable.example.com`): a spec with nested types,
//! enums, defaults, bounds, a list-map, CEL rules at the type and field level, an IntOrString and a Quantity, a
//! status, the status and scale subresources, printer columns and selectable fields. Every fourth group also serves
//! the older `v1beta1` (deprecated, not stored), so multi-version groups are part of the mix. Copies are renamed
//! throughout (definition names, packages, group, kind, plural, short name), so every group is independent, as
//! separately installed CRDs are. This is a bench tool: the output is deterministic for a given size, and nothing
//! in the product depends on it.

use kapi_codegen::Options;
use kapi_model::Registry;
use serde_json::{Map, Value, json};

/// What the synthetic groups are added to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Base {
    /// The whole corpus: the Kubernetes groups and the example groups, as on a real cluster with CRDs installed.
    Corpus,
    /// Kubernetes' scheme without its resources (what every server speaks, the shared kinds) plus the kinds the
    /// copies refer to (autoscaling/v1 Scale, IntOrString, Quantity): the synthetic groups alone, as CRDs on a
    /// server whose scheme is Kubernetes'. (A model that declares no scheme registers the shared kinds in every
    /// served group-version, so there adding a group changes every document's shared definitions.)
    Minimal,
}

/// The size of a synthetic corpus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// How many custom groups.
    pub groups: usize,
    /// How many kinds (CRDs) each group has.
    pub kinds_per_group: usize,
}

/// Kind names the copies take in turn; a group's index keeps names unique across groups.
const KIND_NAMES: [&str; 8] = ["Widget", "Gadget", "Sprocket", "Gizmo", "Bracket", "Lever", "Pulley", "Spindle"];

/// The template: its group, kind, and the start of its definition names.
const TEMPLATE_GROUP: &str = "stable.example.com";
const TEMPLATE_KIND: &str = "CronTab";
const TEMPLATE_PREFIX: &str = "com.example.stable.";

/// The base registry.
pub fn base_registry(base: Base) -> Registry {
    match base {
        Base::Corpus => kapi_schemas::registry(),
        Base::Minimal => {
            let mut registry = Registry::new();
            kapi_schemas::register_kubernetes_scheme(&mut registry);
            registry
                .register::<kapi_schemas::autoscaling::v1::Scale>()
                .register::<kapi_meta::intstr::IntOrString>()
                .register::<kapi_meta::quantity::Quantity>();
            registry
        }
    }
}

/// The model file (`kapi model`'s JSON) of `base` plus the synthetic groups of `shape`.
pub fn synthetic_model(base: Base, shape: Shape) -> Value {
    let mut model = model_value(&base_registry(base));
    let template = template(&model_value(&kapi_schemas::registry()));
    let definitions = model["definitions"].as_object_mut().expect("a model has definitions");
    let mut resources = Vec::new();
    for group_index in 0..shape.groups {
        for kind_index in 0..shape.kinds_per_group {
            let copy = KindCopy::new(group_index, kind_index, shape.kinds_per_group);
            for version in copy.versions() {
                let version_template = &template[version];
                for (name, definition) in &version_template.definitions {
                    definitions.insert(copy.rename(name, version), copy.rewrite(definition, version));
                }
                resources.push(copy.resource(&version_template.resource, version));
            }
        }
    }
    model["resources"].as_array_mut().expect("a model has resources").extend(resources);
    model
}

/// Changes one synthetic group the way a user edits its CRDs: every version of each of its kinds' specs gains an
/// optional string field. Returns how many definitions changed (none when the group is not in the model).
pub fn change_group(model: &mut Value, group_index: usize) -> usize {
    let prefix = format!("{}.", KindCopy::new(group_index, 0, 1).prefix);
    let definitions = model["definitions"].as_object_mut().expect("a model has definitions");
    let mut changed = 0;
    for (name, definition) in definitions.iter_mut() {
        let Some(rest) = name.strip_prefix(&prefix) else { continue };
        // `<version>.<Kind>Spec` (the helper types stay as they are).
        if rest.split_once('.').is_some_and(|(_, local)| local.ends_with("Spec"))
            && let Some(properties) = definition["schema"]["properties"].as_object_mut()
        {
            let note = json!({"description": "A note for whoever reads this object next.", "type": "string"});
            properties.insert("note".to_owned(), note);
            changed += 1;
        }
    }
    changed
}

/// The model file of `registry`, as `kapi model` prints it.
fn model_value(registry: &Registry) -> Value {
    let bytes = kapi_codegen::model_json(registry, &Options::default()).expect("the base registry is sound");
    serde_json::from_slice(&bytes).expect("model.json is JSON")
}

/// One version of the template kind: its definitions (by name) and its resource.
struct VersionTemplate {
    definitions: Map<String, Value>,
    resource: Value,
}

/// The template's `v1` and `v1beta1`, by version.
fn template(corpus: &Value) -> std::collections::BTreeMap<&'static str, VersionTemplate> {
    ["v1", "v1beta1"]
        .into_iter()
        .map(|version| {
            let prefix = format!("{TEMPLATE_PREFIX}{version}.");
            let definitions = corpus["definitions"]
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(name, _)| name.starts_with(&prefix))
                .map(|(name, definition)| (name.clone(), definition.clone()))
                .collect();
            let resource = corpus["resources"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|r| r["groupVersion"] == json!({"group": TEMPLATE_GROUP, "version": version}))
                .cloned()
                .expect("the corpus has the template kind in both versions");
            (version, VersionTemplate { definitions, resource })
        })
        .collect()
}

/// One copy of the template kind: its group, kind and names.
struct KindCopy {
    group: String,
    /// The group's reversed-domain definition prefix without the version (`io.bench.g0042`).
    prefix: String,
    kind: String,
    short_name: String,
    two_versions: bool,
}

impl KindCopy {
    fn new(group_index: usize, kind_index: usize, kinds_per_group: usize) -> Self {
        let name = KIND_NAMES[(group_index * kinds_per_group + kind_index) % KIND_NAMES.len()];
        let kind = if kind_index == 0 { name.to_owned() } else { format!("{name}{kind_index}") };
        let initials: String = kind.chars().filter(char::is_ascii_uppercase).collect();
        Self {
            group: format!("g{group_index:04}.bench.example.com"),
            prefix: format!("io.bench.g{group_index:04}"),
            short_name: format!("{}{group_index:04}k{kind_index}", initials.to_lowercase()),
            kind,
            two_versions: group_index % 4 == 3,
        }
    }

    fn versions(&self) -> &'static [&'static str] {
        if self.two_versions { &["v1", "v1beta1"] } else { &["v1"] }
    }

    /// The copy's name for a template definition: `com.example.stable.v1.CronTabSpec` becomes
    /// `io.bench.g0042.v1.WidgetSpec`, and a helper type such as `Backoff` becomes `WidgetBackoff`.
    fn rename(&self, name: &str, version: &str) -> String {
        let local = name.rsplit('.').next().unwrap_or(name);
        let local = match local.strip_prefix(TEMPLATE_KIND) {
            Some(rest) => format!("{}{rest}", self.kind),
            None => format!("{}{local}", self.kind),
        };
        format!("{}.{version}.{local}", self.prefix)
    }

    /// A template definition with every reference and package renamed.
    fn rewrite(&self, definition: &Value, version: &str) -> Value {
        let mut copy = definition.clone();
        self.rewrite_in(&mut copy, version);
        copy
    }

    fn rewrite_in(&self, value: &mut Value, version: &str) {
        match value {
            Value::Object(fields) => {
                for (key, field) in fields.iter_mut() {
                    match (key.as_str(), field) {
                        // Only the template's own types are copied; shared ones (Quantity, Time...) stay shared.
                        ("$ref", Value::String(name)) if name.starts_with(TEMPLATE_PREFIX) => {
                            *name = self.rename(name, version);
                        }
                        ("package", Value::String(package)) => {
                            *package = format!("{}/{version}", self.group);
                        }
                        (_, field) => self.rewrite_in(field, version),
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|item| self.rewrite_in(item, version)),
            _ => {}
        }
    }

    /// The template's resource for this copy.
    fn resource(&self, template: &Value, version: &str) -> Value {
        let mut resource = template.clone();
        let plural = format!("{}s", self.kind.to_lowercase());
        let fields = resource.as_object_mut().expect("a resource is an object");
        fields.insert("groupVersion".into(), json!({"group": self.group, "version": version}));
        fields.insert("kind".into(), json!(self.kind));
        fields.insert("listKind".into(), json!(format!("{}List", self.kind)));
        fields.insert("plural".into(), json!(plural));
        fields.insert("singular".into(), json!(self.kind.to_lowercase()));
        fields.insert("shortNames".into(), json!([self.short_name]));
        for key in ["definition", "listDefinition"] {
            if let Some(Value::String(name)) = fields.get(key) {
                let renamed = self.rename(name, version);
                fields.insert(key.into(), json!(renamed));
            }
        }
        resource
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_are_renamed_throughout_and_the_model_is_sound() {
        let model = synthetic_model(Base::Minimal, Shape { groups: 8, kinds_per_group: 2 });
        let text = serde_json::to_string(&model).expect("serialises");
        assert!(!text.contains("com.example.stable"), "a template name leaked into the copies");
        let registry = Registry::from_json(&text).expect("the model reads back");
        assert!(registry.errors().is_empty(), "{:?}", registry.errors());
        // 8 groups x 2 kinds, and groups 3 and 7 serve v1beta1 as well.
        assert_eq!(registry.resources().len(), 16 + 4);
        assert_eq!(registry.served_group_versions().len(), 8 + 2);
        let widget = registry.definition(&kapi_model::DefName::new("io.bench.g0000.v1.WidgetSpec"));
        assert!(widget.is_some(), "the first copy's spec is missing");
        let artifacts = kapi_codegen::generate(&registry, &Options::default()).expect("the copies generate");
        assert!(artifacts.get("openapi/v3/apis/g0007.bench.example.com/v1beta1.json").is_some());
    }

    #[test]
    fn changing_a_group_changes_its_spec_in_every_version_and_nothing_else() {
        let original = synthetic_model(Base::Minimal, Shape { groups: 4, kinds_per_group: 1 });
        let mut changed = original.clone();
        // Group 3 serves v1 and v1beta1.
        assert_eq!(change_group(&mut changed, 3), 2);
        let differing: Vec<&String> = original["definitions"]
            .as_object()
            .expect("definitions")
            .iter()
            .filter(|(name, definition)| changed["definitions"][name.as_str()] != **definition)
            .map(|(name, _)| name)
            .collect();
        assert_eq!(differing, ["io.bench.g0003.v1.GizmoSpec", "io.bench.g0003.v1beta1.GizmoSpec"]);
        assert_eq!(change_group(&mut changed, 9), 0, "no such group");
        let registry = Registry::from_json(&changed.to_string()).expect("the changed model reads back");
        assert!(registry.errors().is_empty(), "{:?}", registry.errors());
    }

    #[test]
    fn the_same_shape_gives_the_same_bytes() {
        let shape = Shape { groups: 5, kinds_per_group: 1 };
        assert_eq!(synthetic_model(Base::Minimal, shape), synthetic_model(Base::Minimal, shape));
    }
}
