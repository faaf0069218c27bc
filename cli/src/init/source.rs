//! Where a crate that `kapi init` or `kapi import` writes gets kapi's crates from: the registry, by this kapi's
//! version (the default), or a kapi checkout, by path (`--kapi-path DIR`, written relative to the crate when they share a directory).

use std::path::{Component, Path, PathBuf};

/// The version every kapi crate is released at together (the workspace shares one version).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Where the written crate's kapi dependencies come from.
#[derive(Debug)]
pub enum KapiSource {
    /// `kapi = "VERSION"`: from the registry.
    Registry,
    /// `kapi = { version = "VERSION", path = "<written>/kapi" }`: from the checkout at `root`.
    Checkout {
        /// The checkout, absolute.
        root: PathBuf,
        /// The path as Cargo.toml holds it: relative to the new crate unless the two share no directory below the root.
        written: String,
    },
}

impl KapiSource {
    /// The source for a crate to be written at `crate_dir`, from `--kapi-path` if given.
    pub fn choose(kapi_path: Option<&Path>, crate_dir: &Path) -> Result<Self, String> {
        let Some(path) = kapi_path else { return Ok(Self::Registry) };
        let root = checkout(path)?;
        // As the user spelled it (through any links), not resolved, and relative to the crate whenever the two share
        // a directory below the root: a relative path keeps working when both move together (another clone,
        // another machine, CI). Only paths with nothing in common stay absolute.
        let (target, base) = (normalize(&absolute(path)?), normalize(&absolute(crate_dir)?));
        let written = match path.is_absolute() && !share_a_directory(&target, &base) {
            true => target,
            false => relative_to(&target, &base),
        };
        let written = written
            .to_str()
            .filter(|text| !text.contains(['"', '\\']) && !text.contains(char::is_control))
            .ok_or_else(|| format!("cannot write the path {} into Cargo.toml", written.display()))?
            .to_owned();
        Ok(Self::Checkout { root, written })
    }

    /// The TOML value of the dependency on the kapi crate in directory `crate_dir` of a checkout (`kapi`, `meta`,
    /// `codegen`).
    pub fn dependency(&self, crate_dir: &str) -> String {
        match self {
            Self::Registry => format!("\"{VERSION}\""),
            Self::Checkout { written, .. } => {
                format!("{{ version = \"{VERSION}\", path = \"{written}/{crate_dir}\" }}")
            }
        }
    }

    /// The checkout's Cargo.lock, to start the new crate's lock from the versions kapi is built and tested with.
    pub fn lock_file(&self) -> Result<Option<Vec<u8>>, String> {
        let Self::Checkout { root, .. } = self else { return Ok(None) };
        match std::fs::read(root.join("Cargo.lock")) {
            Ok(lock) => Ok(Some(lock)),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(format!("cannot read {}: {error}", root.join("Cargo.lock").display())),
        }
    }

    /// For people: "kapi 0.1.0 from the registry", "the kapi checkout at ../kapi".
    pub fn describe(&self) -> String {
        match self {
            Self::Registry => format!("kapi {VERSION} from the registry"),
            Self::Checkout { written, .. } => format!("the kapi checkout at {written}"),
        }
    }

    /// How the README tells the user to install the `kapi` command.
    pub fn install_command(&self) -> String {
        match self {
            Self::Registry => format!("cargo install kapi-cli --version {VERSION}"),
            Self::Checkout { written, .. } => format!("cargo install --path {written}/cli"),
        }
    }
}

/// `path` as an absolute path, when it is a kapi checkout.
pub fn checkout(path: &Path) -> Result<PathBuf, String> {
    let absolute = path.canonicalize().map_err(|e| format!("kapi checkout {}: {e}", path.display()))?;
    for crate_dir in ["kapi", "meta", "codegen"] {
        if !absolute.join(crate_dir).join("Cargo.toml").is_file() {
            return Err(format!("{} is not a kapi checkout (it has no {crate_dir}/Cargo.toml)", absolute.display()));
        }
    }
    Ok(absolute)
}

