//! An OpenAPI document's gnostic protobuf encoding, computed when a client first asks for it (or the warm-up gets
//! to it), at most once: parsing the JSON of every document of thousands of groups and encoding it took seconds
//! before a server could listen, for a form only some clients (kubectl's `explain`) ask for.

use std::sync::{Arc, OnceLock};

use crate::body::Body;
use crate::compute_gate::ComputeGate;
use crate::files::parse_json;
use crate::negotiate::Spec;
use crate::options::ProtobufEncoder;
use crate::variants::Representation;

/// The protobuf form of one document; clones share the encoding.
#[derive(Clone)]
pub(crate) struct LazyProtobuf {
    inner: Arc<Inner>,
}

struct Inner {
    path: String,
    /// The JSON bytes the encoding is made from.
    json: Body,
    spec: Spec,
    encoder: ProtobufEncoder,
    /// The representation, or why the document has none (logged once, when found).
    encoded: OnceLock<Result<Representation, String>>,
    /// Requests that find `encoded` missing wait here for the one computing it.
    gate: ComputeGate,
}

impl std::fmt::Debug for LazyProtobuf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LazyProtobuf").field("path", &self.inner.path).finish_non_exhaustive()
    }
}

impl LazyProtobuf {
    pub fn new(path: &str, json: Body, spec: Spec, encoder: ProtobufEncoder) -> Self {
        let inner = Inner {
            path: path.to_owned(),
            json,
            spec,
            encoder,
            encoded: OnceLock::new(),
            gate: ComputeGate::default(),
        };
        Self { inner: Arc::new(inner) }
    }

    /// The encoding, computed by the first caller; `None` when the document cannot be encoded (then it is not
    /// offered, as an encoding that failed at load was not).
    pub fn get(&self) -> Option<&Representation> {
        self.inner.encoded.get_or_init(|| encode(&self.inner)).as_ref().ok()
    }
}

impl LazyProtobuf {
    /// True once the encoding was tried.
    pub fn is_encoded(&self) -> bool {
        self.inner.encoded.get().is_some()
    }

    /// Where requests wait for [`LazyProtobuf::get`] to be computed off their event loop.
    pub fn gate(&self) -> &ComputeGate {
        &self.inner.gate
    }

    /// Why the document has no protobuf form, once an encoding was tried and failed.
    pub fn failure(&self) -> Option<&str> {
        self.inner.encoded.get()?.as_ref().err().map(String::as_str)
    }
}

fn encode(inner: &Inner) -> Result<Representation, String> {
    let path = inner.path.as_str();
    let outcome = (|| {
        let bytes = inner.json.to_bytes().map_err(|e| format!("cannot read it: {e}"))?;
        let value = parse_json(path, &bytes).map_err(|e| e.to_string())?;
        drop(bytes);
        let encoded = (inner.encoder)(&value)?;
        let (_, dot_spelling) = inner.spec.protobuf_subtypes();
        Representation::of(Body::kept(encoded), &format!("application/{dot_spelling}"), None)
    })();
    outcome.map_err(|reason| {
        let warning = format!("{path}: protobuf variant not offered: {reason}");
        tracing::warn!("{warning}");
        warning
    })
}
