//! Group-versions switched off on the command line: `--disable group/version` when generating, and
//! `--runtime-config group/version=false` when serving (kube-apiserver's spelling), read by one parser; and
//! `--profile group/version=NAME`, the conventions a group-version is published with.

use std::collections::{BTreeMap, BTreeSet};

use kapi_model::{Conventions, GroupVersion};

/// The group-versions `values` switch off. Each value is `group/version` (`v1` for the core group), followed by
/// `=false` or `=true` when `switch` is set (`true`, the default, switches nothing off).
pub fn switched_off(flag: &str, values: &[String], switch: bool) -> Result<BTreeSet<GroupVersion>, String> {
    let mut off = BTreeSet::new();
    for value in values {
        let (text, state) = match value.split_once('=') {
            Some((text, state)) if switch => (text, state),
            _ if switch => (value.as_str(), "true"),
            _ => (value.as_str(), "false"),
        };
        let group_version =
            GroupVersion::parse(text).ok_or_else(|| format!("{flag} expects group/version, got `{text}`"))?;
        match state {
            "false" => {
                off.insert(group_version);
            }
            "true" => {}
            other => return Err(format!("{flag} {text}={other}: expected true or false")),
        }
    }
    Ok(off)
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
        let off = switched_off("--disable", &strings(&["v1", "apps/v1"]), false).expect("parses");
        assert_eq!(off.into_iter().map(|gv| gv.to_string()).collect::<Vec<_>>(), ["v1", "apps/v1"]);
        let error = switched_off("--disable", &strings(&["a/b/c"]), false).expect_err("three segments");
        assert_eq!(error, "--disable expects group/version, got `a/b/c`");
    }

    #[test]
    fn runtime_config_switches_off_only_with_false() {
        let off = switched_off(
            "--runtime-config",
            &strings(&["apps/v1=false", "batch/v1=true", "rbac.authorization.k8s.io/v1"]),
            true,
        )
        .expect("parses");
        assert_eq!(off.into_iter().map(|gv| gv.to_string()).collect::<Vec<_>>(), ["apps/v1"]);
        let error = switched_off("--runtime-config", &strings(&["apps/v1=off"]), true).expect_err("bad switch");
        assert_eq!(error, "--runtime-config apps/v1=off: expected true or false");
    }
}
