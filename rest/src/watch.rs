//! One watch stream, whatever the kind: its opening events (the current objects as ADDED events, or what followed
//! the requested resource version), the changes its [`Source`] delivers, bookmarks when asked (periodic, and a
//! last one shortly before the timeout), and its end (timeout, server shutdown, or the source ending, after an
//! ERROR event when the source says why). Selectors filter every event by the object it carries; Table watches
//! send rows, with the columns only in the first.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use futures_util::stream;
use kapi_meta::meta::v1::Status;
use tokio::sync::watch;
use tokio::time::Instant;

use super::query::Query;
use super::served::Served;
use super::table::TableRequest;
use super::wire::{bookmark, event_line};
use kapi_serve::Handle;

use crate::metrics::WatchMetrics;

/// How long a watch lasts when the client does not say: kube-apiserver's shortest request timeout.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30 * 60);
/// How often a watch that allows bookmarks gets one: each tells the client how far it is, so a reconnect
/// continues from there rather than from a list.
pub const BOOKMARK_EVERY: Duration = Duration::from_secs(60);
/// How long before its timeout a watch that allows bookmarks gets a last one (as kube-apiserver sends it), so the
/// client's next watch continues from as recent a version as possible.
pub const BOOKMARK_BEFORE_TIMEOUT: Duration = Duration::from_secs(2);

/// Events of one watch, in order: the watch event type (`ADDED`, `MODIFIED`, `DELETED`) and the object after the
/// change (for a deletion, its last state).
pub type Events<O> = Vec<(&'static str, Arc<O>)>;

/// What a source delivers next.
#[derive(Debug)]
pub enum Changes<O> {
    /// Changes, in order (possibly none, when the source only moved its resource version on).
    Events(Events<O>),
    /// The source ended: the watch ends too, after an ERROR event carrying the status when there is one.
    Ended(Option<Box<Status>>),
}

/// Where a watch's changes come from, once it is open.
pub trait Source: Send + 'static {
    /// The kind of object watched.
    type Object: Served;

    /// Waits for the next changes. Dropping the future before it completes loses nothing (a watch waits for
    /// several things at once).
    fn changes(&mut self) -> impl Future<Output = Changes<Self::Object>> + Send;

    /// The resource version every change up to which was delivered: what a bookmark reports.
    fn resource_version(&self) -> u64;
}

/// The events a watch starts with, and the resource version they bring the client to.
#[derive(Debug)]
pub struct Opening<O> {
    pub events: Events<O>,
    pub resource_version: u64,
}

/// What a stream sends objects as.
#[derive(Debug)]
pub struct Shape {
    /// The objects' `apiVersion`, for bookmarks.
    pub api_version: String,
    /// The resource, as the watch metrics label it.
    pub resource: &'static str,
    /// Rows of a Table, when the client asked for tables.
    pub table: Option<TableRequest>,
}

/// A watch in progress.
#[derive(Debug)]
pub struct Session<S: Source> {
    /// Held, not read: it keeps `closing`'s sender alive (see `next_line`).
    _handle: Handle,
    metrics: Arc<WatchMetrics>,
    closing: watch::Receiver<bool>,
    source: S,
    query: Query,
    shape: Shape,
    queue: VecDeque<(&'static str, Bytes)>,
    columns_sent: bool,
    deadline: Instant,
    /// When the next bookmark is due; `None` when bookmarks were not asked for or none is due before the end.
    next_bookmark: Option<Instant>,
    finished: bool,
}

impl<S: Source> Session<S> {
    /// A watch that sends `opening` (then the initial-events-end bookmark, when the client asked for both) and
    /// follows `source`. Opened while the server shuts down, it sends its opening events and ends.
    pub fn open(handle: &Handle, query: Query, shape: Shape, opening: Opening<S::Object>, source: S) -> Self {
        let timeout = query.timeout.filter(|t| !t.is_zero()).unwrap_or(DEFAULT_TIMEOUT);
        let now = Instant::now();
        let deadline = now + timeout;
        let next_bookmark = if query.allow_bookmarks { next_bookmark(now, deadline) } else { None };
        let closing = handle.closing();
        let finished = *closing.borrow();
        let mut session = Self {
            _handle: handle.clone(),
            metrics: WatchMetrics::of(handle.metrics()),
            closing,
            source,
            query,
            shape,
            queue: VecDeque::new(),
            columns_sent: false,
            deadline,
            next_bookmark,
            finished,
        };
        // Counted from here: dropping the session counts it closed.
        session.metrics.stream_opened(session.shape.resource);
        for (event_type, object) in opening.events {
            session.queue_object(event_type, &object);
        }
        let query = &session.query;
        if query.initial_events() && query.send_initial_events == Some(true) && query.allow_bookmarks {
            session.queue_bookmark(opening.resource_version, true);
        }
        session
    }

