//! The endpoint class a request belongs to: the `class` label of the request metrics.
//!
//! The core's own endpoints have fixed classes, decided from the path. Routes a feature mounts
//! ([`crate::Mount`]) are counted under a class the feature names, registered with the metrics when mounted; a
//! handful of slots keeps the series few and the counters plain arrays.

use std::sync::{Mutex, PoisonError};

/// What kind of endpoint a request went to: a label small enough to keep the series few.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EndpointClass(u8);

/// The core's classes, in slot order.
const CORE: [&str; 9] = [
    "discovery_root",
    "discovery_legacy",
    "openapi_v3_root",
    "openapi_v3",
    "openapi_v31_root",
    "openapi_v31",
    "openapi_v2",
    "operations",
    "other",
];

/// Slots for the classes features name, after the core's.
pub(crate) const MOUNTED_SLOTS: usize = 7;
/// Every slot: the size of the request counters' class dimension.
pub(crate) const SLOTS: usize = CORE.len() + MOUNTED_SLOTS;

impl EndpointClass {
    /// `/api`, `/apis`.
    pub const DISCOVERY_ROOT: Self = Self(0);
    /// `/api/<v>`, `/apis/<g>`, `/apis/<g>/<v>`.
    pub const DISCOVERY_LEGACY: Self = Self(1);
    /// `/openapi/v3`.
    pub const OPENAPI_V3_ROOT: Self = Self(2);
    /// `/openapi/v3/<gv>`.
    pub const OPENAPI_V3: Self = Self(3);
    /// `/openapi/v3.1`.
    pub const OPENAPI_V31_ROOT: Self = Self(4);
    /// `/openapi/v3.1/<gv>`.
    pub const OPENAPI_V31: Self = Self(5);
    /// `/openapi/v2`.
    pub const OPENAPI_V2: Self = Self(6);
    /// `/version`, `/healthz`, `/livez`, `/readyz`, `/metrics`.
    pub const OPERATIONS: Self = Self(7);
    /// Anything no class claims (answered 404 by the core), and mounted routes beyond the slots.
    pub const OTHER: Self = Self(8);

    /// The class of a request path among the core's endpoints; a feature's path is [`EndpointClass::OTHER`]
    /// here (its mounted routes say their class).
    pub fn of(path: &str) -> Self {
        let path = path.trim_end_matches('/');
        let segments = path.split('/').skip(1).count();
        match path {
            "/api" | "/apis" => Self::DISCOVERY_ROOT,
            "/openapi/v3" => Self::OPENAPI_V3_ROOT,
            "/openapi/v3.1" => Self::OPENAPI_V31_ROOT,
            "/openapi/v2" => Self::OPENAPI_V2,
            "/version" | "/healthz" | "/livez" | "/readyz" | "/metrics" => Self::OPERATIONS,
            _ if path.starts_with("/openapi/v3/") => Self::OPENAPI_V3,
            _ if path.starts_with("/openapi/v3.1/") => Self::OPENAPI_V31,
            _ if path.starts_with("/api/") && segments == 2 => Self::DISCOVERY_LEGACY,
            _ if path.starts_with("/apis/") && (2..=3).contains(&segments) => Self::DISCOVERY_LEGACY,
            _ => Self::OTHER,
        }
    }

    /// The slot of the class in the request counters.
    pub(crate) fn slot(self) -> usize {
        usize::from(self.0)
    }
}

/// The label values of every slot: the core's, then those features registered.
#[derive(Debug, Default)]
pub(crate) struct ClassNames {
    mounted: Mutex<Vec<&'static str>>,
}

impl ClassNames {
    /// The class named `name`, registered in the next free slot when new; [`EndpointClass::OTHER`] once the slots
    /// are taken (a warning says so).
    pub fn register(&self, name: &'static str) -> EndpointClass {
        if let Some(core) = CORE.iter().position(|&known| known == name) {
            return EndpointClass(core as u8);
        }
        let mut mounted = self.mounted.lock().unwrap_or_else(PoisonError::into_inner);
        let index = match mounted.iter().position(|&known| known == name) {
            Some(index) => index,
            None if mounted.len() < MOUNTED_SLOTS => {
                mounted.push(name);
                mounted.len() - 1
            }
            None => {
                tracing::warn!(class = name, "no metrics slot left for this endpoint class; counted as `other`");
                return EndpointClass::OTHER;
            }
        };
        EndpointClass((CORE.len() + index) as u8)
    }

    /// The label value of slot `slot`.
    pub fn name(&self, slot: usize) -> &'static str {
        match CORE.get(slot) {
            Some(name) => name,
            None => {
                let mounted = self.mounted.lock().unwrap_or_else(PoisonError::into_inner);
                mounted.get(slot - CORE.len()).copied().unwrap_or("other")
            }
        }
    }
}
