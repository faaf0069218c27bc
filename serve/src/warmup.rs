//! Computing, in the background, the ETags and gzip copies no request has needed yet, so the first request for a
//! document rarely waits for them; and reporting how far that got (`/readyz?verbose`'s `encodings` line).
//!
//! A server listens before its documents are encoded (a bundle of thousands of groups took tens of seconds to
//! encode): any request can be answered meanwhile, computing what it needs itself, so pending encodings are
//! progress, not unreadiness. A document that cannot be encoded at all (its file does not match the hash the index
//! lists, or was rewritten in place) cannot be served, and that does fail readiness.
//!
//! Protobuf forms of OpenAPI documents are not warmed: only some clients ask for them, and held for every document
//! of a large API they would be most of the server's memory.

use std::sync::Arc;
use std::sync::mpsc;
use std::thread::JoinHandle;

use crate::bundle::Bundle;
use crate::handle::Handle;
use crate::variants::Representation;

/// How far a bundle's encodings are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Progress {
    pub total: usize,
    pub pending: usize,
    /// The documents that cannot be served, with why (the first few).
    pub failed: Vec<String>,
    pub failed_count: usize,
}

/// How many failures `/readyz` names.
const NAMED_FAILURES: usize = 3;

impl Progress {
    /// The `/readyz` check's outcome: `Ok` with a note while warming up, `Err` when a document cannot be served.
    pub fn outcome(&self) -> Result<Option<String>, String> {
        if self.failed_count > 0 {
            let more = self.failed_count.saturating_sub(self.failed.len());
            let mut reason = format!("{} of {} documents cannot be served: {}", self.failed_count, self.total, {
                self.failed.join("; ")
            });
            if more > 0 {
                reason.push_str(&format!("; and {more} more"));
            }
            return Err(reason);
        }
        Ok((self.pending > 0).then(|| {
            format!("{} of {} documents still to encode, each on its first request meanwhile", self.pending, self.total)
        }))
    }
}

/// How far `bundle`'s ETags and gzip copies are (one pass over its representations, no computation).
pub(crate) fn progress(bundle: &Bundle) -> Progress {
    let mut progress = Progress { total: 0, pending: 0, failed: Vec::new(), failed_count: 0 };
    bundle.for_each_representation(&mut |name, rep| {
        progress.total += 1;
        if !rep.is_encoded() {
            progress.pending += 1;
        } else if let Err(reason) = rep.encoded() {
            progress.failed_count += 1;
            if progress.failed.len() < NAMED_FAILURES {
                progress.failed.push(format!("{name}: {reason}"));
            }
        }
    });
    progress
}

/// Computes `bundle`'s pending encodings one document at a time, on the calling thread, until all are done or
/// `stop` says to (the bundle no longer serves). Returns how many this call computed.
pub(crate) fn warm_up(bundle: &Bundle, stop: &dyn Fn() -> bool) -> usize {
    let mut pending: Vec<(String, Representation)> = Vec::new();
    bundle.for_each_representation(&mut |name, rep| {
        if !rep.is_encoded() {
            pending.push((name.to_string(), rep.clone()));
        }
    });
    let mut computed = 0;
    for (name, rep) in pending {
        if stop() {
            break;
        }
        // A request may have got there first; then this returns at once.
        if let Err(reason) = rep.encoded() {
            tracing::error!(document = %name, %reason, "a document cannot be served");
        }
        computed += 1;
    }
    computed
}

/// Starts a thread that warms up every bundle `handle` serves, the current one first; it ends when the handle is
/// dropped. Returns the thread.
pub fn warm_up_in_background(handle: &Handle) -> std::io::Result<JoinHandle<()>> {
    let (stored, changes) = mpsc::channel::<()>();
    handle.observe(move |_| {
        let _ = stored.send(());
    });
    let weak = handle.downgrade();
    std::thread::Builder::new().name("kapi-warm-up".to_owned()).spawn(move || {
        loop {
            let Some(handle) = weak.upgrade() else { return };
            if let Some(bundle) = handle.current() {
                let started = std::time::Instant::now();
                let stop = || handle.current().is_none_or(|current| !Arc::ptr_eq(&current, &bundle));
                let computed = warm_up(&bundle, &stop);
                if computed > 0 {
                    let millis = started.elapsed().as_millis() as u64;
                    tracing::info!(computed, millis, "document encodings computed in the background");
                }
            }
            drop(handle);
            // Waits for the next bundle; ends when the handle (and with it the observer) is gone.
            if changes.recv().is_err() {
                return;
            }
            while changes.try_recv().is_ok() {}
        }
    })
}
