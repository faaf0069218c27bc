//! The crate's integration tests, one module per file, linked into one test binary: a binary per file
//! would link the whole dependency graph once per file.

mod derive;
mod descriptions;
mod json_keywords;
mod open_enums;
mod placement;
mod proto;
mod ui;
