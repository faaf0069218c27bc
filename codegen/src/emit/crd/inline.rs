//! Inlines every reference of a kind's schema: CRD schemas cannot use `$ref`, so each definition is written out
//! where it is used, with the keywords written beside the reference laid over it.

use kapi_model::{Bounds, Child, DefName, KubernetesExtensions, Registry, SchemaNode, SchemaObject};

use super::constraints::with_crd_constraints;
use super::origin::{FieldPath, Origin, Origins};
use super::special::special_form;

/// Inlines one kind's schema, remembering where each field came from.
pub(crate) struct Inliner<'a> {
    registry: &'a Registry,
    /// Definitions being inlined, outermost first: a repeat is a recursive type.
    stack: Vec<DefName>,
    pub origins: Origins,
    pub problems: Vec<String>,
}

impl<'a> Inliner<'a> {
    /// Inlines from the registry's definitions as declared: a CRD publishes what the types say, never Kubernetes'
    /// publication conventions (zero values written as defaults would be stored into every object by the server,
    /// and `default: {}` beside required fields is rejected outright).
    pub fn new(registry: &'a Registry) -> Self {
        Self { registry, stack: Vec::new(), origins: Origins::default(), problems: Vec::new() }
    }

    /// The kind's schema with no references left.
    pub fn kind(&mut self, definition: &DefName) -> SchemaObject {
        self.definition(definition, &FieldPath::root())
    }

    /// The user-facing name of a definition: its Rust type, or the definition name.
    pub fn rust_type(&self, name: &DefName) -> String {
        self.registry.definition(name).and_then(|d| d.defined_by()).unwrap_or_else(|| format!("`{name}`"))
    }

    fn definition(&mut self, name: &DefName, path: &FieldPath) -> SchemaObject {
        if let Some(form) = special_form(name.as_str()) {
            return form;
        }
        if self.stack.contains(name) {
            let cycle: Vec<String> = self.stack.iter().chain([name]).map(|n| self.rust_type(n)).collect();
            self.problems.push(format!(
                "{}: {} is recursive ({}); CRD schemas cannot refer to themselves, so a recursive type cannot be \
                 expressed — use serde_json::Value with #[kapi(preserve_unknown_fields)] there",
                self.origins.describe(path.as_str()),
                self.rust_type(name),
                cycle.join(" → ")
            ));
            let mut open = SchemaObject::default();
            open.kubernetes.preserve_unknown_fields = true;
            return open;
        }
        let Some(schema) = self.registry.definition(name).map(|d| &d.schema) else {
            self.problems.push(format!("{}: definition `{name}` is not registered", display(path)));
            return SchemaObject::default();
        };
        self.stack.push(name.clone());
        let owner = self.rust_type(name);
        let inlined = self.node(schema, path, &owner);
        self.stack.pop();
        with_crd_constraints(name.as_str(), inlined)
    }

    fn node(&mut self, node: &SchemaNode, path: &FieldPath, owner: &str) -> SchemaObject {
        match node {
            SchemaNode::Inline(object) => self.object(object, path, owner),
            SchemaNode::Ref(reference) => {
                let target = self.definition(&reference.target, path);
                let siblings = self.object(&reference.siblings, path, owner);
                overlay(target, &siblings)
            }
        }
    }

    fn object(&mut self, object: &SchemaObject, path: &FieldPath, owner: &str) -> SchemaObject {
        object.map_children(|at, child| {
            let child_path = match at {
                Child::Property(name) => {
                    let child_path = path.property(name);
                    let origin = Origin { rust_type: owner.to_owned(), field: Some(name.to_owned()) };
                    self.origins.record(&child_path, origin);
                    child_path
                }
                Child::Items | Child::AdditionalProperties => path.element(),
                Child::OneOf | Child::AnyOf | Child::AllOf | Child::Not => path.clone(),
            };
            SchemaNode::inline(self.node(child, &child_path, owner))
        })
    }
}

fn display(path: &FieldPath) -> &str {
    if path.is_root() { "<root>" } else { path.as_str() }
}

