//! Which worker a new connection goes to: the first worker whose thread is parked in its event loop, as nginx's
//! workers take connections (the kernel wakes the first worker waiting in `epoll_wait`); when every worker is
//! running, the first that was not busy over the last measuring window (the share of it its thread spent running
//! rather than parked), else the least busy. This packs connections onto as few cores as the load needs and
//! spreads them once a worker is busy. Dealing connections round robin instead keeps every worker's thread waking
//! for a share of the requests even when one core could answer them all: on a machine whose other cores are busy
//! with other work (the clients themselves, on a benchmark) that costs context switches and tail latency.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// A worker counts as busy when it ran for at least this share of the last measuring window.
const BUSY_SHARE: f64 = 0.75;

/// How long a measurement of the workers' load stays current.
const WINDOW: Duration = Duration::from_millis(20);

/// A worker thread's running time, kept by its runtime's park and unpark hooks.
#[derive(Debug)]
pub(crate) struct WorkerClock {
    started: Instant,
    /// Nanoseconds since `started` at which the thread last woke, 0 while it is parked.
    running_since: AtomicU64,
    /// Nanoseconds the thread has run, up to its last park.
    ran: AtomicU64,
}

impl WorkerClock {
    fn new(started: Instant) -> Self {
        Self { started, running_since: AtomicU64::new(0), ran: AtomicU64::new(0) }
    }

    /// The thread woke to run tasks.
    pub fn unparked(&self) {
        self.running_since.store(self.nanos().max(1), Relaxed);
    }

    /// The thread is about to wait for events.
    pub fn parked(&self) {
        let since = self.running_since.swap(0, Relaxed);
        if since != 0 {
            self.ran.fetch_add(self.nanos().saturating_sub(since), Relaxed);
        }
    }

    /// Whether the thread is waiting for events now.
    pub fn is_parked(&self) -> bool {
        self.running_since.load(Relaxed) == 0
    }

    /// Nanoseconds the thread has run up to `now` (nanoseconds since `started`), including a run in progress.
    fn ran_until(&self, now: u64) -> u64 {
        let since = self.running_since.load(Relaxed);
        let running = if since == 0 { 0 } else { now.saturating_sub(since) };
        self.ran.load(Relaxed) + running
    }

    fn nanos(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }
}

/// The workers' clocks and the running shares of the last complete window, refreshed by the accept loop as it
/// places connections.
#[derive(Debug)]
pub(crate) struct Placement {
    started: Instant,
    clocks: Box<[WorkerClock]>,
    state: Mutex<Window>,
}

#[derive(Debug)]
struct Window {
    /// When the current window opened (nanoseconds since `started`) and each worker's running time then.
    opened: u64,
    ran_at_open: Vec<u64>,
    /// Each worker's running share over the last complete window.
    shares: Vec<f64>,
}

impl Placement {
    pub fn new(workers: usize) -> Self {
        let started = Instant::now();
        let clocks = (0..workers).map(|_| WorkerClock::new(started)).collect();
        let window = Window { opened: 0, ran_at_open: vec![0; workers], shares: vec![0.0; workers] };
        Self { started, clocks, state: Mutex::new(window) }
    }

    /// The clock worker `index`'s park and unpark hooks keep.
    pub fn clock(&self, index: usize) -> &WorkerClock {
        &self.clocks[index]
    }

    /// The worker to give the next connection to.
    pub fn choose(&self) -> usize {
        let clocks = &self.clocks;
        let now = u64::try_from(self.started.elapsed().as_nanos()).unwrap_or(u64::MAX);
        // Only the accept loop places connections, so the lock is never contended; a poisoned one still holds
        // usable numbers.
        let mut guard = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let window = &mut *guard;
        let length = now.saturating_sub(window.opened);
        if length >= u64::try_from(WINDOW.as_nanos()).unwrap_or(u64::MAX) {
            let ran_now: Vec<u64> = clocks.iter().map(|clock| clock.ran_until(now)).collect();
            for ((share, before), after) in window.shares.iter_mut().zip(&window.ran_at_open).zip(&ran_now) {
                *share = after.saturating_sub(*before) as f64 / length as f64;
            }
            window.ran_at_open = ran_now;
            window.opened = now;
        }
        // A parked worker is waiting in its event loop and answers at once; when none is, keep packing while the
        // first workers have room.
        clocks.iter().position(WorkerClock::is_parked).unwrap_or_else(|| first_not_busy(&window.shares))
    }
}

/// The first worker whose running share is under [`BUSY_SHARE`]; when all are busy, the least busy.
pub(crate) fn first_not_busy(shares: &[f64]) -> usize {
    shares
        .iter()
        .position(|share| *share < BUSY_SHARE)
        .unwrap_or_else(|| shares.iter().enumerate().min_by(|a, b| a.1.total_cmp(b.1)).map_or(0, |(index, _)| index))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_pack_onto_the_first_worker_until_it_is_busy_then_go_to_the_least_busy() {
        assert_eq!(first_not_busy(&[0.0, 0.0]), 0);
        assert_eq!(first_not_busy(&[0.5, 0.0]), 0);
        assert_eq!(first_not_busy(&[0.9, 0.2, 0.0]), 1);
        assert_eq!(first_not_busy(&[0.9, 0.95, 0.8]), 2);
        assert_eq!(first_not_busy(&[0.99, 0.8, 0.9]), 1);
    }

    #[test]
    fn the_first_parked_worker_gets_the_connection() {
        let placement = Placement::new(3);
        assert_eq!(placement.choose(), 0, "all parked: the first one");
        placement.clock(0).unparked();
        assert_eq!(placement.choose(), 1);
        placement.clock(1).unparked();
        assert_eq!(placement.choose(), 2);
        placement.clock(0).parked();
        assert_eq!(placement.choose(), 0);
    }

    #[test]
    fn when_all_are_running_the_first_not_busy_over_the_last_window_gets_the_connection() {
        let placement = Placement::new(2);
        let clocks = [placement.clock(0), placement.clock(1)];
        // Worker 0 runs for a whole window; worker 1 wakes briefly, parks, and has just woken again.
        clocks[0].unparked();
        clocks[1].unparked();
        clocks[1].parked();
        std::thread::sleep(WINDOW + Duration::from_millis(5));
        clocks[1].unparked();
        assert_eq!(placement.choose(), 1);
        // Worker 0 parks and wakes again at the end of a window it spent parked: first again, though running.
        clocks[0].parked();
        std::thread::sleep(WINDOW + Duration::from_millis(5));
        clocks[0].unparked();
        assert_eq!(placement.choose(), 0);
    }
}
