//! `kapi serve --dir` and a bundle whose CRD names a conversion webhook. A kind whose history is data converts from
//! the model (the first-day crate, cli/tests/first_day.rs, against the real API server); the corpus' Backup changes a
//! field's type through functions of its crate, which a bundle does not hold, so `/convert` answers every review
//! that needs one with a `Failure` saying so and naming what serves them, instead of a 404 the API server would
//! report as an unreachable webhook.

use std::error::Error;
use std::future::Future;
use std::path::Path;

use kapi_runtime::{Bundle, Handle, router};
use serde_json::{Value, json};

use crate::common::{Server, post_json, post_json_to};

/// The server docs/SERVING-CONVERSIONS.md shows: the bundle in `dir`, with the conversions of the crate that
/// defines its kinds (here the corpus' Backup).
async fn serve_with_conversions(
    dir: &Path,
    listener: tokio::net::TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), Box<dyn Error>> {
    let handle = Handle::with_bundle(Bundle::from_dir(dir)?);
    kapi_runtime::conversion::serve(&handle, kapi_schemas::example::backups::backup::converters());
    kapi_runtime::serve(listener, router(handle), shutdown).await;
    Ok(())
}

fn review(desired: &str, object_version: &str) -> Vec<u8> {
    let object = json!({
        "apiVersion": format!("ops.example.com/{object_version}"),
        "kind": "Backup",
        "metadata": {"name": "nightly", "namespace": "default", "uid": "4f6c"},
        "spec": {"volume": "data", "schedule": "0 3 * * *"},
    });
    let review = json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "ConversionReview",
        "request": {"uid": "0d5c", "desiredAPIVersion": desired, "objects": [object]},
    });
    serde_json::to_vec(&review).expect("json")
}

#[test]
fn serve_dir_answers_conversion_reviews_with_the_reason_it_cannot_convert() {
    // The committed bundle: its model.json has the example Backup, whose CRD names a conversion webhook.
    let bundle = Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated");
    let server = Server::kapi_serve(&["--dir", bundle.to_str().expect("utf-8")]);

    let (code, text) = post_json(&server, "/convert", &review("ops.example.com/v1", "v1alpha1"));
    assert_eq!(code, 200, "{text}");
    let answer: Value = serde_json::from_str(&text).expect("a ConversionReview");
    let response = &answer["response"];
    assert_eq!(response["uid"], "0d5c");
    assert_eq!(response["result"]["status"], "Failure", "{answer}");
    let message = response["result"]["message"].as_str().expect("a message");
    for words in ["BackupSpec.retention changes type", "kapi_runtime::conversion::serve", "docs/SERVING-CONVERSIONS.md"]
    {
        assert!(message.contains(words), "{words:?} not in {message}");
    }

    // An object already in the desired version needs no conversion.
    let (code, text) = post_json(&server, "/convert", &review("ops.example.com/v1alpha1", "v1alpha1"));
    assert_eq!(code, 200, "{text}");
    let answer: Value = serde_json::from_str(&text).expect("a ConversionReview");
    assert_eq!(answer["response"]["result"]["status"], "Success", "{answer}");
    assert_eq!(answer["response"]["convertedObjects"][0]["spec"]["volume"], "data");
}

#[test]
fn a_server_of_your_own_converts_the_bundles_kinds_as_the_docs_show() {
    let guide = include_str!("../../docs/SERVING-CONVERSIONS.md");
    let block = guide.split("```rust\n").nth(1).and_then(|rest| rest.split("```").next()).expect("a rust block");
    assert!(include_str!("serve_dir_conversion.rs").contains(block), "the page shows code found nowhere:\n{block}");

    let bundle = Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let listener = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).expect("a port");
    let port = listener.local_addr().expect("an address").port();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = runtime.spawn(async move {
        let shutdown = async {
            let _ = stopped.await;
        };
        serve_with_conversions(&bundle, listener, shutdown).await.map_err(|e| e.to_string())
    });
    let (code, text) = post_json_to(port, "/convert", &review("ops.example.com/v1", "v1alpha1"));
    assert_eq!(code, 200, "{text}");
    let answer: Value = serde_json::from_str(&text).expect("a ConversionReview");
    assert_eq!(answer["response"]["result"]["status"], "Success", "{answer}");
    assert_eq!(answer["response"]["convertedObjects"][0]["spec"]["source"], "data", "{answer}");
    let _ = stop.send(());
    runtime.block_on(server).expect("the server task").expect("the server");
}
