//! The error of compiling or evaluating one rule.

use std::fmt;

/// Why a rule could not be compiled or evaluated; the message is lowercase and names the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CelError {
    kind: Kind,
    message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Syntax,
    Evaluation,
    NotBool,
}

impl CelError {
    pub(crate) fn syntax(message: impl Into<String>) -> Self {
        CelError { kind: Kind::Syntax, message: message.into() }
    }

    pub(crate) fn evaluation(message: impl Into<String>) -> Self {
        CelError { kind: Kind::Evaluation, message: message.into() }
    }

    pub(crate) fn not_bool(found: &str) -> Self {
        CelError { kind: Kind::NotBool, message: format!("the rule must evaluate to a bool, not {found}") }
    }

    /// Whether the rule did not parse.
    pub fn is_syntax(&self) -> bool {
        self.kind == Kind::Syntax
    }

    /// The message alone.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for CelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            Kind::Syntax => write!(f, "syntax error: {}", self.message),
            Kind::Evaluation | Kind::NotBool => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for CelError {}
