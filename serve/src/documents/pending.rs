//! What a request for a document waits for when no request (nor the warm-up) has computed it yet: the document's
//! ETag and gzip copy, or its protobuf form. A connection's event loop serves many connections, so the work is
//! done on tokio's blocking pool and the request awaits it: a document of hundreds of megabytes takes seconds, and
//! only the requests for that document wait (on its one computation, [`std::sync::OnceLock`]).

use crate::openapi_protobuf::LazyProtobuf;
use crate::variants::Representation;

/// One computation a request waits for.
#[derive(Debug, Clone)]
pub(crate) enum Pending {
    Encodings(Representation),
    Protobuf(LazyProtobuf),
}

impl Pending {
    /// Computes it on this thread (or waits for the caller computing it).
    pub fn compute(&self) {
        match self {
            Self::Encodings(rep) => drop(rep.encoded()),
            Self::Protobuf(protobuf) => drop(protobuf.get()),
        }
    }

    /// Computes it on the blocking pool, off the caller's event loop.
    pub async fn compute_off_loop(self) {
        let outcome = tokio::task::spawn_blocking(move || self.compute()).await;
        if let Err(error) = outcome {
            // A panic while encoding: the next attempt computes (and fails) again, answered then.
            tracing::error!(%error, "computing a document's encodings failed");
        }
    }
}
