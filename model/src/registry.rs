//! The registry: named definitions and resources, collected from the traits and serialisable as the model.

use std::cmp::{Ordering, Reverse};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::conventions::Conventions;
use crate::extensions::GroupVersionKind;
use crate::names::{DefName, GroupVersion};
use crate::proto::ProtoInfo;
use crate::resource::ResourceMeta;
use crate::resource_index::{IndexCache, ResourceIndex};
use crate::schema::SchemaNode;

/// Facts about a definition beyond its schema.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DefinitionInfo {
    /// The Go-style package path the definition belongs to (`k8s.io/api/coordination/v1`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub package: Option<String>,
    /// A kind this type is registered as in every known group-version (DeleteOptions, WatchEvent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind_in_every_group_version: Option<String>,
    /// Explicit group-version-kinds besides those of resources.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<GroupVersionKind>,
    /// The definition's protobuf facts: fixed field numbers, wrapped lists, a hand-written message shape.
    #[serde(skip_serializing_if = "ProtoInfo::is_empty")]
    pub proto: ProtoInfo,
}

/// A named definition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Definition {
    pub schema: SchemaNode,
    #[serde(default, skip_serializing_if = "is_default")]
    pub info: DefinitionInfo,
    /// Who defined it, to catch two sources claiming one name; not part of the model file.
    #[serde(skip)]
    owner: Option<Owner>,
}

/// Where a definition came from.
#[derive(Debug, Clone, PartialEq)]
enum Owner {
    /// A Rust type implementing [`crate::Schema`].
    Rust(&'static str),
    /// A schema built by another generator and imported with [`Registry::import_definition`].
    Imported(String),
}

impl fmt::Display for Owner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Rust(rust_type) => write!(f, "`{rust_type}`"),
            Self::Imported(origin) => f.write_str(origin),
        }
    }
}

impl Definition {
    /// Who defined it, for messages: the Rust type, or the origin of an imported schema; none when loaded from a
    /// model file.
    pub fn defined_by(&self) -> Option<String> {
        self.owner.as_ref().map(Owner::to_string)
    }
}

fn is_default(info: &DefinitionInfo) -> bool {
    info == &DefinitionInfo::default()
}

/// The discovery priority of a group nobody configured: what kube-apiserver gives custom resource groups, so
/// configured built-in groups (16000-18000 upstream) come first.
pub const DEFAULT_GROUP_PRIORITY: u32 = 1000;

