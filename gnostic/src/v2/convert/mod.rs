//! Converting a swagger JSON document into `openapi.v2` messages, following gnostic's `openapi_v2.NewDocument`.
//!
//! Objects are checked against the keys gnostic allows (plus `x-` extensions), and the object each value
//! becomes is chosen the way gnostic chooses it (by `$ref`, `in`, `type`, `flow`). Map entries come out sorted by
//! key so equal documents give equal bytes.

// Files are layered: values (and lists, the map messages) use no other converter; schema and security use values;
// parameters uses schema; operation uses parameters and security; document sits on top.
mod document;
mod lists;
mod operation;
mod parameters;
mod schema;
mod security;
mod values;

pub(super) use document::document;
