//! A derived part, type erased, as a bundle keeps it.

use std::any::Any;
use std::sync::Arc;

/// What a feature derived from a bundle, type erased.
pub(crate) type AnyPart = Arc<dyn Any + Send + Sync>;
