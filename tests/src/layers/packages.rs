//! The workspace's packages as the layer checks see them: their targets and their dependencies on each other,
//! read from `cargo metadata`.

use std::path::PathBuf;

/// A workspace package.
#[derive(Debug, Clone)]
pub struct Package {
    pub name: String,
    pub targets: Vec<Target>,
    /// Its dependencies on other workspace packages.
    pub dependencies: Vec<Dependency>,
}

/// A dependency on a workspace package.
#[derive(Debug, Clone)]
pub struct Dependency {
    pub package: String,
    /// The name the depending crate's code gives it (`kapi_model`, or the `package = …` rename).
    pub extern_name: String,
    pub kind: DependencyKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DependencyKind {
    Normal,
    Build,
    Dev,
}

/// A target of a package: its crate name and root file.
#[derive(Debug, Clone)]
pub struct Target {
    pub crate_name: String,
    pub kind: TargetKind,
    pub root: PathBuf,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetKind {
    /// A library or proc-macro: what other packages use.
    Library,
    Binary,
    BuildScript,
    /// Tests, benches and examples: they may use anything.
    TestOnly,
}

/// The packages of `cargo metadata --no-deps --format-version 1`'s output, with their dependencies on each other.
pub fn packages_from_metadata(metadata: &serde_json::Value) -> Result<Vec<Package>, String> {
    let listed = metadata["packages"].as_array().ok_or("cargo metadata has no packages")?;
    let library_of = |name: &str| {
        listed
            .iter()
            .filter(|p| p["name"] == name)
            .flat_map(|p| p["targets"].as_array().into_iter().flatten())
            .find_map(|target| {
                let kinds = target["kind"].as_array()?;
                kinds.iter().any(|k| k == "lib" || k == "proc-macro").then(|| target["name"].as_str()).flatten()
            })
    };
    let mut packages = Vec::new();
    for package in listed {
        let name = package["name"].as_str().ok_or("a package without a name")?.to_owned();
        let mut targets = Vec::new();
        for target in package["targets"].as_array().ok_or("a package without targets")? {
            let kinds: Vec<&str> = target["kind"].as_array().into_iter().flatten().filter_map(|k| k.as_str()).collect();
            let kind =
                if kinds.iter().any(|k| ["lib", "proc-macro", "rlib", "dylib", "cdylib", "staticlib"].contains(k)) {
                    TargetKind::Library
                } else if kinds.contains(&"bin") {
                    TargetKind::Binary
                } else if kinds.contains(&"custom-build") {
                    TargetKind::BuildScript
                } else {
                    TargetKind::TestOnly
                };
            let crate_name = target["name"].as_str().ok_or("a target without a name")?.replace('-', "_");
            let root = PathBuf::from(target["src_path"].as_str().ok_or("a target without a root file")?);
            targets.push(Target { crate_name, kind, root });
        }
        let mut dependencies = Vec::new();
        for dependency in package["dependencies"].as_array().ok_or("a package without dependencies")? {
            let Some(depended) = dependency["name"].as_str() else { continue };
            // Only workspace packages have a library target in the --no-deps listing.
            let Some(library) = library_of(depended) else { continue };
            let extern_name = dependency["rename"].as_str().unwrap_or(library).replace('-', "_");
            let kind = match dependency["kind"].as_str() {
                Some("build") => DependencyKind::Build,
                Some("dev") => DependencyKind::Dev,
                _ => DependencyKind::Normal,
            };
            dependencies.push(Dependency { package: depended.to_owned(), extern_name, kind });
        }
        packages.push(Package { name, targets, dependencies });
    }
    packages.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(packages)
}
