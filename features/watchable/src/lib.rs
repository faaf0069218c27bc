//! Watchable API group discovery: every API group of the served bundle as a `Group` object
//! (`/apis/<group>/v1alpha1/groups`), listed, read and watched like any Kubernetes resource.
//!
//! [`attach`] plugs the feature into a [`Handle`]: it derives each bundle's groups (`GroupContents`) when the
//! bundle is stored, and its observer compares them with the current objects and records one event per change in
//! the feature's hub. A reload, or any producer of bundles (an aggregator storing composed bundles whose upstream
//! group-versions go `Stale` and `Current`), therefore yields ADDED, MODIFIED and DELETED events without doing
//! anything else.
//!
//! The endpoints exist only while the bundle's discovery lists the `groups` resource in `<group>/v1alpha1`, with
//! `<group>` the one [`attach`] names.

mod handlers;
mod history;
mod hub;
mod objects;
mod state;
mod store;
mod stream;
mod table;

use axum::Router;
use axum::routing::get;
use kapi_meta::discovery::v1alpha1::{DEFAULT_GROUP, Group, RESOURCE};
use kapi_rest::WatchMetrics;
use kapi_serve::{Bundle, Derive, Handle, Mount};

use hub::Hub;
use objects::GroupContents;
use state::{Derived, Groups};

/// Serves `handle`'s bundles' groups as `Group` objects in `discovery_group` (`discovery.k8s.io` is
/// [`DEFAULT_GROUP`]), from the bundle serving now on. Returns false, changing nothing, when the feature is
/// attached already.
pub fn attach(handle: &Handle, discovery_group: &str) -> bool {
    let (groups, attached) =
        handle.attach_with(|| Groups { hub: Hub::new(), discovery_group: discovery_group.to_owned() });
    if !attached {
        return false;
    }
    handle.derive(DeriveGroups { discovery_group: groups.discovery_group.clone() });
    let api_version = Group::api_version(&groups.discovery_group);
    handle.observe(move |bundle| {
        if let Some(derived) = bundle.part::<Derived>() {
            groups.hub.publish(&derived.contents, &api_version);
        }
    });
    WatchMetrics::of(handle.metrics()).serve(RESOURCE);
    handle.mount(Mount::new(RESOURCE, routes()));
    true
}

/// [`attach`] in the default group, unless the feature is attached already.
pub fn attach_default(handle: &Handle) -> bool {
    attach(handle, DEFAULT_GROUP)
}

/// Watchable discovery's resource (kapi_meta's `RESOURCE`), answered only in the feature's discovery group.
fn routes() -> Router<Handle> {
    Router::new()
        .route("/apis/{group}/{version}/groups", get(handlers::collection::<false>))
        .route("/apis/{group}/{version}/groups/{name}", get(handlers::item))
        .route("/apis/{group}/{version}/watch/groups", get(handlers::collection::<true>))
        .route("/apis/{group}/{version}/watch/groups/{name}", get(handlers::watch_item))
}

struct DeriveGroups {
    discovery_group: String,
}

impl Derive for DeriveGroups {
    type Part = Derived;

    fn derive(&self, bundle: &Bundle, previous: Option<&Bundle>, warnings: &mut Vec<String>) -> Option<Derived> {
        // The objects are read from the aggregated lists: the same lists give the same objects.
        let reusable = previous.filter(|p| p.same_discovery_lists(bundle.files())).and_then(|p| p.part::<Derived>());
        let contents = match reusable {
            Some(previous) => previous.contents.clone(),
            None => match GroupContents::from_files(bundle.files(), bundle.server_address(), warnings) {
                Ok(contents) => contents,
                Err(reason) => {
                    warnings.push(format!("watchable discovery's groups are not served: {reason}"));
                    return None;
                }
            },
        };
        let served = contents.lists_groups_resource(&self.discovery_group);
        Some(Derived { contents, served })
    }
}
