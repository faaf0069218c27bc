//! What switching group-versions off removes: their resources and the definitions that only their resources used,
//! so nothing of them is served. The scheme keeps knowing them (see `Registry::disable_group_version`).

use std::collections::{BTreeMap, BTreeSet};

use kapi_model::{DefName, GroupVersion, Registry, ResourceMeta, SchemaNode};

use crate::error::Error;
use crate::infra::closure::closure;

/// `registry` as served with `disabled` switched off.
///
/// A definition goes when a disabled resource reaches it and nothing that stays does. Definitions no resource
/// reaches at all (discovery bodies, Scale) stay: they are part of the model, not of a group-version.
pub(crate) fn effective_registry(registry: &Registry, disabled: &BTreeSet<GroupVersion>) -> Result<Registry, Error> {
    effective_registry_of(registry.clone(), disabled)
}

/// [`effective_registry`], taking the registry rather than copying it (a large model is not held twice).
pub(crate) fn effective_registry_of(
    mut effective: Registry,
    disabled: &BTreeSet<GroupVersion>,
) -> Result<Registry, Error> {
    let removed: Vec<ResourceMeta> =
        effective.resources().iter().filter(|r| disabled.contains(&r.group_version)).cloned().collect();
    for group_version in disabled {
        effective.disable_group_version(group_version);
    }
    if removed.is_empty() {
        return Ok(effective);
    }
    let schemas: BTreeMap<DefName, SchemaNode> =
        effective.definitions().iter().map(|(name, definition)| (name.clone(), definition.schema.clone())).collect();
    let tainted = closure(&schemas, roots(&schemas, removed.iter().flat_map(own_definitions)))?;
    let untouched = schemas.keys().filter(|name| !tainted.contains(*name)).cloned();
    let still_served = effective.resources().iter().flat_map(served_definitions);
    let keep = closure(&schemas, roots(&schemas, untouched.chain(still_served)))?;
    effective.retain_definitions(|name| keep.contains(name));
    Ok(effective)
}

/// The resource's kind and list kind: what exists because of this resource.
fn own_definitions(resource: &ResourceMeta) -> impl Iterator<Item = DefName> + '_ {
    std::iter::once(resource.definition.clone()).chain(resource.list_definition.clone())
}

/// Everything a served resource needs directly, its subresources' kinds and options kinds included.
fn served_definitions(resource: &ResourceMeta) -> impl Iterator<Item = DefName> + '_ {
    let subresource_kinds = resource.subresources.iter().filter_map(|s| s.kind.as_ref().map(|k| k.definition.clone()));
    let options_kinds = resource.subresources.iter().filter_map(|s| s.options.clone());
    own_definitions(resource).chain(subresource_kinds).chain(options_kinds)
}

/// Closure roots among the registered names; a resource naming a missing definition is reported by the emitters.
fn roots<'a>(
    schemas: &'a BTreeMap<DefName, SchemaNode>,
    names: impl Iterator<Item = DefName> + 'a,
) -> impl Iterator<Item = (DefName, String)> + 'a {
    names.filter(|name| schemas.contains_key(name)).map(|name| (name, "a resource".to_owned()))
}
