//! What every emitter reads: the effective registry, the profile, and the definitions after the profile's passes.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use kapi_model::{Conventions, DefName, GroupVersion, Registry, SchemaNode};

// The path items' own module: `emit::operations` itself builds them from a context.
use crate::emit::operations::item::PathItem;
use crate::error::Error;
use crate::infra::closure::ReferenceGraph;
use crate::infra::conventions::{default_conventions, resolve as resolve_conventions};
use crate::infra::definitions::Definitions;
use crate::infra::disable::effective_registry_of;
use crate::infra::parallel::parallel_map;
use crate::infra::passes::SchemaPass;
use crate::infra::profile::{MetaRole, Profile};
use crate::infra::reuse::{Digests, Fingerprint, Previous};
use crate::options::Options;

/// The prepared model one generation works from.
#[derive(Debug)]
pub(crate) struct Context<'a> {
    /// The registry without the disabled group-versions' resources.
    pub registry: Registry,
    pub profile: &'a Profile,
    /// The schemas that its conventions' passes and the profile's changed, after them ([`Context::definitions`]).
    passed: BTreeMap<DefName, SchemaNode>,
    /// The conventions each definition is published with.
    pub conventions: BTreeMap<DefName, Conventions>,
    /// What the generation was asked for.
    pub options: &'a Options,
    /// Served group-versions minus the disabled ones, sorted.
    pub group_versions: Vec<GroupVersion>,
    /// Every served group-version's path items, by path: built once ([`crate::emit::operations::with_operations`])
    /// for both OpenAPI versions.
    pub operations: BTreeMap<GroupVersion, BTreeMap<String, PathItem>>,
    /// The previous generation's output that may be reused.
    pub previous: &'a Previous,
    /// What fingerprints are made of, computed when the first unit asks.
    digests: OnceLock<Digests>,
    /// A digest of each group-version's path items, which three emitters' units read (OpenAPI v3, 3.1 and v2's
    /// paths): computed once, when the first asks.
    operations_digests: OnceLock<BTreeMap<GroupVersion, [u8; 32]>>,
    /// The references between the definitions, found when the first closure is asked for.
    references: OnceLock<ReferenceGraph>,
}

/// Nothing to reuse.
static NO_PREVIOUS: Previous = Previous::none();

impl<'a> Context<'a> {
    /// Checks the registry and runs the profile's passes.
    pub fn new(registry: &Registry, options: &'a Options) -> Result<Self, Error> {
        Self::reusing(registry, options, &NO_PREVIOUS)
    }

    /// Like [`Context::new`], with a previous generation's output to reuse.
    pub fn reusing(registry: &Registry, options: &'a Options, previous: &'a Previous) -> Result<Self, Error> {
        Self::reusing_owned(registry.clone(), options, previous)
    }

    /// [`Context::reusing`], taking the registry rather than copying it.
    pub fn reusing_owned(registry: Registry, options: &'a Options, previous: &'a Previous) -> Result<Self, Error> {
        if !registry.errors().is_empty() {
            return Err(Error::invalid_registry(registry.errors()));
        }
        let name_problems: Vec<String> = registry.resources().iter().flat_map(|r| r.name_problems()).collect();
        if !name_problems.is_empty() {
            return Err(Error::invalid_registry(&name_problems));
        }
        // A switched-off group-version is not served, and the types only it used are gone.
        // Conventions come from the whole registry, so switching a group-version off does not change how the
        // shared types it covered are published.
        let conventions = resolve_conventions(&registry, &options.conventions)?;
        let mut effective = effective_registry_of(registry, &options.disabled)?;
        // Kinds holding k8s-openapi's meta types name Kubernetes' definitions; kapi-meta has them.
        kapi_meta::register_referenced(&mut effective);
        let profile = &options.profile;
        let mut passed = BTreeMap::new();
        for (name, definition) in effective.definitions() {
            let own = SchemaPass::for_conventions(conventions.get(name).copied().unwrap_or_default());
            let mut passes = own.iter().chain(&profile.passes).filter(|pass| pass.may_change(name, &effective));
            let Some(first) = passes.next() else { continue };
            let mut schema = definition.schema.clone();
            for pass in std::iter::once(first).chain(passes) {
                pass.apply(name, &mut schema, &effective);
            }
            if schema != definition.schema {
                passed.insert(name.clone(), schema);
            }
        }
        let group_versions = effective.served_group_versions().into_iter().collect();
        Ok(Self {
            registry: effective,
            profile,
            passed,
            conventions,
            options,
            group_versions,
            operations: BTreeMap::new(),
            previous,
            digests: OnceLock::new(),
            operations_digests: OnceLock::new(),
            references: OnceLock::new(),
        })
    }

