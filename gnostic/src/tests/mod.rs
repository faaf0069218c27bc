//! Tests of the gnostic encodings against the upstream `.proto` files and realistic documents.

mod behaviour;
mod corpus;
mod dynamic;
mod fidelity;
mod upstream;
mod v2_document;
mod v3_document;
