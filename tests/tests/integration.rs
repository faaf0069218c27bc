//! The crate's integration tests, one module per file, linked into one test binary: a binary per file
//! would link the whole dependency graph once per file.

// The structural checker's cases (kube_structural) name `crate::structural`, as inside kapi-codegen.
use kapi_codegen::structural;

// Helpers the test modules share.
#[path = "../../codegen/tests/loss_oracle/mod.rs"]
mod loss_oracle;
mod peers_oasdiff;
mod served;

mod architecture;
mod conversion_plan;
mod core_v1;
mod core_v1_volumes;
mod crd_version_order;
mod crds;
mod disable;
mod discovery;
mod documents;
mod example_group;
mod fidelity;
mod generate_reuse;
mod import;
mod incremental;
mod kube_cel_compile;
mod kube_cel_cost;
mod kube_cel_cost_real_world;
mod kube_cel_functions;
mod kube_cel_functions_cases;
mod kube_crds;
mod kube_defaults;
mod kube_printer_columns;
mod kube_published;
mod kube_rs;
mod kube_structural;
mod kube_unions;
mod kube_validate;
mod layers;
mod loss_report;
mod manifests;
mod module_cycles;
mod open_enums;
mod openapi_v31;
mod own_group;
mod peers_buf;
mod peers_controller_gen;
mod peers_kopium;
mod per_version;
mod proto;
mod proto_upstream;
mod published_schemas;
mod reference_markdown;
mod rest_mapper;
mod scale;
mod versions;
mod watchable_discovery;
