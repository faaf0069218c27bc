//! The serving certificate: the key pair handed to every TLS handshake, swapped atomically when its files change.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use arc_swap::ArcSwap;
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;

use super::pem::load_certified_key;

/// Where a serving certificate chain and its private key are read from (both PEM).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CertificateFiles {
    /// The certificate chain, leaf first.
    pub cert: PathBuf,
    /// The leaf's private key (PKCS #8, PKCS #1 or SEC1).
    pub key: PathBuf,
}

/// What a file looked like when last read: a change in any part means it was rewritten or replaced.
/// `None` when it could not be looked at (missing, say), which is a state of its own.
type FileStamp = Option<(u64, SystemTime, u64)>;

fn stamp(path: &Path) -> FileStamp {
    let metadata = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    let inode = std::os::unix::fs::MetadataExt::ino(&metadata);
    #[cfg(not(unix))]
    let inode = 0;
    Some((metadata.len(), metadata.modified().ok()?, inode))
}

/// The certificate every handshake gets (a rustls [`ResolvesServerCert`]); [`ServingCertificate::reload_if_changed`]
/// replaces it when its files change, and a pair that does not load leaves the current one in place.
#[derive(Debug)]
pub struct ServingCertificate {
    files: CertificateFiles,
    current: ArcSwap<CertifiedKey>,
    /// The files' stamps when last read, so an unchanged pair is not read (or reported failing) again.
    seen: Mutex<(FileStamp, FileStamp)>,
}

impl ServingCertificate {
    /// Reads the pair; an error names the file at fault.
    pub fn load(files: CertificateFiles) -> Result<Self, String> {
        let seen = (stamp(&files.cert), stamp(&files.key));
        let key = load_certified_key(&files.cert, &files.key)?;
        Ok(Self { files, current: ArcSwap::from_pointee(key), seen: Mutex::new(seen) })
    }

    /// The files this certificate is read from.
    pub fn files(&self) -> &CertificateFiles {
        &self.files
    }

    /// The certificate chain and key new handshakes get.
    pub fn current(&self) -> Arc<CertifiedKey> {
        self.current.load_full()
    }

    /// Reads the files again if they changed since last read: `None` when they did not, otherwise whether the new
    /// pair loaded (and is now served) or why not (the previous pair keeps serving).
    pub fn reload_if_changed(&self) -> Option<Result<(), String>> {
        let now = (stamp(&self.files.cert), stamp(&self.files.key));
        {
            // A poisoned lock only means a panic elsewhere mid-update; the stamps are still usable.
            let mut seen = self.seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if *seen == now {
                return None;
            }
            // Recorded before reading: a file that changes again meanwhile is read again next time.
            *seen = now;
        }
        Some(load_certified_key(&self.files.cert, &self.files.key).map(|key| self.current.store(Arc::new(key))))
    }
}

impl ResolvesServerCert for ServingCertificate {
    fn resolve(&self, _client_hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        Some(self.current())
    }
}
