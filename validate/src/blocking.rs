//! Which problems stop the API server from running a custom resource's CEL rules: a missing field, a value
//! outside its enum, too long, too many, or of the wrong type. The rules would read such values wrongly, so the
//! server reports only the problems found so far (and that some rules were not checked).

use crate::reason::Reason;
use crate::walk::FieldError;

/// Whether any of the errors is of a reason that blocks the rules.
pub fn blocks_rules<'e>(errors: impl IntoIterator<Item = &'e FieldError>) -> bool {
    errors.into_iter().any(|error| {
        matches!(
            error.reason,
            Reason::Required | Reason::NotSupported | Reason::TooLong | Reason::TooMany | Reason::TypeInvalid
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(reasons: &[Reason]) -> Vec<FieldError> {
        reasons.iter().map(|reason| FieldError::schema("spec.x", *reason, "")).collect()
    }

    #[test]
    fn blocking_reasons() {
        assert!(blocks_rules(&errors(&[Reason::Required])));
        assert!(blocks_rules(&errors(&[Reason::TypeInvalid])));
        assert!(blocks_rules(&errors(&[Reason::Invalid, Reason::TooMany])));
        assert!(!blocks_rules(&errors(&[Reason::Invalid, Reason::Duplicate, Reason::Forbidden])));
    }
}
