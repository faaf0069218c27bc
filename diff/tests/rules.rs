//! One changed API per rule, made by editing annotated types: each pair of modules below is the same API before
//! and after one edit, and the comparison must report exactly that rule, at that place, and nothing else.

use kapi::Registry;
use kapi_diff::{Finding, Policy, Rule, Severity, compare};

/// An API of one kind: `$kind` (with `$spec` and `$list`) in `$package`, the resource attributes given, and the
/// spec's fields given.
macro_rules! api {
    ($module:ident, $kind:ident, $spec:ident, $list:ident, $package:tt, [$($resource:tt)*], { $($fields:tt)* }
     $($types:tt)*) => {
        #[allow(dead_code, unused_imports)]
        pub mod $module {
            use std::collections::BTreeMap;

            use kapi::{Resource, Schema};
            use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
            use serde::{Deserialize, Serialize};

            /// The kind under test.
            #[derive(Debug, Serialize, Deserialize, Schema, Resource)]
            #[kapi(package = $package, group = "widgets.example.com", list = $list, $($resource)*)]
            pub struct $kind {
                /// apiVersion and kind.
                #[serde(flatten)]
                pub type_meta: TypeMeta,
                /// Standard metadata.
                #[serde(default)]
                pub metadata: ObjectMeta,
                /// What the user wants.
                pub spec: $spec,
            }

            /// The spec under test.
            #[derive(Debug, Serialize, Deserialize, Schema)]
            #[serde(rename_all = "camelCase")]
            #[kapi(package = $package)]
            pub struct $spec {
                $($fields)*
            }

            /// A page of them.
            #[derive(Debug, Serialize, Deserialize, Schema)]
            #[kapi(package = $package)]
            pub struct $list {
                /// apiVersion and kind.
                #[serde(flatten)]
                pub type_meta: TypeMeta,
                /// Standard list metadata.
                #[serde(default)]
                pub metadata: ListMeta,
                /// The objects.
                pub items: Vec<$kind>,
            }

            $($types)*

            /// Adds the kind to `registry`.
            pub fn register(registry: &mut kapi::Registry) {
                registry.register_resource::<$kind>();
            }
        }
    };
}

/// A registry holding the kinds `register` functions add, read back from its model file as `kapi diff` reads it.
fn model(registers: &[fn(&mut Registry)]) -> Registry {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry);
    for register in registers {
        register(&mut registry);
    }
    let bytes = kapi_codegen::model_json(&registry, &kapi_codegen::Options::default()).expect("model file");
    Registry::from_json(std::str::from_utf8(&bytes).expect("UTF-8")).expect("the model file reads back")
}

fn findings(old: &[fn(&mut Registry)], new: &[fn(&mut Registry)]) -> Vec<Finding> {
    compare(&model(old), &model(new), &Policy::default())
}

/// Asserts that the only finding is `rule` at `location`, with `severity`.
fn assert_only(found: &[Finding], rule: Rule, severity: Severity, location: &str) {
    let seen: Vec<String> = found.iter().map(Finding::to_line).collect();
    assert_eq!(found.len(), 1, "expected only {} at {location}, found:\n{}", rule.id(), seen.join("\n"));
    assert_eq!(
        (found[0].rule, found[0].severity, found[0].location().as_str()),
        (rule, severity, location),
        "{seen:?}"
    );
}

const V1: &str = "widgets.example.com/v1";

/// A module `$name` holding `old` and `new`: the kind `Widget` in `widgets.example.com/v1` before and after an edit.
macro_rules! edit {
    ($name:ident, [$($old_attrs:tt)*] { $($old:tt)* } => [$($new_attrs:tt)*] { $($new:tt)* }
     $({ $($new_types:tt)* })?) => {
        mod $name {
            api!(old, Widget, WidgetSpec, WidgetList, "example.com/widgets/v1", [version = "v1", $($old_attrs)*], {
                $($old)*
            });
            api!(new, Widget, WidgetSpec, WidgetList, "example.com/widgets/v1", [version = "v1", $($new_attrs)*], {
                $($new)*
            } $($($new_types)*)?);
        }
    };
}