    /// Queues one event about `object`, when the selectors let it through.
    fn queue_object(&mut self, event_type: &'static str, object: &S::Object) {
        if !self.query.selects(object.metadata()) {
            return;
        }
        let value = match self.shape.table {
            Some(table) => {
                let with_columns = !std::mem::replace(&mut self.columns_sent, true);
                table.table(&[object], object.metadata().resource_version.clone(), with_columns)
            }
            None => serde_json::to_value(object).unwrap_or_default(),
        };
        self.queue.push_back((event_type, event_line(event_type, value)));
    }

    fn queue_bookmark(&mut self, resource_version: u64, ends_initial_events: bool) {
        let kind = <S::Object as Served>::KIND;
        let object = bookmark(&self.shape.api_version, kind, resource_version, ends_initial_events);
        self.queue.push_back(("BOOKMARK", event_line("BOOKMARK", object)));
    }

    /// Queues what the source delivered; an ending ends the watch after its ERROR event.
    fn take(&mut self, changes: Changes<S::Object>) {
        match changes {
            Changes::Events(events) => {
                for (event_type, object) in events {
                    self.queue_object(event_type, &object);
                }
            }
            Changes::Ended(status) => {
                if let Some(status) = status {
                    let object = serde_json::to_value(status).unwrap_or_default();
                    self.queue.push_back(("ERROR", event_line("ERROR", object)));
                }
                self.finished = true;
            }
        }
    }

    /// The next line to send, waiting for one; `None` once the watch is over.
    pub async fn next_line(&mut self) -> Option<Bytes> {
        loop {
            if let Some((event_type, line)) = self.queue.pop_front() {
                self.metrics.event_sent(self.shape.resource, event_type);
                return Some(line);
            }
            if self.finished {
                return None;
            }
            let wake = tokio::select! {
                changes = self.source.changes() => Wake::Changes(changes),
                // The handle keeps the sender alive, and the only change is to closing.
                _ = self.closing.changed() => Wake::End,
                () = tokio::time::sleep_until(self.deadline) => Wake::End,
                () = at(self.next_bookmark) => Wake::Bookmark,
            };
            match wake {
                Wake::Changes(changes) => self.take(changes),
                Wake::End => self.finished = true,
                Wake::Bookmark => {
                    self.queue_bookmark(self.source.resource_version(), false);
                    self.next_bookmark = next_bookmark(Instant::now(), self.deadline);
                }
            }
        }
    }

    /// The stream as a response body, one event per chunk.
    pub fn into_body(self) -> Body {
        Body::from_stream(stream::unfold(self, |mut session| async move {
            let line = session.next_line().await?;
            Some((Ok::<Bytes, Infallible>(line), session))
        }))
    }
}

impl<S: Source> Drop for Session<S> {
    fn drop(&mut self) {
        self.metrics.stream_closed(self.shape.resource);
    }
}

/// Why a waiting watch woke: its source delivered, the watch is over (shutdown or timeout), a bookmark is due.
enum Wake<O> {
    Changes(Changes<O>),
    End,
    Bookmark,
}

/// When a watch ending at `deadline` gets its next bookmark, from `now`: a period after now, or shortly before the
/// deadline when that comes first; none when even that moment has passed (a watch shorter than the margin gets no
/// pre-timeout bookmark, as with kube-apiserver).
fn next_bookmark(now: Instant, deadline: Instant) -> Option<Instant> {
    let periodic = now + BOOKMARK_EVERY;
    let before_timeout = deadline.checked_sub(BOOKMARK_BEFORE_TIMEOUT)?;
    let next = periodic.min(before_timeout);
    (next > now).then_some(next)
}

/// Waits until `moment`, or forever when there is none.
async fn at(moment: Option<Instant>) {
    match moment {
        Some(moment) => tokio::time::sleep_until(moment).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bookmarks_come_every_period_and_once_shortly_before_the_timeout() {
        let now = Instant::now();
        let long = now + Duration::from_secs(30 * 60);
        assert_eq!(next_bookmark(now, long), Some(now + BOOKMARK_EVERY));
        let short = now + Duration::from_secs(5);
        assert_eq!(next_bookmark(now, short), Some(now + Duration::from_secs(3)), "2 s before a 5 s timeout");
        assert_eq!(next_bookmark(now + Duration::from_secs(3), short), None, "and then no more");
        let near = now + Duration::from_secs(61);
        assert_eq!(next_bookmark(now, near), Some(now + Duration::from_secs(59)), "the pre-timeout one comes first");
        assert_eq!(next_bookmark(now + Duration::from_secs(59), near), None, "then the watch ends before a period");
        assert_eq!(next_bookmark(now, now + Duration::from_secs(1)), None, "shorter than the margin");
    }
}
