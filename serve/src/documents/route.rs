//! Which fixed-shape document path a request names: discovery (`/api`, `/apis`, `/api/<v>`, `/apis/<g>`,
//! `/apis/<g>/<v>`) or OpenAPI (`/openapi/v3`, `/openapi/v3/<key>`, `/openapi/v3.1`, `/openapi/v3.1/<key>`,
//! `/openapi/v2`). The path is matched after
//! percent-decoding, as Go's mux matches `URL.Path`.

use std::borrow::Cow;

use crate::metrics::EndpointClass;

/// A document path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum DocumentPath<'p> {
    /// `/api`.
    CoreRoot,
    /// `/apis`.
    GroupsRoot,
    /// `/api/<version>`.
    CoreVersion(Cow<'p, str>),
    /// `/apis/<group>`.
    Group(Cow<'p, str>),
    /// `/apis/<group>/<version>`, as `group/version`.
    GroupVersion(Cow<'p, str>),
    /// `/openapi/v3`.
    OpenApiRoot,
    /// `/openapi/v3/<key>`.
    OpenApiV3(Cow<'p, str>),
    /// `/openapi/v3.1`.
    OpenApiV31Root,
    /// `/openapi/v3.1/<key>`.
    OpenApiV31(Cow<'p, str>),
    /// `/openapi/v2`.
    OpenApiV2,
    /// `/version`.
    Version,
}

impl DocumentPath<'_> {
    /// The metrics class of requests for this path.
    pub fn endpoint_class(&self) -> EndpointClass {
        match self {
            Self::CoreRoot | Self::GroupsRoot => EndpointClass::DISCOVERY_ROOT,
            Self::CoreVersion(_) | Self::Group(_) | Self::GroupVersion(_) => EndpointClass::DISCOVERY_LEGACY,
            Self::OpenApiRoot => EndpointClass::OPENAPI_V3_ROOT,
            Self::OpenApiV3(_) => EndpointClass::OPENAPI_V3,
            Self::OpenApiV31Root => EndpointClass::OPENAPI_V31_ROOT,
            Self::OpenApiV31(_) => EndpointClass::OPENAPI_V31,
            Self::OpenApiV2 => EndpointClass::OPENAPI_V2,
            Self::Version => EndpointClass::OPERATIONS,
        }
    }
}

/// The document path `path` names, or `None` for any other path (the router's other routes, or 404).
pub(crate) fn document_path(path: &str) -> Option<DocumentPath<'_>> {
    let decoded = percent_encoding::percent_decode_str(path).decode_utf8().ok()?;
    match decoded {
        Cow::Borrowed(path) => classify(path, Cow::Borrowed),
        Cow::Owned(path) => classify(path.as_str(), |s| Cow::Owned(s.to_owned())).map(into_owned),
    }
}

fn classify<'p>(path: &'p str, wrap: impl Fn(&'p str) -> Cow<'p, str>) -> Option<DocumentPath<'p>> {
    match path {
        "/api" => return Some(DocumentPath::CoreRoot),
        "/apis" => return Some(DocumentPath::GroupsRoot),
        "/openapi/v3" => return Some(DocumentPath::OpenApiRoot),
        "/openapi/v3.1" => return Some(DocumentPath::OpenApiV31Root),
        "/openapi/v2" => return Some(DocumentPath::OpenApiV2),
        "/version" => return Some(DocumentPath::Version),
        _ => {}
    }
    if let Some(key) = path.strip_prefix("/openapi/v3/") {
        return (!key.is_empty()).then(|| DocumentPath::OpenApiV3(wrap(key)));
    }
    if let Some(key) = path.strip_prefix("/openapi/v3.1/") {
        return (!key.is_empty()).then(|| DocumentPath::OpenApiV31(wrap(key)));
    }
    if let Some(version) = path.strip_prefix("/api/") {
        return is_segment(version).then(|| DocumentPath::CoreVersion(wrap(version)));
    }
    let rest = path.strip_prefix("/apis/")?;
    match rest.split_once('/') {
        None => is_segment(rest).then(|| DocumentPath::Group(wrap(rest))),
        Some((group, version)) => {
            (is_segment(group) && is_segment(version)).then(|| DocumentPath::GroupVersion(wrap(rest)))
        }
    }
}

/// A non-empty path segment.
fn is_segment(text: &str) -> bool {
    !text.is_empty() && !text.contains('/')
}

fn into_owned(path: DocumentPath<'_>) -> DocumentPath<'static> {
    let own = |text: Cow<'_, str>| Cow::Owned(text.into_owned());
    match path {
        DocumentPath::CoreRoot => DocumentPath::CoreRoot,
        DocumentPath::GroupsRoot => DocumentPath::GroupsRoot,
        DocumentPath::CoreVersion(v) => DocumentPath::CoreVersion(own(v)),
        DocumentPath::Group(g) => DocumentPath::Group(own(g)),
        DocumentPath::GroupVersion(gv) => DocumentPath::GroupVersion(own(gv)),
        DocumentPath::OpenApiRoot => DocumentPath::OpenApiRoot,
        DocumentPath::OpenApiV3(key) => DocumentPath::OpenApiV3(own(key)),
        DocumentPath::OpenApiV31Root => DocumentPath::OpenApiV31Root,
        DocumentPath::OpenApiV31(key) => DocumentPath::OpenApiV31(own(key)),
        DocumentPath::OpenApiV2 => DocumentPath::OpenApiV2,
        DocumentPath::Version => DocumentPath::Version,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(path: &str) -> Option<DocumentPath<'static>> {
        document_path(path).map(into_owned)
    }

    #[test]
    fn document_paths_are_recognised_and_others_are_not() {
        let owned = |s: &str| Cow::Owned(s.to_owned());
        assert_eq!(named("/api"), Some(DocumentPath::CoreRoot));
        assert_eq!(named("/apis"), Some(DocumentPath::GroupsRoot));
        assert_eq!(named("/api/v1"), Some(DocumentPath::CoreVersion(owned("v1"))));
        assert_eq!(named("/apis/apps"), Some(DocumentPath::Group(owned("apps"))));
        assert_eq!(named("/apis/apps/v1"), Some(DocumentPath::GroupVersion(owned("apps/v1"))));
        assert_eq!(named("/openapi/v3"), Some(DocumentPath::OpenApiRoot));
        assert_eq!(named("/openapi/v3/apis/apps/v1"), Some(DocumentPath::OpenApiV3(owned("apis/apps/v1"))));
        assert_eq!(named("/openapi/v3.1"), Some(DocumentPath::OpenApiV31Root));
        assert_eq!(named("/openapi/v3.1/apis/apps/v1"), Some(DocumentPath::OpenApiV31(owned("apis/apps/v1"))));
        assert_eq!(named("/openapi/v2"), Some(DocumentPath::OpenApiV2));
        assert_eq!(named("/version"), Some(DocumentPath::Version));
        for other in [
            "/",
            "/apis/",
            "/api/",
            "/apis//v1",
            "/apis/apps/v1/",
            "/apis/a/v1/groups",
            "/openapi/v3/",
            "/openapi/v3.1/",
            "/openapi/v3.2",
            "/openapi",
            "/version/",
            "/apisx",
            "/api/v1/pods",
            "/openapi/v2/x",
            "/healthz",
        ] {
            assert_eq!(named(other), None, "{other}");
        }
    }

    #[test]
    fn paths_are_matched_decoded() {
        let owned = |s: &str| Cow::Owned(s.to_owned());
        assert_eq!(named("/openapi/v3/apis%2Fapps%2Fv1"), Some(DocumentPath::OpenApiV3(owned("apis/apps/v1"))));
        assert_eq!(named("/%61pis"), Some(DocumentPath::GroupsRoot));
        assert_eq!(named("/apis/%ff"), None, "not UTF-8 once decoded");
    }
}
