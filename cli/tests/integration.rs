//! The crate's integration tests, one module per file, linked into one test binary: a binary per file
//! would link the whole dependency graph once per file.

// Helpers the test modules share.
mod common;

mod aggregate;
mod aggregator;
mod check_crd;
mod check_own_model;
mod cli;
mod diff;
mod discovery_informer;
mod docs_browser;
mod etcd_store;
mod first_day;
mod groups;
mod hangup;
mod identity;
mod import;
mod init;
mod kube_apiservice;
mod kube_behind_kapi;
mod kube_derive_migration;
mod kube_explain_preview;
mod kube_identity;
mod kube_object_rules;
mod kubectl_validate_suite;
mod operator;
mod proto_ledger;
mod serve;
mod serve_dir_conversion;
mod serve_docs;
mod serve_openapi31;
mod stdout;
mod tls;
mod tls_conformance;
mod validate;
mod versions;
