//! Reading a serving certificate chain and its private key from PEM files; every error names the file at fault.

use std::io::Read as _;
use std::path::Path;
use std::sync::Arc;

use rustls::sign::CertifiedKey;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};

/// Certificate and key files are small; anything larger than this is not one.
const MAX_PEM_BYTES: u64 = 1024 * 1024;

/// The certificate chain in `cert` (leaf first) with the private key in `key`, checked to belong together.
pub(crate) fn load_certified_key(cert: &Path, key: &Path) -> Result<CertifiedKey, String> {
    let chain = read_chain(cert)?;
    let private_key = read_key(key)?;
    let provider = rustls::crypto::ring::default_provider();
    let signing_key = provider
        .key_provider
        .load_private_key(private_key)
        .map_err(|e| format!("{}: unsupported private key: {e}", key.display()))?;
    let certified = CertifiedKey::new(chain, Arc::clone(&signing_key));
    match certified.keys_match() {
        Ok(()) => Ok(certified),
        Err(rustls::Error::InconsistentKeys(rustls::InconsistentKeys::KeyMismatch)) => {
            Err(format!("{}: the private key does not belong to the certificate in {}", key.display(), cert.display()))
        }
        Err(rustls::Error::InconsistentKeys(rustls::InconsistentKeys::Unknown)) => Ok(certified),
        Err(error) => Err(format!("{}: cannot read the certificate: {error}", cert.display())),
    }
}

/// Every `CERTIFICATE` block of a PEM file, in order.
pub(crate) fn read_chain(path: &Path) -> Result<Vec<CertificateDer<'static>>, String> {
    let bytes = read_small(path)?;
    let chain = CertificateDer::pem_slice_iter(&bytes)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("{}: not a PEM certificate file: {e}", path.display()))?;
    if chain.is_empty() {
        return Err(format!("{}: no certificate in it (expected PEM `CERTIFICATE` blocks)", path.display()));
    }
    Ok(chain)
}

/// The first private key (PKCS #8, PKCS #1 or SEC1) of a PEM file.
fn read_key(path: &Path) -> Result<PrivateKeyDer<'static>, String> {
    let bytes = read_small(path)?;
    PrivateKeyDer::from_pem_slice(&bytes).map_err(|e| format!("{}: no PEM private key in it: {e}", path.display()))
}

fn read_small(path: &Path) -> Result<Vec<u8>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(MAX_PEM_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    if bytes.len() as u64 > MAX_PEM_BYTES {
        return Err(format!("{}: larger than {MAX_PEM_BYTES} bytes, not a certificate or key", path.display()));
    }
    Ok(bytes)
}
