//! Code generation from checked containers; never sees raw attributes.

pub mod fallback;
mod placement;
pub mod resource;
pub mod schema;
mod settings;
mod shapes;
