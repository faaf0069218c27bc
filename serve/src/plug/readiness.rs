//! Lines features add to `/readyz`.

use std::fmt;

/// One line of `/readyz`: a name and whether the feature it checks is ready (the reason when not).
pub struct ReadinessCheck {
    pub(crate) name: &'static str,
    pub(crate) check: Box<dyn Fn() -> Result<(), String> + Send + Sync>,
}

impl ReadinessCheck {
    /// A check named `name` (`[+]<name> ok` in `/readyz?verbose`) that runs `check` on every probe.
    pub fn new(name: &'static str, check: impl Fn() -> Result<(), String> + Send + Sync + 'static) -> Self {
        Self { name, check: Box::new(check) }
    }
}

impl fmt::Debug for ReadinessCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ReadinessCheck").field("name", &self.name).finish_non_exhaustive()
    }
}
