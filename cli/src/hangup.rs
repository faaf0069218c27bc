//! `kill -HUP`: `kapi serve --dir` reloads its directory at once, with or without `--watch`.

use std::sync::{Arc, Mutex};

/// A reload that can be started from the file watcher's thread and from a signal; one runs at a time, so an
/// older build can never be swapped in after a newer one.
#[derive(Clone)]
pub struct Reloader {
    run: Arc<dyn Fn() + Send + Sync>,
    running: Arc<Mutex<()>>,
}

impl std::fmt::Debug for Reloader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reloader").finish_non_exhaustive()
    }
}

impl Reloader {
    /// Wraps `run` (which builds the new bundle, swaps it in on success and counts a failure).
    pub fn new(run: impl Fn() + Send + Sync + 'static) -> Self {
        Self { run: Arc::new(run), running: Arc::new(Mutex::new(())) }
    }

    /// Reloads now, after any reload already under way; blocks, so callers keep it off the async workers.
    pub fn reload(&self) {
        // A panic in an earlier reload poisons nothing we rely on: the guard only orders reloads.
        let _turn = self.running.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        (self.run)();
    }
}

/// Starts listening for SIGHUP and returns the task that reloads on each one. Listening starts before this
/// returns, so a signal sent once the server says it is listening reloads instead of ending the process (the
/// default action). Signals that arrive during a reload are folded into one more reload after it.
#[cfg(unix)]
pub fn reload_on_hangup(reloader: Reloader) -> Result<tokio::task::JoinHandle<()>, String> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut hangups = signal(SignalKind::hangup()).map_err(|e| format!("cannot listen for SIGHUP: {e}"))?;
    Ok(tokio::spawn(async move {
        while hangups.recv().await.is_some() {
            tracing::info!("SIGHUP: reloading");
            let reloader = reloader.clone();
            // Reading and building a bundle blocks; it must not hold an async worker that serves requests.
            if let Err(error) = tokio::task::spawn_blocking(move || reloader.reload()).await {
                tracing::warn!(%error, "the SIGHUP reload did not finish");
            }
        }
    }))
}

/// Without Unix signals there is nothing to listen for.
#[cfg(not(unix))]
pub fn reload_on_hangup(_reloader: Reloader) -> Result<tokio::task::JoinHandle<()>, String> {
    Ok(tokio::spawn(async {}))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn reloads_run_one_at_a_time() {
        let inside = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let (now, peak) = (inside.clone(), most.clone());
        let reloader = Reloader::new(move || {
            let current = now.fetch_add(1, Ordering::SeqCst) + 1;
            peak.fetch_max(current, Ordering::SeqCst);
            std::thread::sleep(std::time::Duration::from_millis(5));
            now.fetch_sub(1, Ordering::SeqCst);
        });
        let threads: Vec<_> = (0..4)
            .map(|_| {
                let reloader = reloader.clone();
                std::thread::spawn(move || (0..5).for_each(|_| reloader.reload()))
            })
            .collect();
        threads.into_iter().for_each(|t| t.join().expect("joins"));
        assert_eq!(most.load(Ordering::SeqCst), 1, "two reloads overlapped");
    }
}
