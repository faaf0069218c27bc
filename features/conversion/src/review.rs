//! Answering one `ConversionReview` body with the converters: the converted objects, or a `Failure` result.

use kapi_meta::apiextensions::v1::{ConversionRequest, ConversionResponse, ConversionReview};
use kapi_meta::meta::v1::{ListMeta, Status};
use kapi_model::conversion::KindConverter;
use kapi_serve::status::Refusal;
use serde_json::Value;

/// The `ConversionReview` versions answered, each in its own version.
const REVIEW_API_VERSIONS: [&str; 2] = ["apiextensions.k8s.io/v1", "apiextensions.k8s.io/v1beta1"];

/// The answer to one review body: converted objects, or a `Failure` result; a body that is not a review is refused.
pub(crate) fn answer(converters: &[KindConverter], body: &[u8]) -> Result<ConversionReview, Refusal> {
    let review: ConversionReview = serde_json::from_slice(body)
        .map_err(|error| Refusal::BadRequest(format!("the body is not a ConversionReview: {error}")))?;
    let (api_version, kind) = (review.type_meta.api_version.as_deref(), review.type_meta.kind.as_deref());
    if kind != Some("ConversionReview") || !api_version.is_some_and(|v| REVIEW_API_VERSIONS.contains(&v)) {
        return Err(Refusal::BadRequest(format!(
            "expected a ConversionReview of {}, got {} {}",
            REVIEW_API_VERSIONS.join(" or "),
            api_version.unwrap_or("(no apiVersion)"),
            kind.unwrap_or("(no kind)")
        )));
    }
    let Some(request) = review.request else {
        return Err(Refusal::BadRequest("the ConversionReview has no request".to_owned()));
    };
    if request.uid.is_empty() {
        return Err(Refusal::BadRequest("the ConversionReview's request has no uid".to_owned()));
    }
    let (converted_objects, result) = match convert_all(converters, &request) {
        Ok(objects) => (objects, result("Success", None)),
        Err(message) => (Vec::new(), result("Failure", Some(message))),
    };
    let response = ConversionResponse { uid: request.uid, converted_objects, result };
    Ok(ConversionReview { type_meta: review.type_meta, request: None, response: Some(response) })
}

fn result(status: &str, message: Option<String>) -> Status {
    Status { metadata: ListMeta::default(), status: Some(status.to_owned()), message, ..Status::default() }
}

/// Every object converted, in order, or the first that cannot be, named by position, kind and name.
fn convert_all(converters: &[KindConverter], request: &ConversionRequest) -> Result<Vec<Value>, String> {
    let desired = &request.desired_api_version;
    let desired_group = desired.split_once('/').map_or("", |(group, _)| group);
    request
        .objects
        .iter()
        .enumerate()
        .map(|(index, object)| {
            let text = |pointer: &str| object.pointer(pointer).and_then(Value::as_str).unwrap_or_default();
            let (api_version, kind, name) = (text("/apiVersion"), text("/kind"), text("/metadata/name"));
            let describe = || format!("object {index} ({api_version} {kind} {name:?})");
            let group = api_version.split_once('/').map_or("", |(group, _)| group);
            if group != desired_group {
                return Err(format!("{}: cannot be converted to another group's {desired}", describe()));
            }
            let converter = converters.iter().find(|c| c.group == group && c.kind == kind);
            let converter =
                converter.ok_or_else(|| format!("{}: this webhook does not convert that kind", describe()))?;
            converter.convert_to(object.clone(), desired).map_err(|error| format!("{}: {error}", describe()))
        })
        .collect()
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
