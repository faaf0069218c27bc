//! HTTPS for the server: a serving certificate read from PEM files and reloaded when they change, and the TLS
//! accept path that gives each connection HTTP/2 or HTTP/1.1 as ALPN decided (see `docs/TLS.md`).
//!
//! ```no_run
//! # async fn run(listener: tokio::net::TcpListener, handle: kapi_serve::Handle) -> Result<(), String> {
//! use std::sync::Arc;
//! use kapi_serve::tls::{CertificateFiles, ServingCertificate, TlsAcceptor, watch_certificate};
//!
//! let files = CertificateFiles { cert: "tls.crt".into(), key: "tls.key".into() };
//! let certificate = Arc::new(ServingCertificate::load(files)?);
//! // Held while serving: dropping it stops the reloads.
//! let _watch = watch_certificate(Arc::clone(&certificate), handle.clone())?;
//! let tls = TlsAcceptor::new(certificate)?;
//! let app = kapi_serve::router(handle);
//! kapi_serve::serve_tls_with(listener, app, std::future::pending(), Default::default(), tls).await;
//! # Ok(())
//! # }
//! ```

mod accept;
mod certificate;
mod front_proxy;
pub(crate) mod metrics;
mod pem;
mod watch;

pub(crate) use accept::serve_connection;
pub use accept::{MAX_CONCURRENT_STREAMS, TlsAcceptor};
pub use certificate::{CertificateFiles, ServingCertificate};
pub use front_proxy::{Authentication, FrontProxy};
pub use watch::{CertificateWatch, watch_certificate};

#[cfg(test)]
mod front_proxy_tests;
#[cfg(test)]
mod tests;
