//! The crate's integration tests, one module per file, linked into one test binary: a binary per file
//! would link the whole dependency graph once per file.

// Helpers the test modules share.
#[macro_use]
mod fixture;

mod docs;
mod documents;
mod enums;
mod rules;
mod wire;
mod wire_pairs;
