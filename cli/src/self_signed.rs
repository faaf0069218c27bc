//! `kapi serve --self-signed DIR`: a CA and a serving certificate it signs, for local use. What DIR already holds is
//! reused while it is valid (so kubeconfigs that trust the CA keep working across restarts): the whole set when the
//! serving certificate still covers every name for a month more, otherwise a new serving certificate from the same
//! CA, and a new CA only when the old one cannot sign any more.

use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use rcgen::{
    BasicConstraints, CertificateParams, DistinguishedName, DnType, ExtendedKeyUsagePurpose, IsCa, Issuer, KeyPair,
    KeyUsagePurpose,
};
use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::ServerCertVerifier as _;
use rustls::pki_types::pem::PemObject as _;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use rustls::sign::CertifiedKey;

/// How long a new CA is valid.
const CA_VALIDITY: Duration = Duration::from_secs(10 * 365 * 86_400);
/// How long a new serving certificate is valid.
const SERVING_VALIDITY: Duration = Duration::from_secs(365 * 86_400);
/// A pair that expires sooner than this is replaced rather than reused.
const RENEW_BEFORE: Duration = Duration::from_secs(30 * 86_400);
/// The CA's subject, the same every time: a serving certificate reissued by a reused CA names it as its issuer.
const CA_NAME: &str = "kapi serve local CA";

/// What `--self-signed` left in its directory.
#[derive(Debug)]
pub struct SelfSigned {
    /// The CA certificate clients trust (`kubectl --certificate-authority`).
    pub ca: PathBuf,
    /// The serving certificate chain.
    pub cert: PathBuf,
    /// The serving certificate's private key.
    pub key: PathBuf,
    /// What was done: `reused`, `reissued` (new serving certificate, same CA) or `created`.
    pub outcome: &'static str,
}

/// Makes sure `dir` holds a CA and a serving certificate valid for every one of `names` (those that are host
/// names or IP addresses; others are left out with a warning).
pub fn ensure(dir: &Path, names: &BTreeSet<String>) -> Result<SelfSigned, String> {
    let (names, skipped): (BTreeSet<String>, BTreeSet<String>) =
        names.iter().cloned().partition(|name| ServerName::try_from(name.as_str()).is_ok());
    if !skipped.is_empty() {
        tracing::warn!(?skipped, "not host names or addresses; the self-signed certificate leaves them out");
    }
    let names = &names;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let paths =
        |outcome| SelfSigned { ca: dir.join("ca.crt"), cert: dir.join("tls.crt"), key: dir.join("tls.key"), outcome };
    let found = paths("reused");
    let ca_key_path = dir.join("ca.key");
    if serving_pair_is_valid(&found, names) {
        return Ok(found);
    }
    if let Some((ca, ca_key)) = reusable_ca(&found.ca, &ca_key_path) {
        let (cert, key) = issue(&ca_key, names)?;
        if verifies(&ca, &[cert.der().clone()], names) {
            write_serving(&found, &cert.pem(), &key.serialize_pem())?;
            return Ok(paths("reissued"));
        }
    }
    let ca_key = KeyPair::generate().map_err(|e| format!("cannot generate the CA key: {e}"))?;
    let ca = ca_params(CA_VALIDITY).self_signed(&ca_key).map_err(|e| format!("cannot make the CA: {e}"))?;
    let (cert, key) = issue(&ca_key, names)?;
    write_file(&found.ca, ca.pem().as_bytes(), 0o644)?;
    write_file(&ca_key_path, ca_key.serialize_pem().as_bytes(), 0o600)?;
    write_serving(&found, &cert.pem(), &key.serialize_pem())?;
    Ok(paths("created"))
}

/// The CA's parameters; only its key and these (not its dates) go into the certificates it signs.
fn ca_params(validity: Duration) -> CertificateParams {
    let mut params = CertificateParams::default();
    params.distinguished_name = DistinguishedName::new();
    params.distinguished_name.push(DnType::CommonName, CA_NAME);
    params.is_ca = IsCa::Ca(BasicConstraints::Constrained(0));
    params.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign, KeyUsagePurpose::DigitalSignature];
    set_validity(&mut params, validity);
    params
}

fn set_validity(params: &mut CertificateParams, validity: Duration) {
    let now = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default();
    let at = |seconds: u64| time::OffsetDateTime::from_unix_timestamp(i64::try_from(seconds).unwrap_or(i64::MAX));
    // An hour of slack for clocks a little behind this one.
    if let (Ok(from), Ok(until)) = (at(now.as_secs().saturating_sub(3600)), at((now + validity).as_secs())) {
        (params.not_before, params.not_after) = (from, until);
    }
}

