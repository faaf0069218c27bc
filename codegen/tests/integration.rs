//! The crate's integration tests, one module per file, linked into one test binary: a binary per file
//! would link the whole dependency graph once per file.

// Helpers the test modules share.
mod common;
mod loss_oracle;

mod connect;
mod discovery;
mod generate;
mod jsonschema;
mod openapi_v2;
mod proto;
mod structural;
mod upstream_paths;
