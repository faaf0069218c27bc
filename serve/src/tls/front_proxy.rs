//! Request-header authentication, as an API server behind kube-apiserver does: kube-apiserver, proxying (the
//! "front proxy"), presents a client certificate signed by a CA of its own and names the user it acts for in
//! `X-Remote-User` (groups in `X-Remote-Group`). Such requests are trusted; any other request reaching a protected
//! path is refused with 401, so a client cannot claim a user by sending the header itself.

use std::path::PathBuf;
use std::sync::Arc;

use axum::http::HeaderMap;
use rustls::RootCertStore;
use rustls::server::WebPkiClientVerifier;
use rustls::server::danger::ClientCertVerifier;
use rustls_pki_types::CertificateDer;

use super::pem::read_chain;

/// The paths anyone may read, as kube-apiserver's `system:public-info-viewer` role grants them to unauthenticated
/// users: probes and the version.
const PUBLIC_PATHS: [&str; 5] = ["/healthz", "/livez", "/readyz", "/version", "/version/"];

/// How requests from the front proxy are recognised (kube-apiserver's `--requestheader-*` flags).
#[derive(Debug, Clone)]
pub struct FrontProxy {
    /// The CA that signs the front proxy's client certificate (`--requestheader-client-ca-file`).
    pub client_ca: PathBuf,
    /// The common names a client certificate may have (`--requestheader-allowed-names`); empty: any certificate
    /// the CA signed.
    pub allowed_names: Vec<String>,
    /// The headers naming the user, the first present wins (`--requestheader-username-headers`).
    pub username_headers: Vec<String>,
    /// The headers naming the user's groups, every value of each (`--requestheader-group-headers`).
    pub group_headers: Vec<String>,
}

impl FrontProxy {
    /// kube-apiserver's usual headers (`X-Remote-User`, `X-Remote-Group`) for the front proxy signed by
    /// `client_ca`, with any common name.
    pub fn new(client_ca: impl Into<PathBuf>) -> Self {
        Self {
            client_ca: client_ca.into(),
            allowed_names: Vec::new(),
            username_headers: vec!["X-Remote-User".to_owned()],
            group_headers: vec!["X-Remote-Group".to_owned()],
        }
    }

    /// The TLS client verifier: certificates are optional (probes and direct clients connect without one), but one
    /// that is presented must chain to the client CA, or the handshake fails.
    pub(crate) fn verifier(&self) -> Result<Arc<dyn ClientCertVerifier>, String> {
        let mut roots = RootCertStore::empty();
        for certificate in read_chain(&self.client_ca)? {
            roots
                .add(certificate)
                .map_err(|e| format!("{}: not a usable CA certificate: {e}", self.client_ca.display()))?;
        }
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        WebPkiClientVerifier::builder_with_provider(Arc::new(roots), provider)
            .allow_unauthenticated()
            .build()
            .map_err(|e| format!("{}: cannot verify client certificates with it: {e}", self.client_ca.display()))
    }

    /// Whether the connection's client certificate (verified by the handshake already) is the front proxy's: one
    /// whose common name is allowed.
    pub(crate) fn is_front_proxy(&self, peer_certificates: Option<&[CertificateDer<'_>]>) -> bool {
        let Some(leaf) = peer_certificates.and_then(<[_]>::first) else { return false };
        if self.allowed_names.is_empty() {
            return true;
        }
        common_names(leaf).iter().any(|name| self.allowed_names.contains(name))
    }

    /// Who a request is from: the user the front proxy names, or anonymous.
    pub(crate) fn authenticate(&self, from_front_proxy: bool, headers: &HeaderMap) -> Authentication {
        if !from_front_proxy {
            return Authentication::Anonymous;
        }
        let user = self
            .username_headers
            .iter()
            .filter_map(|name| headers.get(name.as_str()))
            .filter_map(|value| value.to_str().ok())
            .find(|value| !value.is_empty());
        let Some(user) = user else { return Authentication::Anonymous };
        let groups = self
            .group_headers
            .iter()
            .flat_map(|name| headers.get_all(name.as_str()))
            .filter_map(|value| value.to_str().ok())
            .map(str::to_owned)
            .collect();
        Authentication::User { name: user.to_owned(), groups }
    }
}

/// Who sent a request, on a server that authenticates them ([`FrontProxy`]); a request extension.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Authentication {
    /// The user (and groups) the front proxy named.
    User {
        /// `X-Remote-User`.
        name: String,
        /// `X-Remote-Group`, in order.
        groups: Vec<String>,
    },
    /// No credentials: only the probes (`/healthz`, `/livez`, `/readyz`) and `/version` are served.
    Anonymous,
}

impl Authentication {
    /// Whether this request may read `path`.
    pub(crate) fn may_read(&self, path: &str) -> bool {
        matches!(self, Self::User { .. }) || PUBLIC_PATHS.contains(&path)
    }
}

/// The subject's common names of a DER certificate (none when it does not parse).
fn common_names(certificate: &CertificateDer<'_>) -> Vec<String> {
    let Ok((_, parsed)) = x509_parser::parse_x509_certificate(certificate.as_ref()) else { return Vec::new() };
    parsed.subject().iter_common_name().filter_map(|name| name.as_str().ok()).map(str::to_owned).collect()
}
