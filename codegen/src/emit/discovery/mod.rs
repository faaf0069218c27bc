//! Discovery documents, under `discovery/` with upstream's file names (`api/discovery/` in kubernetes/kubernetes):
//!
//! - `api.json`: `/api`, APIVersions (the server fills in `serverAddressByClientCIDRs`);
//! - `api__v1.json`: `/api/v1`, APIResourceList, when the core group serves resources;
//! - `apis.json`: `/apis`, APIGroupList of the named groups;
//! - `apis__<group>.json`: `/apis/<group>`, APIGroup;
//! - `apis__<group>__<version>.json`: `/apis/<group>/<version>`, APIResourceList;
//! - `aggregated_v2.json`, `aggregated_v2beta1.json`: `/apis` as APIGroupDiscoveryList (named groups);
//! - `aggregated_api_v2.json`, `aggregated_api_v2beta1.json`: `/api` as APIGroupDiscoveryList (the core group).
//!
//! Every document is a value of kapi's own API types (`kapi_meta::meta::v1`, `kapi_meta::apidiscovery`)
//! serialised canonically, so the generator speaks the API it describes.

mod aggregated;
mod legacy;
mod served;
mod storage_hash;

use kapi_model::{Conventions, GroupVersion};
use serde::Serialize;
use serde_json::Value;

use crate::error::Error;
use crate::infra::artifacts::Artifacts;
use crate::infra::canonical::{to_canonical_json, typed_to_canonical_json};
use crate::infra::context::Context;
use served::{ServedGroup, served_groups};

/// The directory the documents go in.
pub const DIRECTORY: &str = "discovery";

/// Which aggregated discovery version, and which endpoint's list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aggregated {
    /// `/apis` (named groups) as `apidiscovery.k8s.io/v2`.
    ApisV2,
    /// `/apis` as `apidiscovery.k8s.io/v2beta1`.
    ApisV2beta1,
    /// `/api` (the core group) as `apidiscovery.k8s.io/v2`.
    ApiV2,
    /// `/api` as `apidiscovery.k8s.io/v2beta1`.
    ApiV2beta1,
}

impl Aggregated {
    /// The artifact path of this list.
    pub fn path(self) -> String {
        let name = match self {
            Self::ApisV2 => "aggregated_v2",
            Self::ApisV2beta1 => "aggregated_v2beta1",
            Self::ApiV2 => "aggregated_api_v2",
            Self::ApiV2beta1 => "aggregated_api_v2beta1",
        };
        format!("{DIRECTORY}/{name}.json")
    }
}

/// The artifact path of a legacy document served at `url` (`/apis/apps/v1` gives `discovery/apis__apps__v1.json`).
pub fn legacy_path(url: &str) -> String {
    format!("{DIRECTORY}/{}.json", url.trim_matches('/').replace('/', "__"))
}

/// The artifact path of a group-version's APIResourceList (`/api/v1` or `/apis/<group>/<version>`).
pub fn resource_list_path(group_version: &GroupVersion) -> String {
    legacy_path(&group_version.url_path())
}

/// Adds every discovery document for the served group-versions.
pub(crate) fn emit(ctx: &Context<'_>, artifacts: &mut Artifacts) -> Result<(), Error> {
    let custom_resources = |gv: &GroupVersion| ctx.group_version_conventions(gv) == Conventions::Crd;
    let groups = served_groups(&ctx.registry, &ctx.group_versions, &custom_resources);
    let (core, named): (Vec<&ServedGroup<'_>>, Vec<&ServedGroup<'_>>) = groups.iter().partition(|g| g.is_core());
    add(artifacts, legacy_path("/api"), &legacy::api_versions(core.first().copied()))?;
    add(artifacts, legacy_path("/apis"), &legacy::group_list(&named))?;
    for group in &named {
        add(artifacts, legacy_path(&format!("/apis/{}", group.name)), &legacy::group(group))?;
    }
    for version in groups.iter().flat_map(|group| &group.versions) {
        add(artifacts, resource_list_path(version.group_version), &legacy::resource_list(version))?;
    }
    for (lists, v2_path, v2beta1_path) in
        [(&named, Aggregated::ApisV2, Aggregated::ApisV2beta1), (&core, Aggregated::ApiV2, Aggregated::ApiV2beta1)]
    {
        let v2 = aggregated::list_v2(lists);
        let v2beta1 = aggregated::list_v2beta1(&v2).map_err(|source| Error::serialize(v2beta1_path.path(), source))?;
        add_aggregated(artifacts, v2_path.path(), &v2, lists)?;
        add_aggregated(artifacts, v2beta1_path.path(), &v2beta1, lists)?;
    }
    Ok(())
}

/// An aggregated list of `groups`. The entry of a group published as CRDs (every version with `crd` conventions)
/// says `"creationTimestamp": null` in its metadata, as kube-apiserver 1.32 writes every group's; newer servers
/// leave it out, and so does kapi for the other groups.
fn add_aggregated(
    artifacts: &mut Artifacts,
    path: String,
    list: &impl Serialize,
    groups: &[&ServedGroup<'_>],
) -> Result<(), Error> {
    let mut value = serde_json::to_value(list).map_err(|source| Error::serialize(&path, source))?;
    let items = value.get_mut("items").and_then(Value::as_array_mut).into_iter().flatten();
    for (item, group) in items.zip(groups) {
        let as_crds = group.versions.iter().all(|version| version.custom_resources);
        if let (true, Some(metadata)) = (as_crds, item.get_mut("metadata").and_then(Value::as_object_mut)) {
            metadata.insert("creationTimestamp".to_owned(), Value::Null);
        }
    }
    artifacts.insert(path, to_canonical_json(&value));
    Ok(())
}

fn add(artifacts: &mut Artifacts, path: String, document: &impl Serialize) -> Result<(), Error> {
    let bytes = typed_to_canonical_json(document, &path)?;
    artifacts.insert(path, bytes);
    Ok(())
}
