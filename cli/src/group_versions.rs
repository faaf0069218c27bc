//! Group-versions switched off on the command line: `--disable group/version` when generating, and
//! `--runtime-config group/version=false` (and `api/all=false`) when serving, in kube-apiserver's spelling; and
//! `--profile group/version=NAME`, the conventions a group-version is published with.

use std::collections::{BTreeMap, BTreeSet};

use kapi_model::{Conventions, GroupVersion};

/// The group-versions `--disable` values name (`group/version`, `v1` for the core group).
pub fn switched_off(values: &[String]) -> Result<BTreeSet<GroupVersion>, String> {
    values
        .iter()
        .map(|text| GroupVersion::parse(text).ok_or_else(|| format!("--disable expects group/version, got `{text}`")))
        .collect()
}

/// `--runtime-config` as kube-apiserver reads it: `group/version=false|true` (bare: true), and `api/all=false|true`
/// for every group-version at once, which the group-versions named one by one override whatever their order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuntimeConfig {
    all: Option<bool>,
    named: BTreeMap<GroupVersion, bool>,
}

/// The key that switches every group-version.
const ALL: &str = "api/all";

impl RuntimeConfig {
    /// Parses the flag's values; a later value for the same key wins.
    pub fn parse(values: &[String]) -> Result<Self, String> {
        let mut config = Self::default();
        for value in values {
            let (text, state) = value.split_once('=').unwrap_or((value.as_str(), "true"));
            let on = match state {
                "false" => false,
                "true" => true,
                other => return Err(format!("--runtime-config {text}={other}: expected true or false")),
            };
            if text == ALL {
                config.all = Some(on);
                continue;
            }
            let group_version = GroupVersion::parse(text)
                .ok_or_else(|| format!("--runtime-config expects group/version or {ALL}, got `{text}`"))?;
            config.named.insert(group_version, on);
        }
        Ok(config)
    }

    /// Whether every group-version stays as the bundle serves it.
    pub fn switches_nothing_off(&self) -> bool {
        self.all != Some(false) && self.named.values().all(|on| *on)
    }

    /// The group-versions of `served` switched off.
    pub fn disabled(&self, served: &BTreeSet<GroupVersion>) -> BTreeSet<GroupVersion> {
        let default_on = self.all != Some(false);
        served.iter().filter(|gv| !self.named.get(*gv).copied().unwrap_or(default_on)).cloned().collect()
    }
}

/// `--profile group/version=NAME` values: the conventions each named group-version is published with.
pub fn profiles(values: &[String]) -> Result<BTreeMap<GroupVersion, Conventions>, String> {
    let mut chosen = BTreeMap::new();
    for value in values {
        let Some((text, name)) = value.split_once('=') else {
            return Err(format!("--profile expects group/version=NAME, got `{value}`"));
        };
        let group_version =
            GroupVersion::parse(text).ok_or_else(|| format!("--profile expects group/version, got `{text}`"))?;
        let conventions = Conventions::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Conventions::CHOICES.names().collect();
            format!("--profile {text}={name}: unknown profile; expected one of {}", names.join(", "))
        })?;
        chosen.insert(group_version, conventions);
    }
    Ok(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(values: &[&str]) -> Vec<String> {
        values.iter().map(|v| (*v).to_owned()).collect()
    }

    #[test]
    fn profiles_name_a_group_version_and_known_conventions() {
        let chosen = profiles(&strings(&["stable.example.com/v1=kubernetes", "v1=lossless"])).expect("parses");
        assert_eq!(chosen[&GroupVersion::new("stable.example.com", "v1")], Conventions::Kubernetes);
        assert_eq!(chosen[&GroupVersion::new("", "v1")], Conventions::Lossless);
        let error = profiles(&strings(&["apps/v1=k8s"])).expect_err("unknown name");
        assert_eq!(error, "--profile apps/v1=k8s: unknown profile; expected one of kubernetes, lossless, crd");
        assert!(profiles(&strings(&["apps/v1"])).is_err());
    }

    #[test]
    fn disable_lists_group_versions() {
        let off = switched_off(&strings(&["v1", "apps/v1"])).expect("parses");
        assert_eq!(names(off), ["v1", "apps/v1"]);
        let error = switched_off(&strings(&["a/b/c"])).expect_err("three segments");
        assert_eq!(error, "--disable expects group/version, got `a/b/c`");
    }

    fn served() -> BTreeSet<GroupVersion> {
        ["v1", "apps/v1", "batch/v1", "rbac.authorization.k8s.io/v1", "stable.example.com/v1"]
            .into_iter()
            .map(|text| GroupVersion::parse(text).expect("group/version"))
            .collect()
    }

    fn names(group_versions: BTreeSet<GroupVersion>) -> Vec<String> {
        group_versions.into_iter().map(|gv| gv.to_string()).collect()
    }

    #[test]
    fn runtime_config_switches_off_only_with_false() {
        let config =
            RuntimeConfig::parse(&strings(&["apps/v1=false", "batch/v1=true", "rbac.authorization.k8s.io/v1"]))
                .expect("parses");
        assert!(!config.switches_nothing_off());
        assert_eq!(names(config.disabled(&served())), ["apps/v1"]);
        let error = RuntimeConfig::parse(&strings(&["apps/v1=off"])).expect_err("bad switch");
        assert_eq!(error, "--runtime-config apps/v1=off: expected true or false");
        assert!(RuntimeConfig::parse(&strings(&["batch/v1=true"])).expect("parses").switches_nothing_off());
    }

    #[test]
    fn api_all_switches_every_group_version_and_named_ones_override_it() {
        let only_stable =
            RuntimeConfig::parse(&strings(&["stable.example.com/v1=true", "api/all=false"])).expect("parses");
        assert_eq!(
            names(only_stable.disabled(&served())),
            ["v1", "apps/v1", "batch/v1", "rbac.authorization.k8s.io/v1"]
        );
        let all_but_apps = RuntimeConfig::parse(&strings(&["api/all=true", "apps/v1=false"])).expect("parses");
        assert_eq!(names(all_but_apps.disabled(&served())), ["apps/v1"]);
        let error = RuntimeConfig::parse(&strings(&["api/all/x=false"])).expect_err("three segments");
        assert_eq!(error, "--runtime-config expects group/version or api/all, got `api/all/x`");
    }
}
