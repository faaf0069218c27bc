//! The first rule: no normal or build dependency on a package of a higher layer (tests may use anything, so
//! dev-dependencies are exempt).

use super::packages::{DependencyKind, Package};
use super::table::Layers;

/// Every normal or build dependency that points to a higher layer, as a sentence; sorted. Packages the table does
/// not list are left to [`Layers::membership_problems`].
pub fn upward_dependencies(layers: &Layers, packages: &[Package]) -> Vec<String> {
    let mut found = Vec::new();
    for package in packages {
        let Some(own) = layers.layer_of(&package.name) else { continue };
        for dependency in &package.dependencies {
            let Some(theirs) = layers.layer_of(&dependency.package) else { continue };
            let verb = match dependency.kind {
                DependencyKind::Normal => "depends on",
                DependencyKind::Build => "build-depends on",
                DependencyKind::Dev => continue,
            };
            if theirs > own {
                found.push(format!(
                    "{} {verb} {} (layer {}) from layer {}",
                    package.name,
                    dependency.package,
                    layers.name(theirs),
                    layers.name(own)
                ));
            }
        }
    }
    found.sort();
    found.dedup();
    found
}