/// A new serving certificate for `names`, signed by the CA's key, and its own key.
fn issue(ca_key: &KeyPair, names: &BTreeSet<String>) -> Result<(rcgen::Certificate, KeyPair), String> {
    let mut params = CertificateParams::new(names.iter().cloned().collect::<Vec<_>>())
        .map_err(|e| format!("cannot make a certificate for {names:?}: {e}"))?;
    params.distinguished_name = DistinguishedName::new();
    params.distinguished_name.push(DnType::CommonName, "kapi serve");
    params.key_usages = vec![KeyUsagePurpose::DigitalSignature, KeyUsagePurpose::KeyEncipherment];
    params.extended_key_usages = vec![ExtendedKeyUsagePurpose::ServerAuth];
    params.use_authority_key_identifier_extension = true;
    set_validity(&mut params, SERVING_VALIDITY);
    let key = KeyPair::generate().map_err(|e| format!("cannot generate the serving key: {e}"))?;
    let issuer = Issuer::new(ca_params(CA_VALIDITY), ca_key);
    let cert = params.signed_by(&key, &issuer).map_err(|e| format!("cannot sign the serving certificate: {e}"))?;
    Ok((cert, key))
}

/// The existing serving pair verifies against the existing CA for every name, now and a month from now, and its key
/// is the certificate's.
fn serving_pair_is_valid(found: &SelfSigned, names: &BTreeSet<String>) -> bool {
    let (Ok(ca), Ok(chain)) = (std::fs::read(&found.ca), std::fs::read(&found.cert)) else { return false };
    let (Ok(ca), Ok(chain)) = (CertificateDer::from_pem_slice(&ca), read_chain(&chain)) else { return false };
    verifies(&ca, &chain, names) && key_matches(&chain, &found.key)
}

fn read_chain(pem: &[u8]) -> Result<Vec<CertificateDer<'static>>, rustls::pki_types::pem::Error> {
    CertificateDer::pem_slice_iter(pem).collect()
}

/// Whether `chain` verifies against the CA `ca` as a server certificate for each of `names`, now and a month on.
fn verifies(ca: &CertificateDer<'static>, chain: &[CertificateDer<'static>], names: &BTreeSet<String>) -> bool {
    let Some((leaf, intermediates)) = chain.split_first() else { return false };
    let mut roots = rustls::RootCertStore::empty();
    if roots.add(ca.clone()).is_err() {
        return false;
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let Ok(verifier) = WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider).build() else {
        return false;
    };
    let now = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default();
    names.iter().all(|name| {
        let Ok(server_name) = ServerName::try_from(name.as_str()) else { return false };
        [now, now + RENEW_BEFORE].into_iter().all(|at| {
            let at = UnixTime::since_unix_epoch(at);
            verifier.verify_server_cert(leaf, intermediates, &server_name, &[], at).is_ok()
        })
    })
}

/// Whether the private key in `key_path` belongs to the first certificate of `chain` (a CA's or a serving one).
fn key_matches(chain: &[CertificateDer<'static>], key_path: &Path) -> bool {
    let Ok(key) =
        std::fs::read(key_path).map_err(drop).and_then(|pem| PrivateKeyDer::from_pem_slice(&pem).map_err(drop))
    else {
        return false;
    };
    let provider = rustls::crypto::ring::default_provider();
    let Ok(signing_key) = provider.key_provider.load_private_key(key) else { return false };
    CertifiedKey::new(chain.to_vec(), signing_key).keys_match().is_ok()
}

/// The CA in `ca_path` with its key from `key_path`, when both read and belong together.
fn reusable_ca(ca_path: &Path, key_path: &Path) -> Option<(CertificateDer<'static>, KeyPair)> {
    let ca = CertificateDer::from_pem_slice(&std::fs::read(ca_path).ok()?).ok()?;
    if !key_matches(std::slice::from_ref(&ca), key_path) {
        return None;
    }
    let key = KeyPair::from_pem(&std::fs::read_to_string(key_path).ok()?).ok()?;
    Some((ca, key))
}

fn write_serving(paths: &SelfSigned, cert: &str, key: &str) -> Result<(), String> {
    // The key first: a reader that sees the new certificate then also finds its key (the server's reload retries
    // a mismatched pair when the other file changes anyway).
    write_file(&paths.key, key.as_bytes(), 0o600)?;
    write_file(&paths.cert, cert.as_bytes(), 0o644)
}

/// Writes `bytes` to a temporary file beside `path` with `mode`, then renames it over `path`, so a reader sees the
/// old file or the new one, never part of one, and a key is never readable by others even briefly.
fn write_file(path: &Path, bytes: &[u8], mode: u32) -> Result<(), String> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.tmp"));
    // A leftover temporary file would keep its old mode through the open below.
    let _ = std::fs::remove_file(&temporary);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, mode);
    #[cfg(not(unix))]
    let _ = mode;
    let written = options.open(&temporary).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    written
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
