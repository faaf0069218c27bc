//! One changed API per rule, made by editing annotated types: each pair of modules below is the same API before
//! and after one edit, and the comparison must report exactly that rule, at that place, and nothing else.

use crate::fixture;

use fixture::{V1, assert_only, model};
use kapi::Registry;
use kapi_diff::{Api, Finding, Policy, Rule, Severity, compare};

fn findings(old: &[fn(&mut Registry)], new: &[fn(&mut Registry)]) -> Vec<Finding> {
    compare(&Api::from_model(model(old)), &Api::from_model(model(new)), &Policy::default())
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

// Opening is where the warning belongs: values added to an open enum later are not flagged.
case!(enum_opened: EnumOpened, Warning, ".spec.colour", [] {
    /// The colour.
    #[kapi(enum_values = ["Red", "Green"])]
    pub colour: String,
} => [] {
    /// The colour.
    #[kapi(known_values = ["Red", "Green"])]
    pub colour: String,
});

#[test]
fn enum_opened_detail() {
    assert_eq!(edited!(enum_opened)[0].detail, "closed enum made open");
}

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
    let found = compare(
        &Api::from_model(model(&[beta::alpha_old::register])),
        &Api::from_model(model(&[beta::alpha_new::register])),
        &strict,
    );
    assert_only(&found, Rule::FieldRemoved, Severity::Error, "widgets.example.com/v1alpha1 Widget.spec.colour");
}

case!(composition_narrowed: CompositionNarrowed, Error, ".spec.source", [] {
    /// Where from.
    pub source: Source,
} {
    /// A URL, a port or a flag.
    #[derive(Debug, Serialize, Deserialize, Schema)]
    #[serde(untagged)]
    #[kapi(package = "example.com/widgets/v1")]
    pub enum Source {
        Url(String),
        Port(i32),
        Flag(bool),
    }
} => [] {
    /// Where from.
    pub source: Source,
} {
    /// A URL or a port.
    #[derive(Debug, Serialize, Deserialize, Schema)]
    #[serde(untagged)]
    #[kapi(package = "example.com/widgets/v1")]
    pub enum Source {
        Url(String),
        Port(i32),
    }
});

#[test]
fn composition_narrowed_detail() {
    assert_eq!(edited!(composition_narrowed)[0].detail, "anyOf: alternative 2 removed");
}

// A change inside an alternative is found inside it.
case!(field_removed_inside_an_alternative: FieldRemoved, Error, ".spec.source(oneOf 0).git.revision", [] {
    /// Where from.
    pub source: Source,
} {
    /// A repository or an image.
    #[derive(Debug, Serialize, Deserialize, Schema)]
    #[serde(rename_all = "camelCase")]
    #[kapi(package = "example.com/widgets/v1")]
    pub enum Source {
        /// A repository.
        Git { url: String, revision: Option<String> },
        /// An image.
        Image(String),
    }
} => [] {
    /// Where from.
    pub source: Source,
} {
    /// A repository or an image.
    #[derive(Debug, Serialize, Deserialize, Schema)]
    #[serde(rename_all = "camelCase")]
    #[kapi(package = "example.com/widgets/v1")]
    pub enum Source {
        /// A repository.
        Git { url: String },
        /// An image.
        Image(String),
    }
});

#[test]
fn every_schema_and_surface_rule_has_a_case_here() {
    // The rules exercised above; a new rule must add its case (the wire rules have theirs in wire.rs, the
    // document rules theirs in documents.rs).
    let covered = [
        Rule::FieldRemoved,
        Rule::TypeChanged,
        Rule::FormatChanged,
        Rule::FieldRequired,
        Rule::NullableRemoved,
        Rule::EnumValueRemoved,
        Rule::EnumValueAdded,
        Rule::EnumOpened,
        Rule::BoundTightened,
        Rule::PatternChanged,
        Rule::DefaultChanged,
        Rule::AdditionalPropertiesNarrowed,
        Rule::ListTypeChanged,
        Rule::ValidationAdded,
        Rule::CompositionNarrowed,
        Rule::GroupVersionRemoved,
        Rule::ResourceRemoved,
        Rule::VerbRemoved,
        Rule::SubresourceRemoved,
        Rule::ScopeChanged,
        Rule::ShortNameRemoved,
        Rule::StorageVersionChanged,
        Rule::VersionUnserved,
    ];
    let schema_and_surface: Vec<Rule> = Rule::ALL
        .iter()
        .copied()
        .filter(|r| !r.id().starts_with("proto.") && !kapi_diff::document::RULES.contains(r))
        .collect();
    assert_eq!(covered.as_slice(), schema_and_surface);
}
