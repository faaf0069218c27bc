//! One watch stream: where it starts (the current objects as ADDED events, or the history after a resource
//! version), the events that follow as the served bundle changes, periodic bookmarks when asked, and its end
//! (timeout, server shutdown, or falling behind the retained history, reported as a 410 ERROR event).

use std::collections::VecDeque;
use std::convert::Infallible;
use std::time::Duration;

use axum::body::{Body, Bytes};
use futures_util::stream;
use kapi_meta::discovery::v1alpha1::Group;
use tokio::sync::watch;
use tokio::time::{Instant, Interval, MissedTickBehavior};

use super::history::TooOld;
use super::query::{Query, StartAt};
use super::store::GroupStore;
use super::table::TableRequest;
use super::wire::{bookmark, event_line};
use super::{Hub, Pulse};
use crate::handle::Handle;
use crate::status::Refusal;

/// How long a watch lasts when the client does not say: kube-apiserver's shortest request timeout.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30 * 60);
/// How often a watch that allows bookmarks gets one: each tells the client how far it is, so a reconnect
/// continues from there rather than from a list.
pub(crate) const BOOKMARK_EVERY: Duration = Duration::from_secs(60);

/// What a stream sends objects as, and what it has sent so far.
#[derive(Debug)]
pub(crate) struct Shape {
    /// `<group>/v1alpha1`, for bookmarks.
    pub api_version: String,
    /// Rows of a Table, when the client asked for tables.
    pub table: Option<TableRequest>,
}

/// A watch in progress.
#[derive(Debug)]
pub(crate) struct Session {
    handle: Handle,
    pulse: watch::Receiver<Pulse>,
    query: Query,
    shape: Shape,
    /// Every event up to this resource version is queued or sent.
    seen: u64,
    queue: VecDeque<(&'static str, Bytes)>,
    columns_sent: bool,
    deadline: Instant,
    bookmarks: Option<Interval>,
    finished: bool,
}

impl Session {
    /// Starts a watch of `handle`'s objects: refused when it starts from a resource version this server has not
    /// reached, or one whose following events are no longer retained.
    pub fn start(handle: &Handle, query: Query, shape: Shape) -> Result<Self, Refusal> {
        let hub: &Hub = handle.hub();
        let store = hub.store();
        let current = store.resource_version();
        if let StartAt::Version(requested) = query.start
            && requested > current
        {
            return Err(Refusal::TooLargeResourceVersion { requested, current });
        }
        let timeout = query.timeout.filter(|t| !t.is_zero()).unwrap_or(DEFAULT_TIMEOUT);
        let bookmarks = query.allow_bookmarks.then(|| {
            let mut interval = tokio::time::interval_at(Instant::now() + BOOKMARK_EVERY, BOOKMARK_EVERY);
            interval.set_missed_tick_behavior(MissedTickBehavior::Delay);
            interval
        });
        let mut session = Self {
            handle: handle.clone(),
            // Subscribed while the store is locked: every later change wakes this watch.
            pulse: hub.subscribe(),
            query,
            shape,
            seen: current,
            queue: VecDeque::new(),
            columns_sent: false,
            deadline: Instant::now() + timeout,
            bookmarks,
            finished: false,
        };
        // Counted from here: dropping the session, even a refused one, counts it closed.
        handle.metrics().watch_stream_opened();
        session.queue_start(&store, current)?;
        drop(store);
        session.finished = session.pulse.borrow().closing;
        Ok(session)
    }

    /// The first events: the current objects, or what happened after the requested resource version.
    fn queue_start(&mut self, store: &GroupStore, current: u64) -> Result<(), Refusal> {
        if self.query.initial_events() {
            for object in store.objects() {
                self.queue_object("ADDED", object);
            }
            if self.query.send_initial_events == Some(true) && self.query.allow_bookmarks {
                self.queue_bookmark(current, true);
            }
            return Ok(());
        }
        let from = match self.query.start {
            StartAt::Version(requested) => requested,
            StartAt::Unset | StartAt::Any => current,
        };
        let events =
            store.events_after(from).map_err(|TooOld { oldest }| Refusal::Expired { requested: from, oldest })?;
        for event in events {
            self.queue_object(event.change.as_str(), &event.object);
        }
        Ok(())
    }

    /// Queues one event about `object`, when the field selector lets it through.
    fn queue_object(&mut self, event_type: &'static str, object: &Group) {
        if !self.query.selects(object.metadata.name.as_deref().unwrap_or_default()) {
            return;
        }
        let value = match self.shape.table {
            Some(table) => {
                let with_columns = !std::mem::replace(&mut self.columns_sent, true);
                table.table(&[object], object.metadata.resource_version.clone(), with_columns)
            }
            None => serde_json::to_value(object).unwrap_or_default(),
        };
        self.queue.push_back((event_type, event_line(event_type, value)));
    }

    fn queue_bookmark(&mut self, resource_version: u64, ends_initial_events: bool) {
        let object = bookmark(&self.shape.api_version, resource_version, ends_initial_events);
        self.queue.push_back(("BOOKMARK", event_line("BOOKMARK", object)));
    }

    /// The events recorded since the last look, or a 410 ERROR event (and the end) when some were dropped first.
    fn catch_up(&mut self) {
        let handle = self.handle.clone();
        let store = handle.hub().store();
        let events = match store.events_after(self.seen) {
            Ok(events) => events,
            Err(TooOld { oldest }) => {
                let status = Refusal::Expired { requested: self.seen, oldest }.status();
                self.queue.push_back(("ERROR", event_line("ERROR", serde_json::to_value(status).unwrap_or_default())));
                self.finished = true;
                return;
            }
        };
        for event in events {
            self.queue_object(event.change.as_str(), &event.object);
        }
        self.seen = store.resource_version();
    }

    /// The next line to send, waiting for one; `None` once the watch is over.
    async fn next_line(&mut self) -> Option<Bytes> {
        loop {
            if let Some((event_type, line)) = self.queue.pop_front() {
                self.handle.metrics().observe_watch_event(event_type);
                return Some(line);
            }
            if self.finished {
                return None;
            }
            let bookmarks = self.bookmarks.as_mut();
            let wake = tokio::select! {
                changed = self.pulse.changed() => Wake::Pulse(changed.is_ok() && !self.pulse.borrow().closing),
                () = tokio::time::sleep_until(self.deadline) => Wake::Timeout,
                () = tick(bookmarks) => Wake::Bookmark,
            };
            match wake {
                Wake::Pulse(true) => self.catch_up(),
                Wake::Pulse(false) | Wake::Timeout => self.finished = true,
                Wake::Bookmark => self.queue_bookmark(self.seen, false),
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

impl Drop for Session {
    fn drop(&mut self) {
        self.handle.metrics().watch_stream_closed();
    }
}

/// Why a waiting watch woke: a change (true) or the end of the server (false), its timeout, a bookmark due.
enum Wake {
    Pulse(bool),
    Timeout,
    Bookmark,
}

/// The next bookmark tick, or never when bookmarks were not asked for.
async fn tick(interval: Option<&mut Interval>) {
    match interval {
        Some(interval) => {
            interval.tick().await;
        }
        None => std::future::pending().await,
    }
}

#[cfg(test)]
#[path = "stream_tests.rs"]
mod tests;
