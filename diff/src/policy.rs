//! How much each stability level is held to: alpha exempt, beta warns, GA errors, unless configured otherwise.

use kapi_model::version_priority::{Stability, stability};

use crate::rule::{Rule, Severity};

/// The most a finding in a version of a stability level can weigh; `None` exempts the level (nothing reported).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    pub alpha: Option<Severity>,
    pub beta: Option<Severity>,
    pub generally_available: Option<Severity>,
}

impl Default for Policy {
    /// Alpha versions exempt, beta versions at most warnings, GA versions as the rules say.
    fn default() -> Self {
        Policy { alpha: None, beta: Some(Severity::Warning), generally_available: Some(Severity::Error) }
    }
}

impl Policy {
    /// The severity of `rule` for a change in `version`, or `None` when the version's level is exempt. A version
    /// whose name declares no level (`v1gamma`, `stable`) is held to the GA standard.
    pub fn severity(&self, rule: Rule, version: &str) -> Option<Severity> {
        let cap = match stability(version) {
            Some(Stability::Alpha) => self.alpha,
            Some(Stability::Beta) => self.beta,
            Some(Stability::GenerallyAvailable) | None => self.generally_available,
        }?;
        Some(rule.severity().min(cap))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_cap_the_rule_severity() {
        let policy = Policy::default();
        assert_eq!(policy.severity(Rule::FieldRemoved, "v1"), Some(Severity::Error));
        assert_eq!(policy.severity(Rule::FieldRemoved, "v2beta1"), Some(Severity::Warning));
        assert_eq!(policy.severity(Rule::FieldRemoved, "v1alpha1"), None);
        assert_eq!(policy.severity(Rule::EnumValueAdded, "v1"), Some(Severity::Warning));
        assert_eq!(policy.severity(Rule::FieldRemoved, "stable"), Some(Severity::Error));
        let strict = Policy { beta: Some(Severity::Error), ..Policy::default() };
        assert_eq!(strict.severity(Rule::FieldRemoved, "v1beta1"), Some(Severity::Error));
    }
}
