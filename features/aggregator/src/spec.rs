//! An upstream as named on the command line:
//! `NAME=URL[,ca=FILE][,token-file=FILE][,cert=FILE,key=FILE][,gv=GROUP/VERSION]…`.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::str::FromStr;

/// A group and version; the core group is `""` (written `v1` on the command line, as `--runtime-config` does).
pub type GroupVersionKey = (String, String);

/// One upstream API server the aggregator serves discovery and OpenAPI for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpstreamSpec {
    /// A short name for logs and metrics (`[a-z0-9-]`).
    pub name: String,
    /// `http://host:port` or `https://host:port`, optionally with a path prefix.
    pub url: String,
    /// The PEM certificates an https upstream's certificate must chain to.
    pub ca_file: Option<PathBuf>,
    /// A file holding the bearer token sent to an https upstream (re-read when it changes).
    pub token_file: Option<PathBuf>,
    /// A client certificate presented to an https upstream.
    pub client_identity: Option<ClientIdentity>,
    /// The group-versions taken from this upstream, the way an APIService registers one; empty takes all it
    /// serves. Listed ones are published (empty and Stale) even before the upstream first answers.
    pub group_versions: BTreeSet<GroupVersionKey>,
}

/// A client certificate (chain) and its private key, PEM files read at startup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientIdentity {
    /// The certificate, then any intermediates.
    pub cert: PathBuf,
    /// Its private key (PKCS#8, PKCS#1 or SEC1).
    pub key: PathBuf,
}

impl UpstreamSpec {
    /// Whether this upstream may serve `group_version`.
    pub fn takes(&self, group_version: &GroupVersionKey) -> bool {
        self.group_versions.is_empty() || self.group_versions.contains(group_version)
    }
}

impl FromStr for UpstreamSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let usage = "expected NAME=URL[,ca=FILE][,token-file=FILE][,cert=FILE,key=FILE][,gv=GROUP/VERSION]...";
        let (name, rest) = text.split_once('=').ok_or_else(|| format!("upstream `{text}`: {usage}"))?;
        let valid_name =
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !valid_name {
            return Err(format!("upstream `{text}`: the name `{name}` must be lowercase letters, digits and '-'"));
        }
        let mut parts = rest.split(',');
        let url = parts.next().unwrap_or_default().to_owned();
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(format!("upstream `{name}`: `{url}` is not an http:// or https:// URL"));
        }
        let mut spec = Self {
            name: name.to_owned(),
            url,
            ca_file: None,
            token_file: None,
            client_identity: None,
            group_versions: BTreeSet::new(),
        };
        let (mut cert, mut key) = (None, None);
        for part in parts {
            match part.split_once('=') {
                Some((option @ ("ca" | "token-file" | "cert" | "key"), file)) => {
                    if file.is_empty() {
                        return Err(format!("upstream `{name}`: {option}= needs a file name"));
                    }
                    let slot = match option {
                        "ca" => &mut spec.ca_file,
                        "token-file" => &mut spec.token_file,
                        "cert" => &mut cert,
                        _ => &mut key,
                    };
                    if slot.replace(PathBuf::from(file)).is_some() {
                        return Err(format!("upstream `{name}`: {option}= is given twice"));
                    }
                }
                Some(("gv", text)) => {
                    spec.group_versions.insert(parse_group_version(text).ok_or_else(|| {
                        format!("upstream `{name}`: gv={text}: expected GROUP/VERSION, or v1 for the core group")
                    })?);
                }
                _ => return Err(format!("upstream `{name}`: unknown option `{part}`; {usage}")),
            }
        }
        spec.client_identity = match (cert, key) {
            (Some(cert), Some(key)) => Some(ClientIdentity { cert, key }),
            (None, None) => None,
            _ => return Err(format!("upstream `{name}`: a client certificate needs both cert=FILE and key=FILE")),
        };
        Ok(spec)
    }
}

/// `group/version`, or a bare `version` for the core group.
fn parse_group_version(text: &str) -> Option<GroupVersionKey> {
    let (group, version) = text.split_once('/').unwrap_or(("", text));
    let ok = |part: &str| !part.is_empty() && !part.contains('/') && !part.contains(char::is_whitespace);
    (ok(version) && (group.is_empty() || ok(group)) && !(group.is_empty() && text.contains('/')))
        .then(|| (group.to_owned(), version.to_owned()))
}

/// `group/version` as written in documents (`v1` for the core group).
pub(crate) fn display(group_version: &GroupVersionKey) -> String {
    let (group, version) = group_version;
    if group.is_empty() { version.clone() } else { format!("{group}/{version}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_names_url_ca_and_group_versions() {
        let spec: UpstreamSpec =
            "metrics=https://10.0.0.2:6443/prefix,ca=/etc/ca.pem,gv=metrics.k8s.io/v1beta1,token-file=/run/t,gv=v1"
                .parse()
                .expect("ok");
        assert_eq!(spec.name, "metrics");
        assert_eq!(spec.url, "https://10.0.0.2:6443/prefix");
        assert_eq!(spec.ca_file, Some(PathBuf::from("/etc/ca.pem")));
        assert_eq!(spec.token_file, Some(PathBuf::from("/run/t")));
        assert_eq!(spec.client_identity, None);
        assert!(spec.takes(&("metrics.k8s.io".to_owned(), "v1beta1".to_owned())));
        assert!(spec.takes(&(String::new(), "v1".to_owned())));
        assert!(!spec.takes(&("apps".to_owned(), "v1".to_owned())));
    }

    #[test]
    fn a_client_certificate_is_a_cert_and_a_key() {
        let spec: UpstreamSpec = "k=https://x,key=/k.pem,ca=/ca.pem,cert=/c.pem".parse().expect("ok");
        assert_eq!(spec.client_identity, Some(ClientIdentity { cert: "/c.pem".into(), key: "/k.pem".into() }));
    }

    #[test]
    fn without_group_versions_an_upstream_takes_all() {
        let spec: UpstreamSpec = "a=http://127.0.0.1:1".parse().expect("ok");
        assert!(spec.takes(&("apps".to_owned(), "v1".to_owned())));
    }

    #[test]
    fn mistakes_are_named() {
        for (text, needle) in [
            ("nourl", "expected NAME=URL"),
            ("Bad=http://x", "lowercase"),
            ("a=ftp://x", "not an http"),
            ("a=http://x,gv=/v1", "expected GROUP/VERSION"),
            ("a=http://x,gv=a/b/c", "expected GROUP/VERSION"),
            ("a=http://x,colour=red", "unknown option"),
            ("a=https://x,token-file=", "token-file= needs a file name"),
            ("a=https://x,ca=", "ca= needs a file name"),
            ("a=https://x,ca=/a,ca=/b", "ca= is given twice"),
            ("a=https://x,token-file=/a,token-file=/b", "token-file= is given twice"),
            ("a=https://x,token=abc", "unknown option"),
            ("a=https://x,cert=/c.pem", "needs both cert=FILE and key=FILE"),
            ("a=https://x,key=/k.pem", "needs both cert=FILE and key=FILE"),
            ("a=https://x,cert=/c,key=/k,key=/k2", "key= is given twice"),
        ] {
            let error = text.parse::<UpstreamSpec>().expect_err(text);
            assert!(error.contains(needle), "{text}: {error}");
        }
    }
}
