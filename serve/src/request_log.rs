//! The request log: one `METHOD /target status` line per request, written by a thread of its own so a slow disk
//! never holds a request. Lines pass through a bounded queue; when it is full the line is dropped and counted,
//! rather than making the request wait.

use std::io::Write;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};

/// Lines that may wait for the writer before new ones are dropped.
pub(crate) const QUEUED_LINES: usize = 8192;

/// The sending side; each request hands its line over without blocking.
#[derive(Debug)]
pub(crate) struct RequestLog {
    lines: SyncSender<String>,
}

impl RequestLog {
    /// Starts the writer thread for `writer`.
    pub fn start(writer: impl Write + Send + 'static) -> std::io::Result<Self> {
        let (lines, queue) = sync_channel(QUEUED_LINES);
        std::thread::Builder::new().name("kapi-request-log".to_owned()).spawn(move || write_lines(&queue, writer))?;
        Ok(Self { lines })
    }

    /// Queues `line`; false when it was dropped (the queue is full, or the writer has stopped).
    pub fn offer(&self, line: String) -> bool {
        match self.lines.try_send(line) {
            Ok(()) => true,
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => false,
        }
    }
}

/// Writes each line whole, flushing whenever the queue runs empty, until every sender is gone or a write fails.
fn write_lines(queue: &Receiver<String>, mut writer: impl Write) {
    while let Ok(line) = queue.recv() {
        let mut next = Some(line);
        while let Some(line) = next.take() {
            if let Err(error) = writer.write_all(line.as_bytes()) {
                tracing::warn!(%error, "cannot write the request log; it stops here");
                return;
            }
            next = queue.try_recv().ok();
        }
        if let Err(error) = writer.flush() {
            tracing::warn!(%error, "cannot flush the request log");
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    /// A writer that records what reached it, and can be made to block.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().map_err(|_| std::io::Error::other("poisoned"))?.extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn lines_arrive_whole_and_in_order() {
        let sink = Shared::default();
        let log = RequestLog::start(sink.clone()).expect("thread");
        for index in 0..100 {
            assert!(log.offer(format!("GET /{index} 200\n")));
        }
        drop(log);
        let started = std::time::Instant::now();
        let expected: String = (0..100).map(|index| format!("GET /{index} 200\n")).collect();
        loop {
            let written = String::from_utf8(sink.0.lock().expect("lock").clone()).expect("utf-8");
            if written == expected {
                break;
            }
            assert!(started.elapsed() < std::time::Duration::from_secs(10), "{written}");
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }

    #[test]
    fn a_stuck_writer_makes_lines_drop_instead_of_blocking() {
        let gate = Arc::new(Mutex::new(()));
        let held = gate.lock().expect("lock");
        struct Stuck(Arc<Mutex<()>>);
        impl Write for Stuck {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                let _wait = self.0.lock();
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let log = RequestLog::start(Stuck(Arc::clone(&gate))).expect("thread");
        let started = std::time::Instant::now();
        let accepted = (0..QUEUED_LINES + 100).filter(|_| log.offer("GET / 200\n".to_owned())).count();
        assert!(started.elapsed() < std::time::Duration::from_secs(5), "offering never blocks");
        // The writer holds at most one line while stuck; the queue holds the rest.
        assert!((QUEUED_LINES..=QUEUED_LINES + 1).contains(&accepted), "{accepted}");
        drop(held);
    }
}
