//! What features keep on a [`Handle`](crate::Handle): one value per type, attached once. The core never looks
//! inside; each feature finds its own state (a watch hub, a store, its settings) by its type.

use std::any::Any;
use std::sync::{Arc, PoisonError, RwLock};

/// Values by type, each set once.
#[derive(Default)]
pub(crate) struct Extensions {
    values: RwLock<Vec<Arc<dyn Any + Send + Sync>>>,
}

impl Extensions {
    /// The value of type `T`, if one was attached.
    pub fn get<T: Send + Sync + 'static>(&self) -> Option<Arc<T>> {
        let values = self.values.read().unwrap_or_else(PoisonError::into_inner);
        values.iter().find_map(|value| Arc::clone(value).downcast::<T>().ok())
    }

    /// Attaches `value` unless a `T` is attached already; returns whether it was.
    pub fn insert<T: Send + Sync + 'static>(&self, value: T) -> bool {
        let mut values = self.values.write().unwrap_or_else(PoisonError::into_inner);
        if values.iter().any(|existing| existing.is::<T>()) {
            return false;
        }
        values.push(Arc::new(value));
        true
    }

    /// The `T` attached, attaching `make()` first when there is none; `make` runs at most once per handle.
    pub fn get_or_insert_with<T: Send + Sync + 'static>(&self, make: impl FnOnce() -> T) -> (Arc<T>, bool) {
        let mut values = self.values.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(existing) = values.iter().find_map(|value| Arc::clone(value).downcast::<T>().ok()) {
            return (existing, false);
        }
        let value = Arc::new(make());
        values.push(value.clone());
        (value, true)
    }
}

impl std::fmt::Debug for Extensions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = self.values.read().unwrap_or_else(PoisonError::into_inner).len();
        f.debug_struct("Extensions").field("count", &count).finish()
    }
}
