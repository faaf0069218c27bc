//! Code generation from checked containers; never sees raw attributes.

pub mod resource;
pub mod schema;
mod settings;
