//! The endpoint class a request path belongs to: the `class` label of the request metrics.

/// What kind of endpoint a request went to: a label small enough to keep the series few.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndpointClass {
    /// `/api`, `/apis`.
    DiscoveryRoot,
    /// `/api/<v>`, `/apis/<g>`, `/apis/<g>/<v>`.
    DiscoveryLegacy,
    /// `/openapi/v3`.
    OpenApiV3Root,
    /// `/openapi/v3/<gv>`.
    OpenApiV3,
    /// `/openapi/v3.1`.
    OpenApiV31Root,
    /// `/openapi/v3.1/<gv>`.
    OpenApiV31,
    /// `/openapi/v2`.
    OpenApiV2,
    /// `/version`, `/healthz`, `/livez`, `/readyz`, `/metrics`.
    Operations,
    /// `/apis/<g>/<v>/groups…` and `/apis/<g>/<v>/watch/groups…`: watchable discovery's objects.
    Groups,
    /// `/apis/coordination.k8s.io/v1/[watch/][namespaces/<ns>/]leases…`: the served identity leases.
    Leases,
    /// `/docs`, `/docs/…`: the API reference site.
    Docs,
    /// Anything else (answered 404).
    Other,
}

impl EndpointClass {
    /// Every class, in declaration order (the index is the discriminant).
    pub const ALL: [Self; 12] = [
        Self::DiscoveryRoot,
        Self::DiscoveryLegacy,
        Self::OpenApiV3Root,
        Self::OpenApiV3,
        Self::OpenApiV31Root,
        Self::OpenApiV31,
        Self::OpenApiV2,
        Self::Operations,
        Self::Groups,
        Self::Leases,
        Self::Docs,
        Self::Other,
    ];

    /// The class of a request path.
    pub fn of(path: &str) -> Self {
        let path = path.trim_end_matches('/');
        let segments = path.split('/').skip(1).count();
        match path {
            "/api" | "/apis" => Self::DiscoveryRoot,
            "/openapi/v3" => Self::OpenApiV3Root,
            "/openapi/v3.1" => Self::OpenApiV31Root,
            "/openapi/v2" => Self::OpenApiV2,
            "/version" | "/healthz" | "/livez" | "/readyz" | "/metrics" => Self::Operations,
            _ if path.starts_with("/openapi/v3/") => Self::OpenApiV3,
            _ if path.starts_with("/openapi/v3.1/") => Self::OpenApiV31,
            _ if path.starts_with("/api/") && segments == 2 => Self::DiscoveryLegacy,
            _ if path.starts_with("/apis/") && (2..=3).contains(&segments) => Self::DiscoveryLegacy,
            _ if is_groups_path(path) => Self::Groups,
            _ if is_leases_path(path) => Self::Leases,
            _ if path == "/docs" || path.starts_with("/docs/") => Self::Docs,
            _ => Self::Other,
        }
    }

    /// The label value.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::DiscoveryRoot => "discovery_root",
            Self::DiscoveryLegacy => "discovery_legacy",
            Self::OpenApiV3Root => "openapi_v3_root",
            Self::OpenApiV3 => "openapi_v3",
            Self::OpenApiV31Root => "openapi_v31_root",
            Self::OpenApiV31 => "openapi_v31",
            Self::OpenApiV2 => "openapi_v2",
            Self::Operations => "operations",
            Self::Groups => "groups",
            Self::Leases => "leases",
            Self::Docs => "docs",
            Self::Other => "other",
        }
    }
}

/// `/apis/<g>/<v>/groups[/<name>]` or `/apis/<g>/<v>/watch/groups[/<name>]`.
fn is_groups_path(path: &str) -> bool {
    let mut segments: [&str; 7] = [""; 7];
    let mut count = 0;
    for segment in path.split('/').skip(1) {
        if count == segments.len() {
            return false;
        }
        segments[count] = segment;
        count += 1;
    }
    matches!(
        &segments[..count],
        ["apis", _, _, "groups"]
            | ["apis", _, _, "groups", _]
            | ["apis", _, _, "watch", "groups"]
            | ["apis", _, _, "watch", "groups", _]
    )
}

/// `/apis/coordination.k8s.io/v1/leases`, `…/namespaces/<ns>/leases[/<name>]`, and the same after `…/v1/watch`.
fn is_leases_path(path: &str) -> bool {
    let Some(rest) = path.strip_prefix("/apis/coordination.k8s.io/v1/") else { return false };
    let rest = rest.strip_prefix("watch/").unwrap_or(rest);
    let mut segments = rest.split('/');
    matches!(
        (segments.next(), segments.next(), segments.next(), segments.next(), segments.next()),
        (Some("leases"), None, ..) | (Some("namespaces"), Some(_), Some("leases"), _, None)
    )
}
