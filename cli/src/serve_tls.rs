//! `kapi serve`'s TLS options: a certificate and key to serve HTTPS with (reloaded when their files change), or a
//! directory where a CA and a serving certificate for local use are made (or found again).

use std::collections::BTreeSet;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use kapi_runtime::tls::{
    CertificateFiles, CertificateWatch, FrontProxy, ServingCertificate, TlsAcceptor, watch_certificate,
};
use kapi_runtime::{Handle, ServeLimits};

use crate::self_signed;

/// Options of `kapi serve` for HTTPS.
#[derive(Debug, Args)]
pub struct TlsArgs {
    /// Serve HTTPS (HTTP/2 and HTTP/1.1) with this certificate chain (PEM, leaf first); needs --tls-key. Both files
    /// are reloaded when they change; a pair that does not load leaves the current one serving.
    #[arg(long, value_name = "FILE", requires = "tls_key", conflicts_with = "self_signed")]
    tls_cert: Option<PathBuf>,
    /// The private key of --tls-cert (PEM: PKCS #8, PKCS #1 or SEC1).
    #[arg(long, value_name = "FILE", requires = "tls_cert", conflicts_with = "self_signed")]
    tls_key: Option<PathBuf>,
    /// Serve HTTPS with a CA and a serving certificate kept in DIR (`ca.crt`, `ca.key`, `tls.crt`, `tls.key`),
    /// made when missing or no longer valid, for localhost, the loopback addresses, this host's name and the
    /// listening and advertised hosts. Clients trust `DIR/ca.crt`.
    #[arg(long, value_name = "DIR")]
    self_signed: Option<PathBuf>,
    /// Another name the --self-signed certificate covers (repeatable), e.g. the Service name kube-apiserver's
    /// aggregator reaches this server at when it is an APIService's backend: `NAME.NAMESPACE.svc`.
    #[arg(long, value_name = "NAME", requires = "self_signed")]
    self_signed_name: Vec<String>,
    /// Authenticate requests as an aggregated API server behind kube-apiserver does: a client certificate signed
    /// by this CA (the front proxy's, kube-apiserver's `--requestheader-client-ca-file`) makes the user named in
    /// the username header trusted; any other request is refused with 401, except probes and `/version`. Needs
    /// HTTPS.
    #[arg(long, value_name = "FILE")]
    requestheader_client_ca_file: Option<PathBuf>,
    /// The common names the front proxy's certificate may have (comma-separated or repeated); none: any the CA
    /// signed.
    #[arg(long, value_name = "NAMES", value_delimiter = ',', requires = "requestheader_client_ca_file")]
    requestheader_allowed_names: Vec<String>,
    /// The headers naming the user, the first present wins.
    #[arg(long, value_name = "HEADERS", value_delimiter = ',', default_value = "X-Remote-User")]
    requestheader_username_headers: Vec<String>,
    /// The headers naming the user's groups.
    #[arg(long, value_name = "HEADERS", value_delimiter = ',', default_value = "X-Remote-Group")]
    requestheader_group_headers: Vec<String>,
}

/// HTTPS as the options asked for: the acceptor connections go through, and the watch that reloads its certificate
/// (held while serving).
#[derive(Debug)]
pub struct Tls {
    acceptor: TlsAcceptor,
    _watch: CertificateWatch,
}

impl TlsArgs {
    /// `None` for plain HTTP. `listening` and `advertised` (`--advertise-address`) add to a self-signed
    /// certificate's names.
    pub fn start(
        &self,
        listening: SocketAddr,
        advertised: Option<&str>,
        handle: &Handle,
    ) -> Result<Option<Tls>, String> {
        let files = match (&self.tls_cert, &self.tls_key, &self.self_signed) {
            (Some(cert), Some(key), _) => CertificateFiles { cert: cert.clone(), key: key.clone() },
            (_, _, Some(dir)) => {
                let mut names = self_signed_names(listening, advertised);
                names.extend(self.self_signed_name.iter().cloned());
                let made = self_signed::ensure(dir, &names)?;
                tracing::info!(dir = %dir.display(), outcome = made.outcome, "self-signed certificate");
                // On stderr: stdout's first line is the `listening on` line scripts wait for.
                eprintln!("clients trust the CA {0} (kubectl --certificate-authority={0})", made.ca.display());
                CertificateFiles { cert: made.cert, key: made.key }
            }
            _ if self.requestheader_client_ca_file.is_some() => {
                return Err("--requestheader-client-ca-file needs HTTPS (--tls-cert or --self-signed): the front \
                            proxy is known by its client certificate"
                    .to_owned());
            }
            _ => return Ok(None),
        };
        let certificate = Arc::new(ServingCertificate::load(files)?);
        let watch = watch_certificate(Arc::clone(&certificate), handle.clone())?;
        let acceptor = match self.front_proxy() {
            Some(front_proxy) => TlsAcceptor::with_front_proxy(certificate, front_proxy)?,
            None => TlsAcceptor::new(certificate)?,
        };
        Ok(Some(Tls { acceptor, _watch: watch }))
    }

