//! Definition names and group-versions.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The name of a definition in `components/schemas`, e.g. `io.k8s.api.coordination.v1.Lease`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DefName(String);

impl DefName {
    /// A name used exactly as given.
    pub fn new(name: impl Into<String>) -> Self {
        Self(name.into())
    }

    /// The Kubernetes convention: the Go package path with its domain reversed, then the type name
    /// (`k8s.io/api/apps/v1` + `Deployment` gives `io.k8s.api.apps.v1.Deployment`).
    pub fn from_package(package: &str, type_name: &str) -> Self {
        let (domain, rest) = package.split_once('/').unwrap_or((package, ""));
        let mut parts: Vec<&str> = domain.split('.').rev().collect();
        parts.extend(rest.split('/').filter(|segment| !segment.is_empty()));
        parts.push(type_name);
        Self(parts.join("."))
    }

    /// The name as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The last dot-separated segment (the type name).
    pub fn short_name(&self) -> &str {
        self.0.rsplit('.').next().unwrap_or(&self.0)
    }
}

impl fmt::Display for DefName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// An API group and version; the legacy core group is the empty string.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GroupVersion {
    pub group: String,
    pub version: String,
}

impl GroupVersion {
    /// Builds a group-version.
    pub fn new(group: impl Into<String>, version: impl Into<String>) -> Self {
        Self { group: group.into(), version: version.into() }
    }

    /// Parses `group/version`, or `version` alone for the core group.
    pub fn parse(text: &str) -> Option<Self> {
        let (group, version) = text.rsplit_once('/').unwrap_or(("", text));
        (!version.is_empty() && !group.contains('/')).then(|| Self::new(group, version))
    }

    /// `group/version`, or `version` for the core group (the `apiVersion` field's form).
    pub fn api_version(&self) -> String {
        if self.group.is_empty() { self.version.clone() } else { format!("{}/{}", self.group, self.version) }
    }

    /// The URL path prefix: `api/v1` for core, `apis/<group>/<version>` otherwise (no leading slash).
    pub fn url_path(&self) -> String {
        if self.group.is_empty() {
            format!("api/{}", self.version)
        } else {
            format!("apis/{}/{}", self.group, self.version)
        }
    }
}

impl fmt::Display for GroupVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.api_version())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_paths_reverse_their_domain() {
        let name = DefName::from_package("k8s.io/apimachinery/pkg/apis/meta/v1", "ObjectMeta");
        assert_eq!(name.as_str(), "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta");
        assert_eq!(name.short_name(), "ObjectMeta");
        assert_eq!(
            DefName::from_package("example.com/crontab/v1", "CronTab").as_str(),
            "com.example.crontab.v1.CronTab"
        );
    }

    #[test]
    fn group_versions_parse_and_print() {
        let core = GroupVersion::parse("v1").expect("core parses");
        assert_eq!((core.group.as_str(), core.url_path()), ("", "api/v1".to_owned()));
        let apps = GroupVersion::parse("apps/v1").expect("apps parses");
        assert_eq!(apps.url_path(), "apis/apps/v1");
        assert_eq!(apps.to_string(), "apps/v1");
        assert!(GroupVersion::parse("a/b/c").is_none());
        assert!(GroupVersion::parse("apps/").is_none());
    }
}
