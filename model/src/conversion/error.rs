//! Why a conversion failed.

use std::fmt;

/// A conversion that cannot be done: the object is malformed, or holds a value the target version cannot represent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversionError {
    message: String,
}

impl ConversionError {
    /// An error with `message` (lower case, no trailing period, as Kubernetes writes status messages).
    pub fn new(message: impl Into<String>) -> Self {
        Self { message: message.into() }
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConversionError {}