/// The findings between the `old` and `new` of an [`edit!`] module.
macro_rules! edited {
    ($name:ident) => {
        findings(&[$name::old::register], &[$name::new::register])
    };
}

/// An [`edit!`] and a test that it reports only `$rule`, with `$severity`, at Widget`$path` in v1.
macro_rules! case {
    ($name:ident: $rule:ident, $severity:ident, $path:literal, $($edit:tt)*) => {
        edit!($name, $($edit)*);

        #[test]
        fn $name() {
            assert_only(&edited!($name), Rule::$rule, Severity::$severity, &format!("{V1} Widget{}", $path));
        }
    };
}

mod unchanged {
    // Every kind of keyword the rules look at, so that comparing it with itself would show a rule that misfires.
    api!(api, Widget, WidgetSpec, WidgetList, "example.com/widgets/v1", [version = "v1", status, short_names = ["wd"]], {
        /// How many.
        #[kapi(default = 1, minimum = 0, validation(rule = "self <= 100"))]
        pub replicas: i32,
        /// The colour.
        #[kapi(enum_values = ["Red", "Green"], pattern = "^[A-Z][a-z]+$")]
        pub colour: String,
        /// Tags.
        #[kapi(list_type = "set", max_items = 8)]
        pub tags: Vec<String>,
        /// Labels.
        pub labels: BTreeMap<String, String>,
        /// A note.
        #[kapi(nullable)]
        pub note: Option<String>,
    });
}

#[test]
fn an_unchanged_api_reports_nothing() {
    assert_eq!(findings(&[unchanged::api::register], &[unchanged::api::register]), vec![]);
}

#[test]
fn descriptions_and_new_optional_fields_break_nothing() {
    edit!(additive, [] {
        /// How many.
        pub replicas: i32,
    } => [] {
        /// How many copies run at once (reworded).
        pub replicas: i32,
        /// A new optional field.
        pub note: Option<String>,
    });
    assert_eq!(edited!(additive), vec![]);
}

case!(field_removed: FieldRemoved, Error, ".spec.colour", [] {
    /// How many.
    pub replicas: i32,
    /// The colour.
    pub colour: Option<String>,
} => [] {
    /// How many.
    pub replicas: i32,
});

case!(type_changed: TypeChanged, Error, ".spec.paused", [] {
    /// Paused or not.
    pub paused: bool,
} => [] {
    /// Paused or not.
    pub paused: String,
});

case!(format_changed: FormatChanged, Error, ".spec.replicas", [] {
    /// How many.
    pub replicas: i32,
} => [] {
    /// How many.
    pub replicas: i64,
});

case!(field_required: FieldRequired, Error, ".spec.colour", [] {
    /// The colour.
    pub colour: Option<String>,
} => [] {
    /// The colour.
    pub colour: String,
});

case!(nullable_removed: NullableRemoved, Error, ".spec.note", [] {
    /// A note.
    #[kapi(nullable)]
    pub note: Option<String>,
} => [] {
    /// A note.
    pub note: Option<String>,
});

case!(enum_value_removed: EnumValueRemoved, Error, ".spec.colour", [] {
    /// The colour.
    #[kapi(enum_values = ["Red", "Green"])]
    pub colour: String,
} => [] {
    /// The colour.
    #[kapi(enum_values = ["Red"])]
    pub colour: String,
});

#[test]
fn enum_value_removed_detail() {
    assert_eq!(edited!(enum_value_removed)[0].detail, "\"Green\" removed");
}

case!(enum_value_added: EnumValueAdded, Warning, ".spec.colour", [] {
    /// The colour.
    #[kapi(enum_values = ["Red", "Green"])]
    pub colour: String,
} => [] {
    /// The colour.
    #[kapi(enum_values = ["Red", "Green", "Blue"])]
    pub colour: String,
});

case!(bound_tightened: BoundTightened, Error, ".spec.replicas", [] {
    /// Tags.
    #[kapi(max_items = 8)]
    pub tags: Vec<String>,
    /// How many.
    #[kapi(minimum = 0)]
    pub replicas: i32,
} => [] {
    /// Tags.
    #[kapi(max_items = 8)]
    pub tags: Vec<String>,
    /// How many.
    #[kapi(minimum = 1)]
    pub replicas: i32,
});

