//! `/version`, the health probes and `/metrics`.

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use crate::handle::Handle;

/// `GET /healthz`, `/livez`: the process answers.
pub(crate) async fn alive() -> Response {
    text(StatusCode::OK, "ok".to_owned())
}

/// `GET /readyz`: a bundle is loaded (and with it, discovery built), its documents can be served, and every check
/// features added passes. Like kube-apiserver: `ok` when ready (one line per check with `?verbose`), and otherwise
/// one `[+]`/`[-]` line per check, with the reason a check fails. The `encodings` line says how many documents'
/// ETags and gzip copies are still to compute ([`crate::warmup`]): informational, since a request computes what it
/// needs; it fails only for documents that cannot be served at all.
pub(crate) async fn ready(State(handle): State<Handle>, uri: Uri) -> Response {
    let current = handle.current();
    let bundle = match &current {
        Some(_) => Ok(None),
        None => Err("no bundle loaded".to_owned()),
    };
    let mut checks = vec![("bundle", bundle)];
    if let Some(bundle) = &current {
        checks.push(("encodings", crate::warmup::progress(bundle).outcome()));
    }
    for check in handle.readiness_checks() {
        checks.push((check.name, (check.check)().map(|()| None)));
    }
    let ready = checks.iter().all(|(_, outcome)| outcome.is_ok());
    let verbose =
        uri.query().is_some_and(|query| query.split('&').any(|pair| pair.split('=').next() == Some("verbose")));
    if ready && !verbose {
        return text(StatusCode::OK, "ok".to_owned());
    }
    let mut body = String::new();
    for (name, outcome) in &checks {
        match outcome {
            Ok(None) => body.push_str(&format!("[+]{name} ok\n")),
            Ok(Some(note)) => body.push_str(&format!("[+]{name} ok ({note})\n")),
            Err(reason) => body.push_str(&format!("[-]{name} failed: {reason}\n")),
        }
    }
    body.push_str(if ready { "readyz check passed\n" } else { "readyz check failed\n" });
    text(if ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE }, body)
}

/// `GET /metrics`.
pub(crate) async fn metrics(State(handle): State<Handle>) -> Response {
    let body = handle.metrics().render();
    let content_type = HeaderValue::from_static("application/openmetrics-text; version=1.0.0; charset=utf-8");
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

fn text(status: StatusCode, body: String) -> Response {
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    response
}
