//! Types derived through a renamed kapi: `#[kapi(crate = "...")]` names the path the expansion uses, either the
//! renamed dependency itself or a module of this crate that re-exports it.

use serde::{Deserialize, Serialize};

/// How this crate's users would reach kapi: through the crate's own re-export.
pub mod framework {
    pub use api_kit as kapi;
}

/// A gadget, derived through the renamed dependency.
#[derive(Debug, Serialize, Deserialize, api_kit::Schema, api_kit::Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(crate = "api_kit", package = "org.example.gadgets/v1", group = "gadgets.example.org", version = "v1")]
pub struct Gadget {
    /// What the gadget should be.
    pub spec: GadgetSpec,
}

/// A gadget's wishes, derived through the crate's re-export.
#[derive(Debug, Serialize, Deserialize, api_kit::Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(crate = "crate::framework::kapi", package = "org.example.gadgets/v1")]
pub struct GadgetSpec {
    /// Its size.
    #[kapi(minimum = 1, default = 3)]
    pub size: i32,
    /// Its parts, keyed by name.
    #[kapi(list_type = "map", list_map_keys = ["name"])]
    pub parts: Vec<Part>,
}

/// One part.
#[derive(Debug, Serialize, Deserialize, api_kit::Schema)]
#[kapi(crate = "api_kit", package = "org.example.gadgets/v1")]
pub struct Part {
    /// Its name.
    pub name: String,
}

#[cfg(test)]
mod tests {
    use api_kit::Registry;
    use api_kit::model::{DefName, ListType};

    use super::Gadget;

    #[test]
    fn derives_through_a_renamed_crate_register_their_schemas_and_resource() {
        let mut registry = Registry::new();
        registry.register_resource::<Gadget>();
        assert!(registry.errors().is_empty(), "{:?}", registry.errors());
        assert_eq!(registry.resources()[0].plural, "gadgets");
        let spec = registry.definition(&DefName::new("gadgets.example.org.v1.GadgetSpec")).expect("spec");
        let properties = &spec.schema.keywords().properties;
        assert_eq!(properties["size"].keywords().default, Some(serde_json::json!(3)));
        assert_eq!(properties["parts"].keywords().kubernetes.list_type, Some(ListType::Map));
    }
}
