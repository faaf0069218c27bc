//! The crate's integration tests, one module per file, linked into one test binary: a binary per file
//! would link the whole dependency graph once per file.

// Helpers the test modules share.
mod common;

mod convert_v2_fixture;
mod discovery;
mod docs;
mod fast_path;
mod groups;
mod hostile_clients;
mod hostile_files;
mod lease_watches;
mod leases;
mod open_files;
mod openapi;
mod openapi_v31;
mod operations;
mod protobuf;
mod reload;
mod socket;
