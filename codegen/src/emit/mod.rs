//! The emitters: one module per output form, each a pure function from the prepared model ([`crate::infra`]) to
//! artifacts.

pub(crate) mod crd;
mod crd_openapi;
pub mod discovery;
pub(crate) mod docs;
pub(crate) mod jsonschema;
pub mod model_file;
pub(crate) mod openapi_paths;
pub mod openapi_v2;
pub mod openapi_v3;
pub mod openapi_v31;
pub mod operations;
pub mod proto;
