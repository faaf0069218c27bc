//! Fetching a bundle's documents through the router as a client does, for the tests that compare what two bundles
//! serve (the ETag of every document, before and after a reload).

use std::collections::BTreeMap;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use kapi_runtime::{Bundle, Handle, SERVED_ENTRIES, router};
use tower::ServiceExt;

/// True for a file of the part of a bundle directory a server reads ([`SERVED_ENTRIES`]).
pub fn is_read_by_servers(path: &str) -> bool {
    SERVED_ENTRIES
        .iter()
        .any(|entry| path.strip_prefix(entry).is_some_and(|rest| rest.is_empty() || rest.starts_with('/')))
}

/// The request that fetches a served bundle file as JSON, or `None` for a file that is not served as a document.
pub fn request_for(path: &str) -> Option<(String, &'static str)> {
    const AGGREGATED: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
    const AGGREGATED_BETA: &str = "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList";
    for edition in ["v3", "v3.1"] {
        if let Some(key) = path.strip_prefix(&format!("openapi/{edition}/")).and_then(|rest| rest.strip_suffix(".json"))
        {
            let url = if key == "index" { format!("/openapi/{edition}") } else { format!("/openapi/{edition}/{key}") };
            return Some((url, "application/json"));
        }
    }
    if path == "openapi/v2/swagger.json" {
        return Some(("/openapi/v2".into(), "application/json"));
    }
    let stem = path.strip_prefix("discovery/")?.strip_suffix(".json")?;
    Some(match stem {
        "aggregated_v2" => ("/apis".into(), AGGREGATED),
        "aggregated_v2beta1" => ("/apis".into(), AGGREGATED_BETA),
        "aggregated_api_v2" => ("/api".into(), AGGREGATED),
        "aggregated_api_v2beta1" => ("/api".into(), AGGREGATED_BETA),
        legacy => (format!("/{}", legacy.replace("__", "/")), "application/json"),
    })
}

/// The ETag of every served document among `paths`, as `bundle` serves it.
pub async fn etags<'a>(bundle: Bundle, paths: impl IntoIterator<Item = &'a String>) -> BTreeMap<String, String> {
    let app = router(Handle::with_bundle(bundle));
    let mut etags = BTreeMap::new();
    for path in paths {
        let Some((uri, accept)) = request_for(path) else { continue };
        let request = Request::get(&uri).header(header::ACCEPT, accept).body(Body::empty()).expect("a request");
        let response = app.clone().oneshot(request).await.expect("the router answers");
        assert_eq!(response.status(), StatusCode::OK, "{uri} ({path})");
        let etag = response.headers().get(header::ETAG).expect("an ETag").to_str().expect("ASCII").to_owned();
        etags.insert(path.clone(), etag);
    }
    etags
}

/// Checks that every document served after a reload whose file's bytes did not change kept the ETag it had before,
/// and that every other one got a new one; returns how many kept theirs. `label` names the case in failures.
pub fn assert_only_changed_etags_change<B: PartialEq>(
    label: &str,
    (old, new): (&BTreeMap<String, B>, &BTreeMap<String, B>),
    (etags_before, etags_after): (&BTreeMap<String, String>, &BTreeMap<String, String>),
) -> usize {
    let mut kept = 0;
    for (path, etag) in etags_after {
        if old.get(path) == new.get(path) {
            assert_eq!(Some(etag), etags_before.get(path), "{label}: {path}: unchanged bytes, new ETag");
            kept += 1;
        } else {
            assert_ne!(Some(etag), etags_before.get(path), "{label}: {path}: changed bytes, same ETag");
        }
    }
    kept
}
