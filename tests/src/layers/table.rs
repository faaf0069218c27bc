//! The layers table: ordered layers, lowest first, each naming the workspace packages in it.

use std::collections::BTreeMap;

/// The layers, lowest first, and which layer each package is in.
#[derive(Debug, Clone, Default)]
pub struct Layers {
    names: Vec<String>,
    layer_of: BTreeMap<String, usize>,
}

impl Layers {
    /// Reads a table of `[[layer]]` entries, each with a `name` and its `packages`; a package may be in one layer
    /// only.
    pub fn parse(text: &str) -> Result<Self, String> {
        let table: toml::Table = text.parse().map_err(|error| format!("the layers table is not TOML: {error}"))?;
        if let Some(unknown) = table.keys().find(|key| *key != "layer") {
            return Err(format!("the layers table has `{unknown}`; only [[layer]] entries are expected"));
        }
        let entries = match table.get("layer") {
            Some(toml::Value::Array(entries)) => entries.as_slice(),
            _ => return Err("the layers table has no [[layer]] entries".to_owned()),
        };
        let mut layers = Self::default();
        for (index, entry) in entries.iter().enumerate() {
            let (name, packages) = Self::entry(entry).ok_or_else(|| {
                format!("layer {} is not a `name` string and a `packages` list of strings", index + 1)
            })?;
            if layers.names.contains(&name) {
                return Err(format!("layer `{name}` is listed twice"));
            }
            for package in packages {
                if let Some(&earlier) = layers.layer_of.get(&package) {
                    return Err(format!(
                        "package `{package}` is in layer `{}` and in layer `{name}`",
                        layers.names[earlier]
                    ));
                }
                layers.layer_of.insert(package, index);
            }
            layers.names.push(name);
        }
        Ok(layers)
    }

    fn entry(entry: &toml::Value) -> Option<(String, Vec<String>)> {
        let entry = entry.as_table()?;
        if entry.keys().any(|key| key != "name" && key != "packages") {
            return None;
        }
        let name = entry.get("name")?.as_str()?.to_owned();
        let packages = entry.get("packages")?.as_array()?;
        let packages = packages.iter().map(|package| package.as_str().map(str::to_owned)).collect::<Option<_>>()?;
        Some((name, packages))
    }

    /// The layer of `package` (its position, lowest 0), when the table lists it.
    pub fn layer_of(&self, package: &str) -> Option<usize> {
        self.layer_of.get(package).copied()
    }

    /// The name of the layer at `index`.
    pub fn name(&self, index: usize) -> &str {
        &self.names[index]
    }

    /// Problems of the table against the workspace's packages: a package in no layer, a listed package that is
    /// not in the workspace. Sorted.
    pub fn membership_problems<'a>(&self, packages: impl IntoIterator<Item = &'a str>) -> Vec<String> {
        let packages: Vec<&str> = packages.into_iter().collect();
        let mut problems: Vec<String> = packages
            .iter()
            .filter(|package| !self.layer_of.contains_key(**package))
            .map(|package| format!("package `{package}` is in no layer: add it to the layer it belongs to"))
            .collect();
        problems.extend(self.layer_of.keys().filter(|listed| !packages.contains(&listed.as_str())).map(|listed| {
            format!("layer `{}` lists `{listed}`, which is not a workspace package", self.names[self.layer_of[listed]])
        }));
        problems.sort();
        problems
    }
}
