//! Small transformations of the model's schemas that a profile runs, in order, before any dialect renders them.

use kapi_model::{Conventions, DefName, Registry, SchemaNode, SchemaObject, open_enum};

/// One pass over a definition's schema. Each says which dialect wants it and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SchemaPass {
    /// Kubernetes conventions. openapi-gen writes a value-typed field's Go zero value as its `default` (`{}` beside struct
    /// references, `""`/`0`/`false` on always-serialised scalars, on list items and map values too). The model
    /// keeps it apart as `zero_value`; this pass turns it into `default` wherever no explicit default is set.
    /// Without the pass zero values are never written.
    ZeroValuesAsDefaults,
    /// Kubernetes conventions. Upstream's checked-in documents are generated with the `OpenAPIEnums` feature off, so they carry no `enum`.
    /// Nor do they carry extensions Kubernetes does not define, so an open enum's known values survive only as
    /// the sentence in the description (which is also where upstream's generator documents enum values).
    DropEnums,
    /// Definitions of kinds carry `x-kubernetes-group-version-kind`, the list of group-version-kinds the registry
    /// knows them as (kubectl finds a kind's schema through it).
    GroupVersionKinds,
}

impl SchemaPass {
    /// The passes a definition's conventions ask for, before the profile's own.
    pub fn for_conventions(conventions: Conventions) -> &'static [SchemaPass] {
        match conventions {
            Conventions::Kubernetes => &[Self::ZeroValuesAsDefaults, Self::DropEnums],
            Conventions::Lossless | Conventions::Crd => &[],
        }
    }

    /// False when the pass certainly leaves the definition `name` as it is (so its schema need not be copied).
    pub(crate) fn may_change(self, name: &DefName, registry: &Registry) -> bool {
        match self {
            Self::ZeroValuesAsDefaults | Self::DropEnums => true,
            Self::GroupVersionKinds => !registry.kinds_of(name).is_empty(),
        }
    }

    /// Applies the pass to the definition `name`.
    pub(crate) fn apply(self, name: &DefName, schema: &mut SchemaNode, registry: &Registry) {
        match self {
            Self::ZeroValuesAsDefaults => for_each_object(schema, &mut zero_value_as_default),
            Self::DropEnums => for_each_object(schema, &mut drop_enums),
            Self::GroupVersionKinds => {
                let kinds = registry.kinds_of(name);
                if !kinds.is_empty() {
                    schema.keywords_mut().kubernetes.group_version_kind = kinds;
                }
            }
        }
    }
}

fn zero_value_as_default(object: &mut SchemaObject) {
    if let Some(zero) = object.zero_value.take() {
        object.default.get_or_insert(zero);
    }
}

fn drop_enums(object: &mut SchemaObject) {
    object.enum_values.clear();
    let known = std::mem::take(&mut object.known_values);
    object.description = open_enum::describe(object.description.as_deref(), &known);
}

/// Calls `visit` on the keywords of `node` and of every node below it.
pub(crate) fn for_each_object(node: &mut SchemaNode, visit: &mut dyn FnMut(&mut SchemaObject)) {
    let object = node.keywords_mut();
    visit(object);
    let lists = object.one_of.iter_mut().chain(object.any_of.iter_mut()).chain(object.all_of.iter_mut());
    let singles = object.not.as_deref_mut().into_iter().chain(object.additional_properties.as_deref_mut());
    let children = lists.chain(object.properties.values_mut()).chain(singles).chain(object.items.as_deref_mut());
    for child in children {
        for_each_object(child, visit);
    }
}

#[cfg(test)]
mod tests {
    use kapi_model::InstanceType;
    use serde_json::{Value, json};

    use super::*;

    fn field(zero: Value, default: Option<Value>) -> SchemaNode {
        let object = SchemaObject { zero_value: Some(zero), default, ..SchemaObject::of_type(InstanceType::String) };
        SchemaNode::inline(object)
    }

    #[test]
    fn zero_values_become_defaults_unless_one_is_explicit() {
        let mut root = SchemaObject::of_type(InstanceType::Object);
        root.properties.insert("a".into(), field(json!(""), None));
        root.properties.insert("b".into(), field(json!(""), Some(json!("x"))));
        let mut reference = SchemaNode::reference(DefName::new("T"));
        reference.keywords_mut().zero_value = Some(json!({}));
        root.properties.insert("c".into(), reference);
        let mut node = SchemaNode::inline(root);
        SchemaPass::ZeroValuesAsDefaults.apply(&DefName::new("R"), &mut node, &Registry::new());
        let properties = &node.keywords().properties;
        assert_eq!(properties["a"].keywords().default, Some(json!("")));
        assert_eq!(properties["b"].keywords().default, Some(json!("x")));
        assert_eq!(properties["c"].keywords().default, Some(json!({})));
        assert!(properties.values().all(|p| p.keywords().zero_value.is_none()));
    }

    #[test]
    fn enums_are_dropped_everywhere() {
        let mut item = SchemaObject::of_type(InstanceType::String);
        item.enum_values = vec![json!("A")];
        let list = SchemaObject { items: Some(Box::new(SchemaNode::inline(item))), ..Default::default() };
        let mut node = SchemaNode::inline(list);
        SchemaPass::DropEnums.apply(&DefName::new("R"), &mut node, &Registry::new());
        let items = node.keywords().items.as_ref().expect("items");
        assert!(items.keywords().enum_values.is_empty());
    }

    #[test]
    fn open_enums_keep_their_values_only_in_the_description() {
        let mut open = SchemaObject::of_type(InstanceType::String);
        open.known_values = vec![json!("Spot")];
        open.description = Some("Billing.".into());
        let mut node = SchemaNode::inline(open);
        SchemaPass::DropEnums.apply(&DefName::new("R"), &mut node, &Registry::new());
        let object = node.keywords();
        assert!(object.known_values.is_empty());
        let expected = "Billing.\n\nKnown values: \"Spot\"; other values may appear.";
        assert_eq!(object.description.as_deref(), Some(expected));
    }
}