/// `path` joined to the current directory when relative.
fn absolute(path: &Path) -> Result<PathBuf, String> {
    std::path::absolute(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// `path` without `.` and with each `..` taking away the component before it, as the user reads a path (links are
/// not followed).
fn normalize(path: &Path) -> PathBuf {
    let mut normal = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir if normal.file_name().is_some() => {
                normal.pop();
            }
            // Above the root is the root.
            Component::ParentDir if normal.has_root() => {}
            other => normal.push(other),
        }
    }
    normal
}

/// True when `a` and `b`, absolute and normalised, have a common ancestor other than the root (or a prefix such as
/// a Windows drive, which a relative path cannot leave).
fn share_a_directory(a: &Path, b: &Path) -> bool {
    let (mut a, mut b) = (a.components(), b.components());
    loop {
        match (a.next(), b.next()) {
            // The root, or a drive: the same, or no relative path leads from one to the other.
            (Some(x), Some(y)) if !matches!(x, Component::Normal(_)) || !matches!(y, Component::Normal(_)) => {
                if x != y {
                    return false;
                }
            }
            (Some(x), Some(y)) => return x == y,
            _ => return false,
        }
    }
}

/// The relative path from directory `base` to `target`, both absolute and normalised.
fn relative_to(target: &Path, base: &Path) -> PathBuf {
    let target: Vec<Component> = target.components().collect();
    let base: Vec<Component> = base.components().collect();
    let shared = target.iter().zip(&base).take_while(|(a, b)| a == b).count();
    let mut relative: PathBuf = base[shared..].iter().map(|_| Component::ParentDir).collect();
    relative.extend(&target[shared..]);
    if relative.as_os_str().is_empty() { PathBuf::from(".") } else { relative }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizing_drops_dots_and_climbs_without_following_links() {
        assert_eq!(normalize(Path::new("/w/apps/./demo/../../kapi")), Path::new("/w/kapi"));
        assert_eq!(normalize(Path::new("/../w")), Path::new("/w"));
    }

    #[test]
    fn relative_paths_climb_to_the_shared_ancestor() {
        assert_eq!(relative_to(Path::new("/w/kapi"), Path::new("/w/apps/demo")), Path::new("../../kapi"));
        assert_eq!(relative_to(Path::new("/w/kapi"), Path::new("/w/kapi/demo")), Path::new(".."));
        assert_eq!(relative_to(Path::new("/w"), Path::new("/w")), Path::new("."));
    }

    #[test]
    fn paths_sharing_only_the_root_have_no_useful_relative_form() {
        assert!(share_a_directory(Path::new("/w/kapi"), Path::new("/w/apps/demo")));
        assert!(!share_a_directory(Path::new("/opt/kapi"), Path::new("/home/me/demo")));
        assert!(!share_a_directory(Path::new("/"), Path::new("/")));
    }

    #[test]
    fn a_path_toml_cannot_hold_verbatim_is_refused() {
        let work = tempfile::tempdir().expect("tempdir");
        let quoted = work.path().join("k\"api");
        for crate_dir in ["kapi", "meta", "codegen"] {
            std::fs::create_dir_all(quoted.join(crate_dir)).expect("mkdir");
            std::fs::write(quoted.join(crate_dir).join("Cargo.toml"), "").expect("write");
        }
        let error = KapiSource::choose(Some(&quoted), &work.path().join("demo")).expect_err("a quote");
        assert!(error.contains("cannot write the path"), "{error}");
    }

    #[test]
    fn the_registry_source_names_the_version_only() {
        assert_eq!(KapiSource::Registry.dependency("meta"), format!("\"{VERSION}\""));
        let checkout = KapiSource::Checkout { root: PathBuf::from("/k"), written: "../k".into() };
        assert_eq!(checkout.dependency("meta"), format!("{{ version = \"{VERSION}\", path = \"../k/meta\" }}"));
    }
}
