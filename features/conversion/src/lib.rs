//! The CRD conversion webhook: `POST /convert` answers `ConversionReview`s with the converters [`serve`] attached
//! to the handle, such as those `#[kapi::versioned]` generates. [`attach`] mounts the route alone: `/convert` is
//! then a 404 until converters are attached.
//!
//! A body that is not a `ConversionReview` gets 400 and a `Status`. A review whose objects cannot be converted gets
//! 200 and a `Failure` result naming the object and the reason, which the API server shows to the client.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use axum::routing::post;
use kapi_model::conversion::KindConverter;
use kapi_serve::status::Failure;
use kapi_serve::{Handle, Mount};

mod review;

/// Where the webhook is served.
pub const CONVERSION_PATH: &str = "/convert";

/// The largest review body read: the API server sends whole lists of objects in one review.
const MAX_REVIEW_BYTES: usize = 32 * 1024 * 1024;

/// The kinds the webhook converts, once attached.
#[derive(Debug)]
struct Converters(Vec<KindConverter>);

/// Marks the route mounted on a handle.
#[derive(Debug)]
struct Mounted;

/// Mounts the webhook's route on `handle` (a 404 until [`serve`] attaches converters). Returns false when it is
/// mounted already.
pub fn attach(handle: &Handle) -> bool {
    if !handle.attach(Mounted) {
        return false;
    }
    let routes =
        Router::new().route(CONVERSION_PATH, post(answer_review).layer(DefaultBodyLimit::max(MAX_REVIEW_BYTES)));
    // Counted with the core's `other` class, as before the webhook was a feature of its own.
    handle.mount(Mount::new("other", routes).accepting_posts_at(CONVERSION_PATH));
    true
}

/// Answers `ConversionReview`s at [`CONVERSION_PATH`] with `converters`, mounting the route when it is not. Only
/// the first set is used; returns false when one was already set.
pub fn serve(handle: &Handle, converters: Vec<KindConverter>) -> bool {
    attach(handle);
    handle.attach(Converters(converters))
}

async fn answer_review(State(handle): State<Handle>, body: Bytes) -> Response {
    let Some(converters) = handle.attached::<Converters>() else { return Failure::NotFound.response() };
    match review::answer(&converters.0, &body) {
        Ok(review) => {
            let body = serde_json::to_vec(&review).unwrap_or_default();
            let mut response = Response::new(body.into());
            response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
            *response.status_mut() = StatusCode::OK;
            response
        }
        Err(refusal) => refusal.response(),
    }
}
