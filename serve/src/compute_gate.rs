//! One computation off the event loop per document, however many requests wait for it.
//!
//! A document's encodings are computed once ([`std::sync::OnceLock`]), but a request that finds them missing used
//! to take a blocking-pool thread just to wait on that lock: 64 connections asking for a document a reload had
//! just published held up to 64 threads, and each thread that ever ran keeps its own allocator pages (CI's load
//! stage saw resident memory grow 14 % in a minute of reloads while the blocking pool grew from 10 to 22
//! threads). The first request starts the computation on the blocking pool; the others wait on a notification,
//! without a thread.

use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::Notify;

/// Who is computing a document's encodings, and how the others learn it is done.
#[derive(Debug, Default)]
pub(crate) struct ComputeGate {
    started: AtomicBool,
    finished: Notify,
}

impl ComputeGate {
    /// Resolves once `is_done()` holds, or once a computation started here ends (a panic leaves `is_done()`
    /// false, and the caller's next attempt starts another). `start` is called at most once across concurrent
    /// callers: it must run the computation off the event loop and call [`ComputeGate::finish`] when it ends.
    pub async fn wait(&self, is_done: impl Fn() -> bool, start: impl FnOnce()) {
        let finished = self.finished.notified();
        tokio::pin!(finished);
        // Registered before the checks below, so an end between them and the await still wakes this waiter.
        finished.as_mut().enable();
        if is_done() {
            return;
        }
        if !self.started.swap(true, Ordering::AcqRel) {
            start();
        }
        finished.await;
    }

    /// Called by the computation [`ComputeGate::wait`] started, when it ends (also when it failed).
    pub fn finish(&self) {
        self.started.store(false, Ordering::Release);
        self.finished.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicUsize;

    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn many_waiters_start_one_computation_and_all_resolve() {
        let gate = Arc::new(ComputeGate::default());
        let done = Arc::new(AtomicBool::new(false));
        let starts = Arc::new(AtomicUsize::new(0));
        let (release, released) = std::sync::mpsc::channel::<()>();
        let released = Arc::new(std::sync::Mutex::new(released));
        let waiters: Vec<_> = (0..64)
            .map(|_| {
                let (gate, done, starts, released) = (gate.clone(), done.clone(), starts.clone(), released.clone());
                tokio::spawn(async move {
                    let is_done = || done.load(Ordering::Acquire);
                    gate.wait(is_done, || {
                        starts.fetch_add(1, Ordering::SeqCst);
                        let (gate, done) = (gate.clone(), done.clone());
                        tokio::task::spawn_blocking(move || {
                            // Held until every waiter has had the chance to arrive.
                            released.lock().expect("lock").recv().expect("released");
                            done.store(true, Ordering::Release);
                            gate.finish();
                        });
                    })
                    .await;
                })
            })
            .collect();
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        release.send(()).expect("a computation waiting");
        for waiter in waiters {
            let resolved = tokio::time::timeout(std::time::Duration::from_secs(10), waiter).await;
            resolved.expect("every waiter resolves").expect("no waiter panics");
        }
        assert_eq!(starts.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_computation_that_ended_without_a_result_lets_the_next_caller_start_again() {
        let gate = Arc::new(ComputeGate::default());
        let starts = Arc::new(AtomicUsize::new(0));
        for _ in 0..2 {
            let (inner, counted) = (gate.clone(), starts.clone());
            gate.wait(
                || false,
                move || {
                    counted.fetch_add(1, Ordering::SeqCst);
                    tokio::task::spawn_blocking(move || inner.finish());
                },
            )
            .await;
        }
        assert_eq!(starts.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn a_done_computation_starts_nothing() {
        let gate = ComputeGate::default();
        gate.wait(|| true, || panic!("nothing to start")).await;
    }
}
