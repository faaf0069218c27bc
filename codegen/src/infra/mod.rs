//! What the emitters share: the profile and its passes, the prepared model they read ([`context`]), the schema
//! renderer, canonical JSON, and the artifacts with their writer.

pub(crate) mod artifacts;
pub(crate) mod assembled;
pub mod canonical;
pub(crate) mod closure;
pub(crate) mod context;
pub(crate) mod conventions;
pub(crate) mod definitions;
pub(crate) mod disable;
pub(crate) mod parallel;
pub mod passes;
pub(crate) mod pieces;
pub mod profile;
pub(crate) mod render;
pub(crate) mod rendered;
pub mod reuse;
pub mod writer;
