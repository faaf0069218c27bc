//! The workspace's layers (`LAYERS.toml` at the root) and the checks that keep every package below the layers
//! above it: no normal or build dependency upward, and no source file using an item of a higher layer's crate,
//! directly or through a re-export anywhere on the way to the item's definition.

mod dependencies;
mod packages;
mod sources;
mod table;
#[cfg(test)]
mod tests;

pub use dependencies::upward_dependencies;
pub use packages::{Dependency, DependencyKind, Package, Target, TargetKind, packages_from_metadata};
pub use sources::{SourceFindings, upward_uses};
pub use table::Layers;