/// All definitions and resources of a corpus.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Registry {
    definitions: BTreeMap<DefName, Definition>,
    resources: Vec<ResourceMeta>,
    /// The group-versions the server's scheme registers shared kinds in (they appear in DeleteOptions' and
    /// WatchEvent's GVK lists); when none are declared, the served group-versions.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    scheme_group_versions: BTreeSet<GroupVersion>,
    /// Discovery priorities of groups (higher first); groups not named here get [`DEFAULT_GROUP_PRIORITY`].
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    group_priorities: BTreeMap<String, u32>,
    /// Conventions chosen per group-version; a group-version not named here is [`Conventions::Lossless`].
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty", with = "crate::conventions::by_api_version")]
    conventions: BTreeMap<GroupVersion, Conventions>,
    /// Conventions of packages that hold shared types rather than a group-version's kinds (meta/v1, core/v1).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    package_conventions: BTreeMap<String, Conventions>,
    #[serde(skip)]
    errors: Vec<String>,
    /// Where the resources are, by group-version and by definition.
    #[serde(skip)]
    index: IndexCache,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Starts the definition `name` for the Rust type `rust_type`. True when the name is new: a placeholder then
    /// stands for it, so a recursive type that reaches itself finds the name and stops. A name another type
    /// already claimed is recorded as an error.
    pub(crate) fn claim(&mut self, name: &DefName, rust_type: &'static str) -> bool {
        if let Some(existing) = self.definitions.get(name) {
            if let Some(owner) = existing.owner.as_ref().filter(|owner| **owner != Owner::Rust(rust_type)) {
                self.errors.push(format!("definition name `{name}` is claimed by both {owner} and `{rust_type}`"));
            }
            return false;
        }
        let placeholder = SchemaNode::inline(Default::default());
        let owner = Some(Owner::Rust(rust_type));
        let definition = Definition { schema: placeholder, info: DefinitionInfo::default(), owner };
        self.definitions.insert(name.clone(), definition);
        true
    }

    /// Adds a definition whose schema another generator built (a `schemars::JsonSchema` type, say); `origin` says
    /// where it came from, for messages. Importing the same schema under the same name again changes nothing, so
    /// types shared by several imports are stored once; a different schema under a taken name, or a name a Rust
    /// type or the model file owns, is recorded as an error and the first definition stays.
    pub fn import_definition(&mut self, name: DefName, schema: SchemaNode, origin: impl Into<String>) {
        let origin = Owner::Imported(origin.into());
        let Some(existing) = self.definitions.get(&name) else {
            let definition = Definition { schema, info: DefinitionInfo::default(), owner: Some(origin) };
            self.definitions.insert(name, definition);
            return;
        };
        match &existing.owner {
            Some(Owner::Imported(_)) if existing.schema == schema => {}
            Some(owner @ Owner::Imported(_)) => self.errors.push(format!(
                "definition name `{name}` is imported twice with different schemas, from {owner} and {origin}"
            )),
            Some(owner @ Owner::Rust(_)) => {
                self.errors.push(format!("definition name `{name}` is claimed by both {owner} and {origin}"))
            }
            None => {
                self.errors.push(format!("definition name `{name}` is taken by the model file; {origin} cannot use it"))
            }
        }
    }

    /// Stores the schema of a claimed definition, and the facts `describe` records beside the ones building the
    /// schema may already have recorded (wire-only protobuf fields).
    pub(crate) fn fill(&mut self, name: &DefName, schema: SchemaNode, describe: impl FnOnce(&mut DefinitionInfo)) {
        if let Some(definition) = self.definitions.get_mut(name) {
            describe(&mut definition.info);
            definition.schema = schema;
        }
    }

    /// Adds resource metadata whose definitions are already registered.
    pub fn add_resource(&mut self, meta: ResourceMeta) {
        if self.resources.iter().any(|r| r.group_version == meta.group_version && r.plural == meta.plural) {
            self.errors.push(format!("resource `{}` is registered twice in {}", meta.plural, meta.group_version));
            return;
        }
        self.resources.push(meta);
        self.index.clear();
    }

    /// Declares a group-version of the server's scheme: shared kinds are registered in it whether or not this
    /// registry serves resources of it (Kubernetes' built-in scheme knows group-versions it does not serve).
    pub fn add_known_group_version(&mut self, group_version: GroupVersion) -> &mut Self {
        self.scheme_group_versions.insert(group_version);
        self
    }

    /// The group-versions shared kinds are registered in: the declared ones, or the served ones when none are.
    pub fn known_group_versions(&self) -> BTreeSet<GroupVersion> {
        if self.scheme_group_versions.is_empty() {
            self.served_group_versions()
        } else {
            self.scheme_group_versions.clone()
        }
    }

    /// Switches a group-version off: its resources go; definitions stay. The server's scheme still knows it, as
    /// kube-apiserver's scheme knows the group-versions `--runtime-config` switches off, so shared kinds' lists
    /// keep it when it was known (explicitly, or as a served group-version when no scheme was declared); one it
    /// does not know loses its conventions too. When that leaves the group with nothing served, its discovery
    /// priority goes too.
    pub fn disable_group_version(&mut self, group_version: &GroupVersion) {
        if self.scheme_group_versions.is_empty() {
            self.scheme_group_versions = self.served_group_versions();
        }
        self.resources.retain(|r| &r.group_version != group_version);
        self.index.clear();
        // A group-version the scheme does not know leaves no trace, not even the conventions chosen for it.
        if !self.scheme_group_versions.contains(group_version) {
            self.conventions.remove(group_version);
        }
        let group = &group_version.group;
        if !self.resources.iter().any(|r| &r.group_version.group == group) {
            self.group_priorities.remove(group);
        }
    }

    /// Publishes a group-version's kinds (and the types in their packages) with `conventions`.
    pub fn set_conventions(&mut self, group_version: GroupVersion, conventions: Conventions) -> &mut Self {
        self.conventions.insert(group_version, conventions);
        self
    }

    /// The conventions chosen for each group-version that has some.
    pub fn conventions(&self) -> &BTreeMap<GroupVersion, Conventions> {
        &self.conventions
    }

    /// Publishes the types of a Go-style package (`k8s.io/api/core/v1`) with `conventions`, for packages of shared
    /// types that no group-version's kinds live in.
    pub fn set_package_conventions(&mut self, package: &str, conventions: Conventions) -> &mut Self {
        self.package_conventions.insert(package.to_owned(), conventions);
        self
    }

    /// The conventions set per package.
    pub fn package_conventions(&self) -> &BTreeMap<String, Conventions> {
        &self.package_conventions
    }

    /// Sets a group's discovery priority: discovery lists groups by priority, highest first.
    pub fn set_group_priority(&mut self, group: &str, priority: u32) -> &mut Self {
        self.group_priorities.insert(group.to_owned(), priority);
        self
    }

    /// A group's discovery priority; [`DEFAULT_GROUP_PRIORITY`] unless one was set.
    pub fn group_priority(&self, group: &str) -> u32 {
        self.group_priorities.get(group).copied().unwrap_or(DEFAULT_GROUP_PRIORITY)
    }

    /// The order discovery lists groups in (`Less` comes first): the legacy core group `""` first (it is served
    /// apart, under `/api`), then by priority, highest first, then by name.
    pub fn compare_groups(&self, a: &str, b: &str) -> Ordering {
        (!a.is_empty(), Reverse(self.group_priority(a)), a).cmp(&(!b.is_empty(), Reverse(self.group_priority(b)), b))
    }

    /// Group-versions that serve at least one resource, sorted.
    pub fn served_group_versions(&self) -> BTreeSet<GroupVersion> {
        self.resources.iter().map(|r| r.group_version.clone()).collect()
    }

    /// Definitions by name, sorted.
    pub fn definitions(&self) -> &BTreeMap<DefName, Definition> {
        &self.definitions
    }

    /// A copy of everything but the definitions (which are the bulk of a large registry), to serialise them apart.
    pub fn without_definitions(&self) -> Registry {
        Registry {
            definitions: BTreeMap::new(),
            resources: self.resources.clone(),
            scheme_group_versions: self.scheme_group_versions.clone(),
            group_priorities: self.group_priorities.clone(),
            conventions: self.conventions.clone(),
            package_conventions: self.package_conventions.clone(),
            errors: self.errors.clone(),
            index: IndexCache::default(),
        }
    }

    /// Keeps only the definitions `keep` accepts (switching group-versions off drops the types only they used).
    pub fn retain_definitions(&mut self, mut keep: impl FnMut(&DefName) -> bool) {
        self.definitions.retain(|name, _| keep(name));
    }

    /// One definition.
    pub fn definition(&self, name: &DefName) -> Option<&Definition> {
        self.definitions.get(name)
    }

    /// Resources in registration order.
    pub fn resources(&self) -> &[ResourceMeta] {
        &self.resources
    }

    /// Resources of one group-version, sorted by plural.
    pub fn resources_in(&self, group_version: &GroupVersion) -> Vec<&ResourceMeta> {
        self.index().in_group_version(group_version).iter().map(|position| &self.resources[*position]).collect()
    }

    /// Resources of one group (all its versions), in registration order.
    pub fn resources_of_group(&self, group: &str) -> impl Iterator<Item = &ResourceMeta> {
        self.index().in_group(group).iter().map(|position| &self.resources[*position])
    }

    fn index(&self) -> &ResourceIndex {
        self.index.get(&self.resources)
    }

    /// The facts of a definition being registered, for the derives' helpers.
    pub(crate) fn info_mut(&mut self, name: &DefName) -> Option<&mut DefinitionInfo> {
        self.definitions.get_mut(name).map(|definition| &mut definition.info)
    }

    /// Records a problem found while registering (reported by `errors`).
    pub fn report(&mut self, message: String) {
        self.errors.push(message);
    }

    /// Problems found while registering (name clashes, duplicate resources); empty when the corpus is sound.
    pub fn errors(&self) -> &[String] {
        &self.errors
    }

    /// The group-version-kinds a definition is known as, sorted by (group, version): its resources' kinds,
    /// its explicit kinds, and for shared kinds one entry per known group-version.
    pub fn kinds_of(&self, name: &DefName) -> Vec<GroupVersionKind> {
        let mut kinds = self.index().kinds_of(name).cloned().unwrap_or_default();
        if let Some(definition) = self.definitions.get(name) {
            kinds.extend(definition.info.kinds.iter().cloned());
            if let Some(kind) = &definition.info.kind_in_every_group_version {
                kinds.extend(self.known_group_versions().iter().map(|gv| gvk(gv, kind)));
            }
        }
        kinds.into_iter().collect()
    }

    /// Reads a model file written by `serde_json`.
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str(text)
    }
}

