//! Connection workers: one thread per core, each running its own single-threaded tokio runtime with its own
//! event loop, as nginx runs one worker process per core. A connection is accepted on the caller's runtime and
//! moved to a worker for the rest of its life, so its reads, writes and wake-ups never cross threads: under load
//! that is what keeps the kernel's scheduler out of the request path. Which worker is [`Placement`]'s choice.

use std::future::Future;
use std::sync::Arc;
use std::thread::JoinHandle;

use tokio::net::TcpStream;
use tokio::runtime::{Builder, Handle as RuntimeHandle};
use tokio::sync::oneshot;

use super::placement::Placement;

/// The running workers; dropping this stops them (connections still open are dropped with their runtime).
#[derive(Debug)]
pub(crate) struct Workers {
    runtimes: Vec<RuntimeHandle>,
    stops: Vec<oneshot::Sender<()>>,
    threads: Vec<JoinHandle<()>>,
    placement: Arc<Placement>,
}

impl Workers {
    /// Starts one worker per available core.
    pub fn start() -> std::io::Result<Self> {
        let count = std::thread::available_parallelism().map_or(1, |n| n.get());
        let placement = Arc::new(Placement::new(count));
        let mut workers =
            Self { runtimes: Vec::new(), stops: Vec::new(), threads: Vec::new(), placement: Arc::clone(&placement) };
        for index in 0..count {
            let (on_park, on_unpark) = (Arc::clone(&placement), Arc::clone(&placement));
            let runtime = Builder::new_current_thread()
                .enable_all()
                .on_thread_park(move || on_park.clock(index).parked())
                .on_thread_unpark(move || on_unpark.clock(index).unparked())
                .build()?;
            let (stop, stopped) = oneshot::channel::<()>();
            workers.runtimes.push(runtime.handle().clone());
            workers.stops.push(stop);
            let thread = std::thread::Builder::new().name(format!("kapi-conn-{index}")).spawn(move || {
                runtime.block_on(async {
                    let _ = stopped.await;
                });
            })?;
            workers.threads.push(thread);
        }
        Ok(workers)
    }

    /// Moves `stream` to the worker [`Placement`] chooses and serves it there with `serve`.
    pub fn serve<F, Fut>(&self, stream: TcpStream, serve: F)
    where
        F: FnOnce(TcpStream) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        // Re-registered with the worker's own event loop; a stream that cannot be moved is closed.
        let Ok(stream) = stream.into_std() else { return };
        let index = self.placement.choose();
        let runtime = &self.runtimes[index];
        runtime.spawn(async move {
            let stream = match TcpStream::from_std(stream) {
                Ok(stream) => stream,
                Err(error) => {
                    tracing::debug!(%error, "cannot register a connection with a worker");
                    return;
                }
            };
            serve(stream).await;
        });
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        for stop in self.stops.drain(..) {
            let _ = stop.send(());
        }
        for thread in self.threads.drain(..) {
            // A worker panicking already logged why; nothing more to do here.
            let _ = thread.join();
        }
    }
}
