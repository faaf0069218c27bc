//! Serving a kind of object as kube-apiserver serves a resource, whatever the kind: the query options
//! ([`query`], with [`labels`] selectors), JSON or Table answers chosen from `Accept` ([`wire`], [`table`]), the
//! list and get replies ([`reply`]) and watch streams ([`watch`]). Watchable discovery's `Group` objects and
//! identity `Lease`s are served through it; each kind brings its [`served::Served`] description and its source of events.

pub(crate) mod labels;
pub(crate) mod query;
pub(crate) mod reply;
pub(crate) mod served;
pub(crate) mod table;
pub(crate) mod watch;
pub(crate) mod wire;
