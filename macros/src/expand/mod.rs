//! Code generation from checked containers; never sees raw attributes.

pub mod fallback;
pub mod kube;
mod placement;
pub mod resource;
pub mod schema;
mod settings;
mod shapes;