/// `target` with the keywords of `siblings` laid over it: a keyword the siblings set replaces the target's, except
/// that validation rules add up. A keyword is set when it would be written (a `false` flag, an empty list is not).
/// Every field is named, so a keyword added to the model cannot be forgotten here.
pub(crate) fn overlay(mut target: SchemaObject, siblings: &SchemaObject) -> SchemaObject {
    let SchemaObject {
        instance_type,
        format,
        title,
        description,
        default,
        zero_value,
        nullable,
        enum_values,
        known_values,
        one_of,
        any_of,
        all_of,
        not,
        properties,
        required,
        additional_properties,
        items,
        bounds,
        example,
        deprecated,
        read_only,
        write_only,
        kubernetes,
    } = siblings;
    lay(&mut target.instance_type, instance_type);
    lay(&mut target.format, format);
    lay(&mut target.title, title);
    lay(&mut target.description, description);
    lay(&mut target.default, default);
    lay(&mut target.zero_value, zero_value);
    target.nullable |= nullable;
    lay_list(&mut target.enum_values, enum_values);
    lay_list(&mut target.known_values, known_values);
    lay_list(&mut target.one_of, one_of);
    lay_list(&mut target.any_of, any_of);
    lay_list(&mut target.all_of, all_of);
    lay(&mut target.not, not);
    if !properties.is_empty() {
        target.properties.clone_from(properties);
    }
    lay_list(&mut target.required, required);
    lay(&mut target.additional_properties, additional_properties);
    lay(&mut target.items, items);
    overlay_bounds(&mut target.bounds, bounds);
    lay(&mut target.example, example);
    target.deprecated |= deprecated;
    target.read_only |= read_only;
    target.write_only |= write_only;
    overlay_extensions(&mut target.kubernetes, kubernetes);
    target
}

fn overlay_bounds(target: &mut Bounds, siblings: &Bounds) {
    let Bounds {
        minimum,
        maximum,
        exclusive_minimum,
        exclusive_maximum,
        multiple_of,
        min_length,
        max_length,
        pattern,
        min_items,
        max_items,
        unique_items,
        min_properties,
        max_properties,
    } = siblings;
    lay(&mut target.minimum, minimum);
    lay(&mut target.maximum, maximum);
    target.exclusive_minimum |= exclusive_minimum;
    target.exclusive_maximum |= exclusive_maximum;
    lay(&mut target.multiple_of, multiple_of);
    lay(&mut target.min_length, min_length);
    lay(&mut target.max_length, max_length);
    lay(&mut target.pattern, pattern);
    lay(&mut target.min_items, min_items);
    lay(&mut target.max_items, max_items);
    target.unique_items |= unique_items;
    lay(&mut target.min_properties, min_properties);
    lay(&mut target.max_properties, max_properties);
}

fn overlay_extensions(target: &mut KubernetesExtensions, siblings: &KubernetesExtensions) {
    let KubernetesExtensions {
        list_type,
        list_map_keys,
        map_type,
        int_or_string,
        preserve_unknown_fields,
        embedded_resource,
        validations,
        group_version_kind,
        patch_strategy,
        patch_merge_key,
        unions,
    } = siblings;
    lay(&mut target.list_type, list_type);
    lay_list(&mut target.list_map_keys, list_map_keys);
    lay(&mut target.map_type, map_type);
    target.int_or_string |= int_or_string;
    target.preserve_unknown_fields |= preserve_unknown_fields;
    target.embedded_resource |= embedded_resource;
    target.validations.extend(validations.iter().cloned());
    lay_list(&mut target.group_version_kind, group_version_kind);
    lay(&mut target.patch_strategy, patch_strategy);
    lay(&mut target.patch_merge_key, patch_merge_key);
    lay_list(&mut target.unions, unions);
}

fn lay<T: Clone>(target: &mut Option<T>, sibling: &Option<T>) {
    if sibling.is_some() {
        target.clone_from(sibling);
    }
}

fn lay_list<T: Clone>(target: &mut Vec<T>, sibling: &[T]) {
    if !sibling.is_empty() {
        *target = sibling.to_vec();
    }
}

#[cfg(test)]
mod tests {
    use kapi_model::{InstanceType, ValidationRule};

    use super::*;

    fn rule(text: &str) -> ValidationRule {
        ValidationRule { rule: text.to_owned(), ..ValidationRule::default() }
    }

    #[test]
    fn siblings_replace_what_they_set_and_validation_rules_add_up() {
        let mut target = SchemaObject::of_format(InstanceType::String, "date-time");
        target.description = Some("the type's".to_owned());
        target.nullable = true;
        target.bounds.max_length = Some(10);
        target.kubernetes.validations = vec![rule("a")];
        target.kubernetes.list_type = None;
        let mut siblings = SchemaObject { description: Some("the field's".to_owned()), ..SchemaObject::default() };
        siblings.bounds.min_length = Some(1);
        siblings.kubernetes.validations = vec![rule("b")];
        let laid = overlay(target.clone(), &siblings);
        let mut expected = target;
        expected.description = Some("the field's".to_owned());
        expected.bounds.min_length = Some(1);
        expected.kubernetes.validations = vec![rule("a"), rule("b")];
        assert_eq!(laid, expected);
        // Nothing set: the target as it was, `nullable` included.
        assert_eq!(overlay(expected.clone(), &SchemaObject::default()), expected);
    }
}
