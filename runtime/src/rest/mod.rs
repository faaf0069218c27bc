//! Serving a kind of object as kube-apiserver serves a resource, whatever the kind: the query options
//! ([`query`], with [`labels`] selectors), JSON or Table answers chosen from `Accept` ([`wire`], [`table`]), the
//! list and get replies ([`reply`]) and watch streams ([`watch`]). Watchable discovery's `Group` objects and
//! identity `Lease`s are served through it; each kind brings its [`Served`] description and its source of events.

pub(crate) mod labels;
pub(crate) mod query;
pub(crate) mod reply;
pub(crate) mod table;
pub(crate) mod watch;
pub(crate) mod wire;

use std::time::SystemTime;

use kapi_meta::meta::v1::ObjectMeta;
use serde::Serialize;
use serde_json::Value;

use table::Column;

/// A kind of object served as a resource: its JSON (the object itself, `apiVersion` and `kind` included), the
/// metadata selectors and tables read, and its Table row.
pub(crate) trait Served: Serialize + Send + Sync + 'static {
    /// The kind, as lists (`<KIND>List`) and bookmarks name it.
    const KIND: &'static str;
    /// The Table columns, in order; priority 0 ones are the ones `kubectl get` shows without `-o wide`.
    const COLUMNS: &'static [Column];

    /// The object's metadata.
    fn metadata(&self) -> &ObjectMeta;

    /// The cells of the object's row, one per column; `now` is the time ages are counted to.
    fn cells(&self, now: SystemTime) -> Vec<Value>;
}
