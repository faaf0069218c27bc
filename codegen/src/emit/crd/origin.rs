//! Where each field of a CRD schema came from, so problems found in the inlined schema name the Rust type and
//! field the user wrote.

use std::collections::BTreeMap;

/// A field path in the form the structural checker reports: `spec.ports[*].name`; map values are `labels[*]`.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct FieldPath(String);

impl FieldPath {
    /// The root of the object.
    pub fn root() -> Self {
        Self::default()
    }

    /// The path of property `name` below this one.
    pub fn property(&self, name: &str) -> Self {
        if self.0.is_empty() { Self(name.to_owned()) } else { Self(format!("{}.{name}", self.0)) }
    }

    /// The path of list items or map values below this one.
    pub fn element(&self) -> Self {
        Self(format!("{}[*]", self.0))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// True for the object's root.
    pub fn is_root(&self) -> bool {
        self.0.is_empty()
    }
}

/// The Rust side of a field: the type that declares it and, for a property, its JSON name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Origin {
    /// The declaring type as the user knows it (`example::CronTabSpec`), or its definition name.
    pub rust_type: String,
    pub field: Option<String>,
}

/// Field path to origin, filled while the schema is inlined.
#[derive(Debug, Default)]
pub(crate) struct Origins(BTreeMap<FieldPath, Origin>);

impl Origins {
    pub fn record(&mut self, path: &FieldPath, origin: Origin) {
        self.0.entry(path.clone()).or_insert(origin);
    }

    /// "in `CronTabSpec` field `ports`" for the field at `path`, or for its nearest recorded ancestor.
    pub fn describe(&self, path: &str) -> String {
        let mut probe = path.to_owned();
        loop {
            if let Some(origin) = self.0.get(&FieldPath(probe.clone())) {
                return match &origin.field {
                    Some(field) if probe == path => format!("{} field `{field}`", origin.rust_type),
                    Some(field) => format!("{} field `{field}` (at {path})", origin.rust_type),
                    None => origin.rust_type.clone(),
                };
            }
            match parent(&probe) {
                Some(up) => probe = up,
                None => return format!("field {path}"),
            }
        }
    }
}

fn parent(path: &str) -> Option<String> {
    if path.is_empty() {
        return None;
    }
    if let Some(stem) = path.strip_suffix("[*]") {
        return Some(stem.to_owned());
    }
    Some(path.rsplit_once('.').map(|(head, _)| head.to_owned()).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::{FieldPath, Origin, Origins};

    #[test]
    fn describes_the_nearest_recorded_field() {
        let mut origins = Origins::default();
        let ports = FieldPath::root().property("spec").property("ports");
        origins.record(&ports, Origin { rust_type: "CronTabSpec".into(), field: Some("ports".into()) });
        assert_eq!(origins.describe("spec.ports"), "CronTabSpec field `ports`");
        assert_eq!(origins.describe("spec.ports[*].name"), "CronTabSpec field `ports` (at spec.ports[*].name)");
        assert_eq!(origins.describe("status"), "field status");
        assert_eq!(ports.element().property("name").as_str(), "spec.ports[*].name");
    }
}
