//! What the aggregator knows about one upstream: how fresh it is, and its discovery and OpenAPI as last fetched.

use std::time::SystemTime;

use super::client::UpstreamClient;
use super::fetch_discovery::RootDiscovery;
use super::fetch_openapi::{Published, Swagger};
use super::spec::UpstreamSpec;

/// How fresh an upstream's documents are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Freshness {
    /// Not answered yet: its registered group-versions are published empty and Stale.
    NeverAnswered,
    /// The last refresh succeeded.
    Current,
    /// The last refresh failed: the last known documents are published, marked Stale.
    Stale,
}

impl Freshness {
    /// The label value used in logs and metrics.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::NeverAnswered => "never-answered",
            Self::Current => "current",
            Self::Stale => "stale",
        }
    }
}

/// One upstream's state, updated by its refresh task.
#[derive(Debug, Clone)]
pub(crate) struct UpstreamState {
    pub freshness: Freshness,
    pub apis: RootDiscovery,
    pub api: RootDiscovery,
    pub published: Published,
    pub swagger: Swagger,
    pub last_success: Option<SystemTime>,
    pub last_error: Option<String>,
}

impl UpstreamState {
    pub fn new() -> Self {
        Self {
            freshness: Freshness::NeverAnswered,
            apis: RootDiscovery::default(),
            api: RootDiscovery::default(),
            published: Published::Unknown,
            swagger: Swagger::default(),
            last_success: None,
            last_error: None,
        }
    }
}

/// What composing needs from one upstream, copied out of its state.
#[derive(Debug, Clone)]
pub(crate) struct Snapshot {
    pub spec: UpstreamSpec,
    pub client: UpstreamClient,
    pub current: bool,
    pub apis: RootDiscovery,
    pub api: RootDiscovery,
    pub published: Published,
    pub swagger: Swagger,
}
