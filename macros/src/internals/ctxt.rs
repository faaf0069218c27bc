//! Error accumulation: every problem is recorded with its span and reported together.

use std::cell::RefCell;
use std::fmt::Display;

use quote::ToTokens;

/// Collects errors while an item is parsed and checked; must be consumed with [`Ctxt::check`].
#[derive(Default)]
pub struct Ctxt {
    errors: RefCell<Option<Vec<syn::Error>>>,
}

impl Ctxt {
    pub fn new() -> Self {
        Self { errors: RefCell::new(Some(Vec::new())) }
    }

    /// Records an error pointing at `tokens`.
    pub fn error_spanned_by<T: ToTokens, M: Display>(&self, tokens: T, message: M) {
        self.push(syn::Error::new_spanned(tokens.into_token_stream(), message));
    }

    /// Records an error produced by syn.
    pub fn syn_error(&self, error: syn::Error) {
        self.push(error);
    }

    fn push(&self, error: syn::Error) {
        if let Some(errors) = self.errors.borrow_mut().as_mut() {
            errors.push(error);
        }
    }

    /// Combines the recorded errors into one, or `Ok` when there were none.
    pub fn check(self) -> syn::Result<()> {
        let errors = self.errors.borrow_mut().take().unwrap_or_default();
        let mut iter = errors.into_iter();
        let Some(mut combined) = iter.next() else { return Ok(()) };
        for error in iter {
            combined.combine(error);
        }
        Err(combined)
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        // Forgetting to check would silently swallow the user's mistakes.
        if !std::thread::panicking() && self.errors.borrow().is_some() {
            panic!("kapi-macros: Ctxt dropped without check()");
        }
    }
}
