//! The crate's integration tests, one module per file, linked into one test binary: a binary per file
//! would link the whole dependency graph once per file.

mod crd_forms;
mod defaults_checked;
mod printer_columns;
mod scale_kind;
mod schemars_interop;
