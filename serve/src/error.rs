//! Why a bundle could not be built: the one error every part of bundle loading reports through.

use std::fmt;

/// Why a bundle could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BundleError {
    path: Option<String>,
    message: String,
}

impl BundleError {
    pub(crate) fn in_file(path: &str, message: impl Into<String>) -> Self {
        Self { path: Some(path.to_owned()), message: message.into() }
    }

    pub(crate) fn general(message: impl Into<String>) -> Self {
        Self { path: None, message: message.into() }
    }

    /// The bundle file at fault, when one is.
    pub fn path(&self) -> Option<&str> {
        self.path.as_deref()
    }
}

impl fmt::Display for BundleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.path {
            Some(path) => write!(f, "{path}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for BundleError {}
