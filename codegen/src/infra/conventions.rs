//! Which conventions each definition is published with.
//!
//! Conventions are chosen per group-version (the registry's settings, overridden by [`Options::conventions`]) and
//! reach definitions through packages: a group-version's conventions cover the packages its kinds live in, and
//! packages of shared types (meta/v1, core/v1) are set on their own. A definition without a package counts as in
//! the package its name spells (`io.k8s.api.apps.v1` for `io.k8s.api.apps.v1.Deployment`). A definition whose
//! package is covered by neither is published losslessly. Deciding per definition, not per document, keeps a shared type the same in
//! every document that uses it, as one server publishes it.
//!
//! [`Options::conventions`]: crate::Options::conventions

use std::collections::BTreeMap;

use kapi_model::{Conventions, DefName, GroupVersion, Registry};

use crate::error::Error;

/// The conventions of every definition of `registry`.
pub(crate) fn resolve(
    registry: &Registry,
    overrides: &BTreeMap<GroupVersion, Conventions>,
) -> Result<BTreeMap<DefName, Conventions>, Error> {
    let mut chosen = registry.conventions().clone();
    chosen.extend(overrides.iter().map(|(gv, conventions)| (gv.clone(), *conventions)));
    let packages = package_conventions(registry, &chosen)?;
    let of = |name: &DefName| packages.get(&package_of(registry, name)).copied().unwrap_or_default();
    Ok(registry.definitions().keys().map(|name| (name.clone(), of(name))).collect())
}

/// The conventions of a group-version that neither the generation nor the registry chose: `crd` when every kind it
/// serves is a CustomResourceDefinition version the API server serves, so what kapi publishes for it is what the API
/// server publishes once the CRDs are installed (the CRD's structural schema, which `kubectl explain` reads), else
/// lossless (the server publishes nothing for a version its CRD does not serve).
pub(crate) fn default_conventions(registry: &Registry, group_version: &GroupVersion) -> Conventions {
    let resources = registry.resources_in(group_version);
    let served_crd = |resource: &&kapi_model::ResourceMeta| resource.crd.as_ref().is_some_and(|crd| crd.served);
    match !resources.is_empty() && resources.iter().all(served_crd) {
        true => Conventions::Crd,
        false => Conventions::default(),
    }
}

/// Conventions by package: explicit package settings, then the packages of each chosen group-version's kinds.
fn package_conventions(
    registry: &Registry,
    chosen: &BTreeMap<GroupVersion, Conventions>,
) -> Result<BTreeMap<String, Conventions>, Error> {
    let mut by_package: BTreeMap<String, (Conventions, &GroupVersion)> = BTreeMap::new();
    for resource in registry.resources() {
        let Some(conventions) = chosen.get(&resource.group_version).map(|c| c.of_definitions()) else { continue };
        let kinds = std::iter::once(&resource.definition).chain(&resource.list_definition);
        for package in kinds.map(|name| package_of(registry, name)) {
            if registry.package_conventions().contains_key(&package) {
                continue;
            }
            match by_package.get(&package) {
                Some((other, owner)) if *other != conventions => {
                    return Err(Error::conflicting_conventions(
                        &package,
                        [(owner.to_string(), *other), (resource.group_version.to_string(), conventions)],
                    ));
                }
                Some(_) => {}
                None => {
                    by_package.insert(package, (conventions, &resource.group_version));
                }
            }
        }
    }
    let mut packages: BTreeMap<String, Conventions> =
        by_package.into_iter().map(|(package, (conventions, _))| (package, conventions)).collect();
    packages.extend(registry.package_conventions().iter().map(|(package, c)| (package.clone(), *c)));
    Ok(packages)
}

/// The definition's package, or for one without, its name up to the last dot.
fn package_of(registry: &Registry, name: &DefName) -> String {
    let declared = registry.definition(name).and_then(|definition| definition.info.package.clone());
    declared.unwrap_or_else(|| name.as_str().rsplit_once('.').map_or("", |(namespace, _)| namespace).to_owned())
}

