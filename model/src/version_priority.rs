//! Kubernetes' version priority: GA before beta before alpha, higher numbers first, other strings last.

use std::cmp::Ordering;

/// The stability level of a Kubernetes-style version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stability {
    /// `v1alpha1`: may change or go away without notice.
    Alpha,
    /// `v1beta1`: deprecated for a while before it changes incompatibly.
    Beta,
    /// `v1`: kept compatible.
    GenerallyAvailable,
}

/// The stability a version's name declares, or `None` when the name does not follow `v<major>[(alpha|beta)<minor>]`.
pub fn stability(version: &str) -> Option<Stability> {
    parse(version).map(|(stability, _, _)| stability)
}

/// `v<major>[(alpha|beta)<minor>]`, or `None` for versions that do not follow the convention.
fn parse(version: &str) -> Option<(Stability, u64, u64)> {
    let rest = version.strip_prefix('v')?;
    let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    let (major, tail) = rest.split_at(digits);
    let major: u64 = major.parse().ok()?;
    if tail.is_empty() {
        return Some((Stability::GenerallyAvailable, major, 0));
    }
    let (stability, minor) = if let Some(minor) = tail.strip_prefix("alpha") {
        (Stability::Alpha, minor)
    } else {
        (Stability::Beta, tail.strip_prefix("beta")?)
    };
    if minor.is_empty() || !minor.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some((stability, major, minor.parse().ok()?))
}

/// Orders versions from most to least preferred, the order discovery lists them in:
/// `v2 < v1 < v1beta2 < v1beta1 < v1alpha1 < foo < zeta` (Ordering::Less means "comes first").
pub fn compare(a: &str, b: &str) -> Ordering {
    match (parse(a), parse(b)) {
        (Some(a), Some(b)) => b.cmp(&a),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => a.cmp(b),
    }
}

/// Sorts versions most preferred first.
pub fn sort(versions: &mut [String]) {
    versions.sort_by(|a, b| compare(a, b));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stability_follows_the_name() {
        assert_eq!(stability("v1"), Some(Stability::GenerallyAvailable));
        assert_eq!(stability("v2beta3"), Some(Stability::Beta));
        assert_eq!(stability("v1alpha1"), Some(Stability::Alpha));
        assert_eq!(stability("v1gamma1"), None);
        assert_eq!(stability("stable"), None);
    }

    #[test]
    fn kubernetes_order() {
        let mut versions: Vec<String> = [
            "v1alpha1",
            "foo10",
            "v11alpha2",
            "v1",
            "v10beta3",
            "v2",
            "v1beta2",
            "foo1",
            "v12alpha1",
            "v10",
            "v11beta2",
            "v3beta1",
            "v1beta1",
        ]
        .map(String::from)
        .to_vec();
        sort(&mut versions);
        let expected = [
            "v10",
            "v2",
            "v1",
            "v11beta2",
            "v10beta3",
            "v3beta1",
            "v1beta2",
            "v1beta1",
            "v12alpha1",
            "v11alpha2",
            "v1alpha1",
            "foo1",
            "foo10",
        ];
        assert_eq!(versions, expected);
    }

    #[test]
    fn near_misses_are_not_kube_versions() {
        for odd in ["v1alpha", "v", "1", "v1gamma1", "v1beta1x", "V1"] {
            assert_eq!(compare("v1alpha1", odd), Ordering::Less, "{odd} should sort after kube versions");
        }
        assert_eq!(compare("v1", "v1"), Ordering::Equal);
    }
}
