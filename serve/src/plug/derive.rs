//! What features derive from every bundle stored.

use std::sync::Arc;

use super::part::AnyPart;
use crate::bundle::Bundle;

/// Something a feature derives from every bundle a handle serves (objects read from the discovery documents, a
/// site rendered from the model), computed when the bundle is stored, before it serves, and kept in the bundle: a request
/// reads it from the same snapshot as the documents ([`Bundle::part`]).
pub trait Derive: Send + Sync + 'static {
    /// What is derived.
    type Part: Send + Sync + 'static;

    /// The part of `bundle`; `previous` is the bundle it replaces, whose part
    /// ([`Bundle::part`]) can be kept when its inputs did not change. `None` leaves the bundle without one.
    /// Problems that leave something out are `warnings`.
    fn derive(&self, bundle: &Bundle, previous: Option<&Bundle>, warnings: &mut Vec<String>) -> Option<Self::Part>;
}

/// A [`Derive`] with its part's type erased, as a handle keeps it.
pub(crate) trait AnyDerive: Send + Sync {
    fn derive_any(&self, bundle: &Bundle, previous: Option<&Bundle>, warnings: &mut Vec<String>) -> Option<AnyPart>;
}

impl<D: Derive> AnyDerive for D {
    fn derive_any(&self, bundle: &Bundle, previous: Option<&Bundle>, warnings: &mut Vec<String>) -> Option<AnyPart> {
        let part: AnyPart = Arc::new(self.derive(bundle, previous, warnings)?);
        Some(part)
    }
}