#[cfg(test)]
mod tests {
    use kapi_model::{DefinitionInfo, ResourceMeta, SchemaNode, Scope};

    use super::*;

    fn registry_with(kinds: &[(&str, &str, &str)]) -> Registry {
        let definitions: serde_json::Map<String, serde_json::Value> = kinds
            .iter()
            .map(|(name, package, _)| {
                let info = DefinitionInfo { package: Some((*package).to_owned()), ..Default::default() };
                let definition = serde_json::json!({"schema": SchemaNode::inline(Default::default()), "info": info});
                ((*name).to_owned(), definition)
            })
            .collect();
        let mut registry: Registry =
            serde_json::from_value(serde_json::json!({"definitions": definitions, "resources": []})).expect("model");
        for (name, _, api_version) in kinds.iter().filter(|(_, _, gv)| !gv.is_empty()) {
            registry.add_resource(ResourceMeta {
                group_version: GroupVersion::parse(api_version).expect("group-version"),
                kind: (*name).to_owned(),
                plural: name.to_lowercase() + "s",
                singular: name.to_lowercase(),
                scope: Scope::Namespaced,
                verbs: Vec::new(),
                short_names: Vec::new(),
                categories: Vec::new(),
                subresources: Vec::new(),
                definition: DefName::new(*name),
                list_kind: None,
                list_definition: None,
                crd: None,
                delete_returns_object: false,
            });
        }
        registry
    }

    #[test]
    fn group_versions_reach_their_kinds_packages_and_the_rest_is_lossless() -> Result<(), Error> {
        let mut registry = registry_with(&[
            ("Deployment", "k8s.io/api/apps/v1", "apps/v1"),
            ("DeploymentSpec", "k8s.io/api/apps/v1", ""),
            ("PodSpec", "k8s.io/api/core/v1", ""),
            ("ObjectMeta", "k8s.io/apimachinery/pkg/apis/meta/v1", ""),
            ("Widget", "example.com/widgets/v1", "widgets.example.com/v1"),
        ]);
        registry.set_conventions(GroupVersion::new("apps", "v1"), Conventions::Kubernetes);
        registry.set_package_conventions("k8s.io/apimachinery/pkg/apis/meta/v1", Conventions::Kubernetes);
        let resolved = resolve(&registry, &BTreeMap::new())?;
        let of = |name: &str| resolved[&DefName::new(name)];
        assert_eq!(of("Deployment"), Conventions::Kubernetes);
        assert_eq!(of("DeploymentSpec"), Conventions::Kubernetes);
        assert_eq!(of("ObjectMeta"), Conventions::Kubernetes);
        assert_eq!(of("PodSpec"), Conventions::Lossless, "no setting covers core/v1");
        assert_eq!(of("Widget"), Conventions::Lossless);
        let overrides = [(GroupVersion::new("widgets.example.com", "v1"), Conventions::Kubernetes)].into();
        assert_eq!(resolve(&registry, &overrides)?[&DefName::new("Widget")], Conventions::Kubernetes);
        Ok(())
    }

    #[test]
    fn two_group_versions_disagreeing_on_one_package_is_an_error() {
        let mut registry = registry_with(&[
            ("A", "example.com/shared/v1", "a.example.com/v1"),
            ("B", "example.com/shared/v1", "b.example.com/v1"),
        ]);
        registry.set_conventions(GroupVersion::new("a.example.com", "v1"), Conventions::Kubernetes);
        registry.set_conventions(GroupVersion::new("b.example.com", "v1"), Conventions::Lossless);
        let error = resolve(&registry, &BTreeMap::new()).expect_err("conflict");
        assert!(error.to_string().contains("example.com/shared/v1"), "{error}");
        registry.set_package_conventions("example.com/shared/v1", Conventions::Lossless);
        assert!(resolve(&registry, &BTreeMap::new()).is_ok());
    }
}
