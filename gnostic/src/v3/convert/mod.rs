//! Converting an OpenAPI 3 JSON document into `openapi.v3` messages, following gnostic's
//! `openapi_v3.NewDocument`.
//!
//! Objects are checked against the keys gnostic allows (plus `x-` extensions); an object with `$ref` becomes a
//! `Reference`, as gnostic decides for every `...OrReference`. Map entries come out sorted by key so equal
//! documents give equal bytes.

// Files are layered: values (and lists, the map messages) use no other converter; schema, servers and security
// use values; bodies uses schema; operation uses bodies, servers and security; document sits on top.
mod bodies;
mod document;
mod lists;
mod operation;
mod schema;
mod security;
mod servers;
mod values;

pub(super) use document::document;
