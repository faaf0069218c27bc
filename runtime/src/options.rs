//! How a bundle is built from its files: the options every part of loading reads.

/// Encodes an OpenAPI JSON document as gnostic protobuf; the error says why the document cannot be encoded.
pub type ProtobufEncoder = fn(&serde_json::Value) -> Result<Vec<u8>, String>;

/// How a bundle is built from its files.
#[derive(Debug, Clone)]
pub struct LoadOptions {
    /// Filled into `/api`'s `serverAddressByClientCIDRs` when the document leaves it empty (`host:port`).
    pub server_address: Option<String>,
    /// The OpenAPI v2 protobuf encoder. `None`: `/openapi/v2` is served as JSON only, without a warning. An encoder
    /// that fails leaves JSON only too, and the bundle warns ([`Bundle::warnings`](crate::Bundle::warnings)).
    pub openapi_v2_protobuf: Option<ProtobufEncoder>,
    /// The OpenAPI v3 protobuf encoder, for every group-version document; same rules.
    pub openapi_v3_protobuf: Option<ProtobufEncoder>,
    /// The group watchable discovery's `groups` resource is served in (`/apis/<group>/v1alpha1/groups`), when the
    /// bundle's discovery lists it there; `discovery.k8s.io` by default.
    pub discovery_group: String,
    /// The API reference site at `/docs/`, built from the bundle's `model.json`.
    pub docs: DocsOptions,
}

/// How the API reference site (`/docs/`) is built; it is built only for a bundle with a `model.json`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocsOptions {
    /// Serve the site; `false`: `/docs/` is not found.
    pub enabled: bool,
    /// The site's title: its header, its index page's heading and every page's `<title>`.
    pub title: String,
    /// A logo shown beside the title (SVG or PNG).
    pub logo: Option<kapi_reference::Logo>,
}

impl Default for DocsOptions {
    /// Enabled, titled `API reference`, without a logo.
    fn default() -> Self {
        Self { enabled: true, title: "API reference".to_owned(), logo: None }
    }
}

impl Default for LoadOptions {
    /// No server address; kapi-gnostic's encoders with the `gnostic` feature, none without it; groups served in
    /// `discovery.k8s.io`; the reference site served.
    fn default() -> Self {
        #[cfg(feature = "gnostic")]
        let (v2, v3): (Option<ProtobufEncoder>, Option<ProtobufEncoder>) = (Some(gnostic_v2), Some(gnostic_v3));
        #[cfg(not(feature = "gnostic"))]
        let (v2, v3) = (None, None);
        Self {
            server_address: None,
            openapi_v2_protobuf: v2,
            openapi_v3_protobuf: v3,
            discovery_group: kapi_meta::discovery::v1alpha1::DEFAULT_GROUP.to_owned(),
            docs: DocsOptions::default(),
        }
    }
}

/// kapi-gnostic's v2 encoder as a [`ProtobufEncoder`]; its error (every problem found) becomes one message.
#[cfg(feature = "gnostic")]
fn gnostic_v2(document: &serde_json::Value) -> Result<Vec<u8>, String> {
    kapi_gnostic::openapi_v2_protobuf(document).map_err(|e| e.to_string())
}

/// kapi-gnostic's v3 encoder as a [`ProtobufEncoder`].
#[cfg(feature = "gnostic")]
fn gnostic_v3(document: &serde_json::Value) -> Result<Vec<u8>, String> {
    kapi_gnostic::openapi_v3_protobuf(document).map_err(|e| e.to_string())
}
