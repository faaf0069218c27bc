//! Following the certificate files: a thread looks at them every second and reloads the pair when they change.

use std::sync::Arc;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use super::certificate::ServingCertificate;
use crate::handle::Handle;

/// How often the files are looked at: cheap (two `stat`s), and soon enough for a rotation.
const POLL_EVERY: Duration = Duration::from_secs(1);

/// Reloads a [`ServingCertificate`] when its files change, until dropped.
#[derive(Debug)]
pub struct CertificateWatch {
    // Dropping the sender wakes the thread, which then ends.
    _stop: mpsc::Sender<()>,
}

/// Looks at `certificate`'s files every second; a changed pair is loaded and served from the next handshake on,
/// a pair that does not load is logged and left (the current one keeps serving). Both are counted in `handle`'s
/// metrics (`kapi_tls_certificate_reloads_total`).
pub fn watch_certificate(certificate: Arc<ServingCertificate>, handle: Handle) -> Result<CertificateWatch, String> {
    watch_every(certificate, handle, POLL_EVERY)
}

pub(crate) fn watch_every(
    certificate: Arc<ServingCertificate>,
    handle: Handle,
    every: Duration,
) -> Result<CertificateWatch, String> {
    let (stop, stopped) = mpsc::channel::<()>();
    std::thread::Builder::new()
        .name("kapi-tls-reload".to_owned())
        .spawn(move || {
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(every) {
                check(&certificate, &handle);
            }
        })
        .map_err(|e| format!("cannot start the certificate watch: {e}"))?;
    Ok(CertificateWatch { _stop: stop })
}

fn check(certificate: &ServingCertificate, handle: &Handle) {
    let metrics = handle.metrics().tls();
    match certificate.reload_if_changed() {
        None => {}
        Some(Ok(())) => {
            metrics.observe_reload("succeeded");
            tracing::info!(cert = %certificate.files().cert.display(), "serving certificate reloaded");
        }
        Some(Err(error)) => {
            metrics.observe_reload("failed");
            tracing::warn!(%error, "serving certificate reload failed; still serving the previous certificate");
        }
    }
}
