//! The typed conversion between two versions of a type, and its impls for the containers fields use.

use std::collections::BTreeMap;

use super::error::ConversionError;

/// Converts a value of one version of a type into another version of it.
///
/// Implemented by `#[kapi::versioned]` between every version and the hub, and here for the containers fields use,
/// so a field of type `Option<Vec<Spec>>` converts element by element.
pub trait Convert<Target> {
    /// The converted value, or why it cannot be converted (a value the target version cannot represent).
    fn convert(self) -> Result<Target, ConversionError>;
}

impl<A: Convert<B>, B> Convert<Option<B>> for Option<A> {
    fn convert(self) -> Result<Option<B>, ConversionError> {
        self.map(Convert::convert).transpose()
    }
}

impl<A: Convert<B>, B> Convert<Vec<B>> for Vec<A> {
    fn convert(self) -> Result<Vec<B>, ConversionError> {
        self.into_iter().map(Convert::convert).collect()
    }
}

impl<K: Ord, A: Convert<B>, B> Convert<BTreeMap<K, B>> for BTreeMap<K, A> {
    fn convert(self) -> Result<BTreeMap<K, B>, ConversionError> {
        self.into_iter().map(|(key, value)| Ok((key, value.convert()?))).collect()
    }
}

impl<A: Convert<B>, B> Convert<Box<B>> for Box<A> {
    fn convert(self) -> Result<Box<B>, ConversionError> {
        Ok(Box::new((*self).convert()?))
    }
}
