//! Serving a kind of object as kube-apiserver serves a resource, whatever the kind: the query options
//! ([`query`], with [`labels`] selectors), JSON or Table answers chosen from `Accept` ([`wire`], [`table`]), the
//! list and get replies ([`reply`]) and watch streams ([`watch`]). Watchable discovery's `Group` objects and
//! identity `Lease`s are served through it; each kind brings its [`served::Served`] description and its source of
//! events. [`WatchMetrics`] counts the streams of every kind.

pub mod clock;
pub mod labels;
mod metrics;
pub mod query;
pub mod reply;
pub mod served;
pub mod table;
pub mod watch;
pub mod wire;

pub use metrics::WatchMetrics;