fn gvk(group_version: &GroupVersion, kind: &str) -> GroupVersionKind {
    GroupVersionKind {
        group: group_version.group.clone(),
        version: group_version.version.clone(),
        kind: kind.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resource::Scope;

    fn resource(group: &str, version: &str) -> ResourceMeta {
        ResourceMeta {
            group_version: GroupVersion::new(group, version),
            kind: "Widget".into(),
            plural: "widgets".into(),
            singular: "widget".into(),
            scope: Scope::Namespaced,
            verbs: vec!["get".into()],
            short_names: vec![],
            categories: vec![],
            subresources: vec![],
            definition: DefName::new(format!("{group}.{version}.Widget")),
            list_kind: None,
            list_definition: None,
            crd: None,
            delete_returns_object: false,
        }
    }

    #[test]
    fn groups_order_core_first_then_by_priority_then_by_name() {
        let mut registry = Registry::new();
        registry.set_group_priority("coordination.k8s.io", 16500).set_group_priority("autoscaling", 17500);
        assert_eq!(registry.group_priority("autoscaling"), 17500);
        assert_eq!(registry.group_priority("unheard.of"), DEFAULT_GROUP_PRIORITY);
        let mut groups = ["zeta.example.com", "coordination.k8s.io", "", "autoscaling", "alpha.example.com"];
        groups.sort_by(|a, b| registry.compare_groups(a, b));
        assert_eq!(groups, ["", "autoscaling", "coordination.k8s.io", "alpha.example.com", "zeta.example.com"]);
        // Even a priority above every other group does not put a named group before the core group.
        registry.set_group_priority("zeta.example.com", u32::MAX);
        groups.sort_by(|a, b| registry.compare_groups(a, b));
        assert_eq!(groups[..2], ["", "zeta.example.com"]);
    }

    #[test]
    fn priorities_round_trip_through_the_model_and_are_omitted_when_unset() -> serde_json::Result<()> {
        let empty = serde_json::to_value(Registry::new())?;
        assert!(empty.get("groupPriorities").is_none(), "{empty}");
        let mut registry = Registry::new();
        registry.set_group_priority("stable.example.com", 1500);
        let json = serde_json::to_string(&registry)?;
        assert!(json.contains(r#""groupPriorities":{"stable.example.com":1500}"#), "{json}");
        assert_eq!(Registry::from_json(&json)?.group_priority("stable.example.com"), 1500);
        Ok(())
    }

    #[test]
    fn imported_definitions_are_stored_once_and_clashes_are_errors() {
        use crate::schema::{InstanceType, SchemaObject};
        let string = SchemaNode::inline(SchemaObject::of_type(InstanceType::String));
        let integer = SchemaNode::inline(SchemaObject::of_type(InstanceType::Integer));
        let mut registry = Registry::new();
        registry.import_definition(DefName::new("x.Color"), string.clone(), "schemars type `x::Color`");
        registry.import_definition(DefName::new("x.Color"), string.clone(), "schemars schema `Color`");
        assert!(registry.errors().is_empty(), "{:?}", registry.errors());
        registry.import_definition(DefName::new("x.Color"), integer, "schemars type `y::Color`");
        assert_eq!(
            registry.errors(),
            ["definition name `x.Color` is imported twice with different schemas, from schemars type `x::Color` \
              and schemars type `y::Color`"]
        );
        assert_eq!(registry.definition(&DefName::new("x.Color")).map(|d| &d.schema), Some(&string));
        // A Rust type claiming an imported name is the same clash, seen from the other side.
        assert!(!registry.claim(&DefName::new("x.Color"), "x::Color"));
        assert!(registry.errors()[1].contains("claimed by both schemars type `x::Color` and `x::Color`"));
    }

    #[test]
    fn disabling_a_groups_last_version_forgets_its_priority() {
        let mut registry = Registry::new();
        registry.add_resource(resource("stable.example.com", "v1"));
        registry.add_resource(resource("stable.example.com", "v1beta1"));
        registry.set_group_priority("stable.example.com", 1500);
        registry.disable_group_version(&GroupVersion::new("stable.example.com", "v1beta1"));
        assert_eq!(registry.group_priority("stable.example.com"), 1500, "v1 is still served");
        registry.disable_group_version(&GroupVersion::new("stable.example.com", "v1"));
        assert_eq!(registry.group_priority("stable.example.com"), DEFAULT_GROUP_PRIORITY);
        assert!(serde_json::to_value(&registry).is_ok_and(|model| model.get("groupPriorities").is_none()));
    }
}
