//! Example server: serves the widget API's discovery and OpenAPI, generated at build time, with kapi-runtime.
//!
//! Usage: `widgets-server [ADDR]` (default `127.0.0.1:8080`; port 0 picks a free one).

use std::collections::BTreeMap;
use std::process::ExitCode;

use kapi_runtime::{Bundle, Handle, LoadOptions, router};

mod bundle {
    include!(concat!(env!("OUT_DIR"), "/bundle_files.rs"));
}

/// The embedded artifacts as a bundle; `server_address` fills `/api`'s address list. OpenAPI is served as JSON
/// only: behind kube-apiserver the aggregator serves the gnostic protobuf forms itself, so this crate leaves
/// kapi-runtime's `gnostic` feature off.
fn load(server_address: Option<String>) -> Result<Bundle, String> {
    let files: BTreeMap<String, Vec<u8>> =
        bundle::FILES.iter().map(|(path, bytes)| ((*path).to_owned(), bytes.to_vec())).collect();
    Bundle::from_files_with(files, &LoadOptions { server_address, ..LoadOptions::default() }).map_err(|e| e.to_string())
}

#[tokio::main]
async fn main() -> ExitCode {
    let addr = std::env::args().nth(1).unwrap_or_else(|| "127.0.0.1:8080".to_owned());
    let listener = match tokio::net::TcpListener::bind(&addr).await {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("error: cannot listen on {addr}: {error}");
            return ExitCode::from(2);
        }
    };
    let address = listener.local_addr().map(|a| a.to_string()).unwrap_or(addr);
    let handle = match load(Some(address.clone())) {
        Ok(bundle) => Handle::with_bundle(bundle),
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    println!("listening on http://{address}");
    // A real aggregated API server would merge this router with its resource handlers.
    let app = router(handle);
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    kapi_runtime::serve(listener, app, shutdown).await;
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::{Request, StatusCode};
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    use super::*;

    #[tokio::test]
    async fn the_widget_group_is_discoverable_and_explained() {
        let app = router(Handle::with_bundle(load(None).expect("the embedded bundle loads")));
        let accept = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
        let request = Request::get("/apis").header("accept", accept).body(Body::empty()).expect("request");
        let response = app.clone().oneshot(request).await.expect("response");
        assert_eq!(response.status(), StatusCode::OK);
        let body = response.into_body().collect().await.expect("body").to_bytes();
        assert!(String::from_utf8_lossy(&body).contains("widgets.example.org"));
        let request = Request::get("/openapi/v3/apis/widgets.example.org/v1").body(Body::empty()).expect("request");
        let response = app.oneshot(request).await.expect("response");
        assert_eq!(response.status(), StatusCode::OK);
    }
}