    /// Request-header authentication as the options describe it, when asked for.
    fn front_proxy(&self) -> Option<FrontProxy> {
        let client_ca = self.requestheader_client_ca_file.as_ref()?;
        let names = |values: &[String]| values.iter().filter(|v| !v.is_empty()).cloned().collect::<Vec<_>>();
        Some(FrontProxy {
            client_ca: client_ca.clone(),
            allowed_names: names(&self.requestheader_allowed_names),
            username_headers: names(&self.requestheader_username_headers),
            group_headers: names(&self.requestheader_group_headers),
        })
    }
}

/// Serves `app` over HTTPS when `tls` is given, plain HTTP otherwise, until `shutdown` resolves.
pub async fn serve(
    listener: tokio::net::TcpListener,
    handle: Handle,
    shutdown: impl Future<Output = ()>,
    limits: ServeLimits,
    tls: Option<Tls>,
) {
    match tls {
        Some(tls) => {
            kapi_runtime::serve_bundle_tls(listener, handle, shutdown, limits, tls.acceptor.clone()).await;
            // Held until here: dropping it stops the certificate reloads.
            drop(tls);
        }
        // Plain HTTP gets the connection fast path in front of the router.
        None => kapi_runtime::serve_bundle(listener, handle, shutdown, limits).await,
    }
}

/// The names a self-signed serving certificate covers: the loopback names, this host's name, and the listening
/// and advertised hosts when they are specific.
fn self_signed_names(listening: SocketAddr, advertised: Option<&str>) -> BTreeSet<String> {
    let mut names: BTreeSet<String> = ["localhost", "127.0.0.1", "::1"].into_iter().map(str::to_owned).collect();
    names.insert(crate::identity::machine_hostname());
    if !listening.ip().is_unspecified() {
        names.insert(listening.ip().to_string());
    }
    if let Some(host) = advertised.map(host_of).filter(|host| !host.is_empty()) {
        names.insert(host);
    }
    names
}

/// The host of `HOST`, `HOST:PORT`, `[IPV6]:PORT` or a bare IPv6 address.
fn host_of(address: &str) -> String {
    if let Ok(ip) = address.parse::<IpAddr>() {
        return ip.to_string();
    }
    if let Ok(socket) = address.parse::<SocketAddr>() {
        return socket.ip().to_string();
    }
    match address.rsplit_once(':') {
        Some((host, port)) if port.parse::<u16>().is_ok() => host.trim_matches(['[', ']']).to_owned(),
        _ => address.trim_matches(['[', ']']).to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_advertised_host_is_taken_without_its_port() {
        assert_eq!(host_of("api.example.com:6443"), "api.example.com");
        assert_eq!(host_of("api.example.com"), "api.example.com");
        assert_eq!(host_of("10.0.0.7:443"), "10.0.0.7");
        assert_eq!(host_of("[fd00::7]:443"), "fd00::7");
        assert_eq!(host_of("fd00::7"), "fd00::7");
    }

    #[test]
    fn self_signed_names_cover_loopback_and_the_specific_hosts() {
        let any: SocketAddr = "0.0.0.0:8443".parse().expect("address");
        let names = self_signed_names(any, None);
        for name in ["localhost", "127.0.0.1", "::1"] {
            assert!(names.contains(name), "{names:?}");
        }
        assert!(!names.contains("0.0.0.0"), "an unspecified listening address is no name: {names:?}");
        let specific: SocketAddr = "192.0.2.10:8443".parse().expect("address");
        let names = self_signed_names(specific, Some("kapi.example.com:443"));
        assert!(names.contains("192.0.2.10") && names.contains("kapi.example.com"), "{names:?}");
    }
}
