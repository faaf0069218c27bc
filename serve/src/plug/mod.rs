//! The surface features plug into, and nothing else: routes they mount ([`Mount`]), what they derive from each
//! bundle served ([`Derive`]), readiness checks ([`ReadinessCheck`]) and documents another server answers
//! ([`RemoteDocument`]). Each is attached to a [`Handle`](crate::Handle), which keeps them without knowing what
//! they are; state a feature owns (a watch hub, a store) is attached beside them
//! ([`Handle::attach`](crate::Handle::attach)) and its metric families registered with
//! [`Metrics::family`](crate::Metrics::family).

pub(crate) mod derive;
pub(crate) mod mount;
pub(crate) mod part;
pub(crate) mod readiness;
pub(crate) mod remote;

pub use derive::Derive;
pub use mount::Mount;
pub use readiness::ReadinessCheck;
pub use remote::{Forwarded, RemoteDocument, RemoteDocuments};
