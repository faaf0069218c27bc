//! What a request for a document waits for when no request (nor the warm-up) has computed it yet: the document's
//! ETag and gzip copy, or its protobuf form. A connection's event loop serves many connections, so the work is
//! done on tokio's blocking pool and the request awaits it: a document of hundreds of megabytes takes seconds, and
//! only the requests for that document wait (on its one computation, [`std::sync::OnceLock`]).

use crate::compute_gate::ComputeGate;
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

    /// True once it was computed (successfully or not).
    fn is_computed(&self) -> bool {
        match self {
            Self::Encodings(rep) => rep.is_encoded(),
            Self::Protobuf(protobuf) => protobuf.is_encoded(),
        }
    }

    fn gate(&self) -> &ComputeGate {
        match self {
            Self::Encodings(rep) => rep.gate(),
            Self::Protobuf(protobuf) => protobuf.gate(),
        }
    }

    /// Waits until it is computed: the first caller computes it on the blocking pool, off its event loop; the
    /// others wait for that computation without holding a thread.
    pub async fn compute_off_loop(self) {
        let computation = self.clone();
        self.gate()
            .wait(
                || self.is_computed(),
                move || {
                    tokio::task::spawn_blocking(move || {
                        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| computation.compute()));
                        computation.gate().finish();
                        if outcome.is_err() {
                            // The next attempt computes (and fails) again, answered then.
                            tracing::error!("computing a document's encodings panicked");
                        }
                    });
                },
            )
            .await;
    }
}