#[test]
fn bound_tightened_detail() {
    assert_eq!(edited!(bound_tightened)[0].detail, "minimum 0 -> 1");
}

edit!(bounds_loosened, [] {
    /// Tags.
    #[kapi(max_items = 8)]
    pub tags: Vec<String>,
    /// How many.
    #[kapi(minimum = 1)]
    pub replicas: i32,
} => [] {
    /// Tags.
    #[kapi(max_items = 16)]
    pub tags: Vec<String>,
    /// How many.
    pub replicas: i32,
});

#[test]
fn loosened_bounds_break_nothing() {
    assert_eq!(edited!(bounds_loosened), vec![]);
}

case!(pattern_changed: PatternChanged, Error, ".spec.name", [] {
    /// A name.
    #[kapi(pattern = "^[a-z]+$")]
    pub name: String,
} => [] {
    /// A name.
    #[kapi(pattern = "^[a-z]{1,8}$")]
    pub name: String,
});

case!(default_changed: DefaultChanged, Error, ".spec.replicas", [] {
    /// How many.
    #[kapi(default = 1)]
    pub replicas: i32,
} => [] {
    /// How many.
    #[kapi(default = 2)]
    pub replicas: i32,
});

#[test]
fn default_changed_detail() {
    assert_eq!(edited!(default_changed)[0].detail, "default 1 -> 2");
}

case!(additional_properties_narrowed: AdditionalPropertiesNarrowed, Error, ".spec.labels", [] {
    /// Labels.
    pub labels: BTreeMap<String, String>,
} => [] {
    /// Labels.
    pub labels: Labels,
} {
    /// The labels there are.
    #[derive(Debug, Serialize, Deserialize, Schema)]
    #[kapi(package = "example.com/widgets/v1")]
    pub struct Labels {
        /// The app.
        pub app: Option<String>,
    }
});

case!(list_type_changed: ListTypeChanged, Error, ".spec.tags", [] {
    /// Tags.
    #[kapi(list_type = "set")]
    pub tags: Vec<String>,
} => [] {
    /// Tags.
    #[kapi(list_type = "atomic")]
    pub tags: Vec<String>,
});

case!(validation_added: ValidationAdded, Warning, ".spec.replicas", [] {
    /// How many.
    pub replicas: i32,
} => [] {
    /// How many.
    #[kapi(validation(rule = "self <= 100", message = "at most 100"))]
    pub replicas: i32,
});

case!(verb_removed: VerbRemoved, Error, "", [verbs = ["get", "list", "create"]] {
    /// How many.
    pub replicas: i32,
} => [verbs = ["get", "list"]] {
    /// How many.
    pub replicas: i32,
});

#[test]
fn verb_removed_detail() {
    assert_eq!(edited!(verb_removed)[0].detail, "`create` removed from `widgets`");
}

case!(subresource_removed: SubresourceRemoved, Error, "/status", [status] {
    /// How many.
    pub replicas: i32,
} => [] {
    /// How many.
    pub replicas: i32,
});

case!(scope_changed: ScopeChanged, Error, "", [] {
    /// How many.
    pub replicas: i32,
} => [scope = "Cluster"] {
    /// How many.
    pub replicas: i32,
});

case!(short_name_removed: ShortNameRemoved, Warning, "", [short_names = ["wd"]] {
    /// How many.
    pub replicas: i32,
} => [] {
    /// How many.
    pub replicas: i32,
});

case!(version_unserved: VersionUnserved, Error, "", [crd] {
    /// How many.
    pub replicas: i32,
} => [crd(served = false)] {
    /// How many.
    pub replicas: i32,
});

/// Two versions of Widget: `v1` and `v2`, each with the resource attributes given.
macro_rules! two_versions {
    ($name:ident, [$($v1:tt)*], [$($v2:tt)*]) => {
        mod $name {
            api!(v1, Widget, WidgetSpec, WidgetList, "example.com/widgets/v1", [version = "v1", $($v1)*], {
                /// How many.
                pub replicas: i32,
            });
            api!(v2, Widget, WidgetSpec, WidgetList, "example.com/widgets/v2", [version = "v2", $($v2)*], {
                /// How many.
                pub replicas: i32,
            });
        }
    };
}