    /// Every published definition's schema, after the passes.
    pub fn definitions(&self) -> Definitions<'_> {
        Definitions::new(self.registry.definitions(), &self.passed)
    }

    /// The path items of a served group-version, by path (none for a group-version not served).
    pub fn operations(&self, group_version: &GroupVersion) -> &BTreeMap<String, PathItem> {
        static NONE: BTreeMap<String, PathItem> = BTreeMap::new();
        self.operations.get(group_version).unwrap_or(&NONE)
    }

    /// A fingerprint for a unit of `kind` reading the definitions reachable from `roots`; the caller adds its other
    /// inputs.
    pub fn fingerprint(&self, kind: &str, roots: impl IntoIterator<Item = DefName>) -> Fingerprint {
        let digests = self
            .digests
            .get_or_init(|| Digests::new(&self.registry, self.definitions(), &self.conventions, self.options));
        let mut fingerprint = digests.start(kind);
        digests.add_reachable(&mut fingerprint, roots);
        fingerprint
    }

    /// A digest of `group_version`'s path items (those of a group-version not served are none).
    pub fn operations_digest(&self, group_version: &GroupVersion) -> [u8; 32] {
        let digests = self.operations_digests.get_or_init(|| {
            let all: Vec<_> = self.operations.iter().collect();
            let digest = |(group_version, items): &(&GroupVersion, &BTreeMap<String, PathItem>)| {
                ((*group_version).clone(), Fingerprint::digest_of_hashed(items))
            };
            parallel_map(&all, digest).into_iter().collect()
        });
        digests
            .get(group_version)
            .copied()
            .unwrap_or_else(|| Fingerprint::digest_of_hashed(&BTreeMap::<String, PathItem>::new()))
    }

    /// Every definition reachable from `roots` (roots included), sorted; a missing one is an error naming who
    /// referred to it.
    pub fn closure(&self, roots: impl IntoIterator<Item = (DefName, String)>) -> Result<Vec<&DefName>, Error> {
        self.references.get_or_init(|| ReferenceGraph::of_sorted(self.definitions().iter())).closure(roots)
    }

    /// The conventions `name` is published with.
    pub fn conventions_of(&self, name: &DefName) -> Conventions {
        self.conventions.get(name).copied().unwrap_or_default()
    }

    /// The conventions `group_version`'s documents are assembled with: the generation's choice, else the
    /// registry's, else `crd` for a group-version of CustomResourceDefinitions only, lossless for any other.
    pub fn group_version_conventions(&self, group_version: &GroupVersion) -> Conventions {
        let chosen = self.options.conventions.get(group_version);
        let chosen = chosen.or_else(|| self.registry.conventions().get(group_version)).copied();
        chosen.unwrap_or_else(|| default_conventions(&self.registry, group_version))
    }

    /// The definition playing `role`, which must be registered.
    pub fn meta(&self, role: MetaRole) -> Result<&DefName, Error> {
        let name = self.profile.meta.get(role);
        if self.definitions().contains_key(name) {
            Ok(name)
        } else {
            Err(Error::missing_meta_definition(role.describe(), name.as_str()))
        }
    }

    /// `name`, which must be registered; `from` says who asks, for the error.
    pub fn require<'n>(&self, name: &'n DefName, from: impl FnOnce() -> String) -> Result<&'n DefName, Error> {
        if self.definitions().contains_key(name) {
            Ok(name)
        } else {
            Err(Error::missing_definition(name.as_str(), from()))
        }
    }
}
