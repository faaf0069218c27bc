//! TLS settings for an upstream: the CA file its certificate must chain to (nothing else is trusted, as
//! kube-aggregator trusts only an APIService's `caBundle`) and, optionally, a client certificate to present (an API
//! server authenticates it against its `--client-ca-file`).

use std::path::Path;
use std::sync::Arc;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};

use super::spec::ClientIdentity;

/// TLS settings trusting exactly the certificates in `ca_file` (none for a plain-http client, which never uses
/// them), presenting `identity` when given. Every file is read now: a mistake is an error at startup.
pub(crate) fn tls_config(
    ca_file: Option<&Path>,
    identity: Option<&ClientIdentity>,
) -> Result<rustls::ClientConfig, String> {
    let mut roots = rustls::RootCertStore::empty();
    if let Some(file) = ca_file {
        for certificate in certificates(file, "CA file")? {
            roots.add(certificate).map_err(|e| format!("{}: {e}", file.display()))?;
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS settings: {e}"))?
        .with_root_certificates(roots);
    let Some(identity) = identity else { return Ok(builder.with_no_client_auth()) };
    let chain = certificates(&identity.cert, "client certificate file")?;
    let key = PrivateKeyDer::from_pem_file(&identity.key)
        .map_err(|e| format!("cannot read a private key from {}: {e}", identity.key.display()))?;
    builder.with_client_auth_cert(chain, key).map_err(|e| {
        format!("the client certificate {} and key {}: {e}", identity.cert.display(), identity.key.display())
    })
}

/// Every PEM certificate in `file`; none at all is an error.
fn certificates(file: &Path, what: &str) -> Result<Vec<CertificateDer<'static>>, String> {
    let read =
        CertificateDer::pem_file_iter(file).map_err(|e| format!("cannot read the {what} {}: {e}", file.display()))?;
    let found = read.collect::<Result<Vec<_>, _>>().map_err(|e| format!("{}: {e}", file.display()))?;
    if found.is_empty() {
        return Err(format!("{} holds no PEM certificate", file.display()));
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreadable_or_empty_files_are_named() {
        let dir = std::env::temp_dir().join(format!("kapi-client-tls-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let empty = dir.join("empty.pem");
        std::fs::write(&empty, "no certificate here\n").expect("write");
        let error = tls_config(Some(&empty), None).expect_err("empty CA");
        assert!(error.contains("holds no PEM certificate") && error.contains("empty.pem"), "{error}");
        let error = tls_config(Some(&dir.join("absent.pem")), None).expect_err("missing CA");
        assert!(error.contains("cannot read the CA file") && error.contains("absent.pem"), "{error}");
        let identity = ClientIdentity { cert: dir.join("absent-cert.pem"), key: dir.join("absent-key.pem") };
        let error = tls_config(None, Some(&identity)).expect_err("missing client certificate");
        assert!(error.contains("client certificate file") && error.contains("absent-cert.pem"), "{error}");
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }
}