two_versions!(stored_in_v1, [crd(storage)], [crd]);
two_versions!(stored_in_v2, [crd], [crd(storage)]);

#[test]
fn storage_version_changed() {
    let found = findings(
        &[stored_in_v1::v1::register, stored_in_v1::v2::register],
        &[stored_in_v2::v1::register, stored_in_v2::v2::register],
    );
    assert_only(&found, Rule::StorageVersionChanged, Severity::Error, "widgets.example.com/v2 Widget");
}

#[test]
fn group_version_removed() {
    let found = findings(&[stored_in_v2::v1::register, stored_in_v2::v2::register], &[stored_in_v2::v2::register]);
    assert_only(&found, Rule::GroupVersionRemoved, Severity::Error, V1);
}

mod gadget {
    api!(v1, Gadget, GadgetSpec, GadgetList, "example.com/widgets/v1", [version = "v1"], {
        /// How many.
        pub replicas: i32,
    });
}

#[test]
fn resource_removed() {
    let found = findings(&[type_changed::old::register, gadget::v1::register], &[type_changed::old::register]);
    assert_only(&found, Rule::ResourceRemoved, Severity::Error, &format!("{V1} Gadget"));
}

mod beta {
    api!(old, Widget, WidgetSpec, WidgetList, "example.com/widgets/v1beta1", [version = "v1beta1"], {
        /// How many.
        pub replicas: i32,
        /// The colour.
        pub colour: Option<String>,
    });
    api!(new, Widget, WidgetSpec, WidgetList, "example.com/widgets/v1beta1", [version = "v1beta1"], {
        /// How many.
        pub replicas: i32,
    });
    api!(alpha_old, Widget, WidgetSpec, WidgetList, "example.com/widgets/v1alpha1", [version = "v1alpha1"], {
        /// How many.
        pub replicas: i32,
        /// The colour.
        pub colour: Option<String>,
    });
    api!(alpha_new, Widget, WidgetSpec, WidgetList, "example.com/widgets/v1alpha1", [version = "v1alpha1"], {
        /// How many.
        pub replicas: i32,
    });
}

#[test]
fn stability_caps_severity() {
    let location = "widgets.example.com/v1beta1 Widget.spec.colour";
    assert_only(
        &findings(&[beta::old::register], &[beta::new::register]),
        Rule::FieldRemoved,
        Severity::Warning,
        location,
    );
    assert_eq!(findings(&[beta::alpha_old::register], &[beta::alpha_new::register]), vec![]);
    let strict = Policy { alpha: Some(Severity::Error), ..Policy::default() };
    let found = compare(&model(&[beta::alpha_old::register]), &model(&[beta::alpha_new::register]), &strict);
    assert_only(&found, Rule::FieldRemoved, Severity::Error, "widgets.example.com/v1alpha1 Widget.spec.colour");
}

#[test]
fn every_rule_has_a_case_here() {
    // The rules exercised above; a new rule must add its case.
    let covered = [
        Rule::FieldRemoved,
        Rule::TypeChanged,
        Rule::FormatChanged,
        Rule::FieldRequired,
        Rule::NullableRemoved,
        Rule::EnumValueRemoved,
        Rule::EnumValueAdded,
        Rule::BoundTightened,
        Rule::PatternChanged,
        Rule::DefaultChanged,
        Rule::AdditionalPropertiesNarrowed,
        Rule::ListTypeChanged,
        Rule::ValidationAdded,
        Rule::GroupVersionRemoved,
        Rule::ResourceRemoved,
        Rule::VerbRemoved,
        Rule::SubresourceRemoved,
        Rule::ScopeChanged,
        Rule::ShortNameRemoved,
        Rule::StorageVersionChanged,
        Rule::VersionUnserved,
    ];
    assert_eq!(covered.as_slice(), Rule::ALL);
}
