//! Reloading: build a whole new bundle off the request path, then swap it in; a failed build keeps the old one.

use std::path::Path;
use std::sync::{Arc, mpsc};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use notify::{EventKind, RecursiveMode, Watcher as _};

use crate::bundle::Bundle;
use crate::handle::Handle;

/// Quiet time after the last file event before rebuilding: a generator writes many files in a burst.
const SETTLE: Duration = Duration::from_millis(200);
/// Upper bound on waiting for quiet, so a directory that never stops changing is still reloaded.
const MAX_SETTLE: Duration = Duration::from_secs(3);

/// Builds `build()` and swaps it in; on failure logs why, counts it, and leaves the current bundle serving.
pub fn reload(handle: &Handle, build: &dyn Fn() -> Result<Bundle, String>) -> Result<(), String> {
    let started = Instant::now();
    match build().and_then(|bundle| bundle.check_listed_documents().map(|()| bundle).map_err(|e| e.to_string())) {
        Ok(bundle) => {
            let encoded = bundle.encoded_documents().len();
            let bundle = Arc::new(bundle);
            handle.store(bundle.clone());
            tracing::info!(millis = started.elapsed().as_millis() as u64, encoded, "bundle reloaded");
            // Now that the rest of the bundle serves, what it left to do after the swap (a changed v2 document).
            match bundle.encode_deferred() {
                Ok(Some(took)) => tracing::info!(millis = took.as_millis() as u64, "OpenAPI v2 document updated"),
                Ok(None) => {}
                Err(error) => {
                    handle.metrics().observe_reload_failure();
                    tracing::warn!(%error, "the new OpenAPI v2 document cannot be served; still serving the previous one");
                    return Err(error.to_string());
                }
            }
            Ok(())
        }
        Err(error) => {
            handle.metrics().observe_reload_failure();
            tracing::warn!(%error, "reload failed; still serving the previous bundle");
            Err(error)
        }
    }
}

/// A running directory watch; dropping it stops watching and joins its thread.
#[derive(Debug)]
pub struct Watch {
    watcher: Option<notify::RecommendedWatcher>,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Watch {
    fn drop(&mut self) {
        // Dropping the watcher drops the channel's sender, which ends the reload thread.
        self.watcher.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Watches `dir` recursively; after each burst of changes settles, reloads `handle` with `build` on a thread of its
/// own (never on a request).
pub fn watch(
    dir: &Path,
    handle: Handle,
    build: impl Fn() -> Result<Bundle, String> + Send + 'static,
) -> Result<Watch, String> {
    watch_with(dir, move || {
        let _ = reload(&handle, &build);
    })
}

/// Watches `dir` recursively and calls `on_change` on a thread of its own after each burst of changes settles
/// (a composer of bundles rebuilds with its new local files this way).
pub fn watch_with(dir: &Path, on_change: impl Fn() + Send + 'static) -> Result<Watch, String> {
    let (sender, receiver) = mpsc::channel::<()>();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| match event {
        Ok(event) if !matches!(event.kind, EventKind::Access(_)) => {
            let _ = sender.send(());
        }
        Ok(_) => {}
        Err(error) => tracing::warn!(%error, "file watch error"),
    })
    .map_err(|e| format!("cannot watch {}: {e}", dir.display()))?;
    watcher.watch(dir, RecursiveMode::Recursive).map_err(|e| format!("cannot watch {}: {e}", dir.display()))?;
    let thread = std::thread::Builder::new()
        .name("kapi-reload".to_owned())
        .spawn(move || {
            while receiver.recv().is_ok() {
                let burst = Instant::now();
                while burst.elapsed() < MAX_SETTLE && receiver.recv_timeout(SETTLE).is_ok() {}
                on_change();
            }
        })
        .map_err(|e| format!("cannot start the reload thread: {e}"))?;
    tracing::info!(dir = %dir.display(), "watching for changes");
    Ok(Watch { watcher: Some(watcher), thread: Some(thread) })
}
