//! The protobuf wire rules, each with an API changed by editing annotated types. The edits are to wire-only fields
//! (`#[serde(skip)]` with `proto = N`) and to field numbers, which the JSON schema does not see, so each change
//! shows in the generated .proto files alone and must be reported as exactly its rule.

use crate::fixture;

use fixture::{V1, assert_only, tree};
use kapi_diff::{Finding, Policy, Rule, Severity, compare};

/// The findings between two trees generated independently, each without a previous ledger: as if the ledger
/// `proto/field-numbers.json` had been lost or edited between the two.
macro_rules! unledgered {
    ($name:ident) => {{
        let (old, _) = tree(&[$name::old::register], None);
        let (new, _) = tree(&[$name::new::register], None);
        compare(&old, &new, &Policy::default())
    }};
}

/// An [`edit!`] and a test that, generated without ledgers, it reports only `$rule` at `WidgetSpec$path`.
macro_rules! wire_case {
    ($name:ident: $rule:ident, $path:literal, $($edit:tt)*) => {
        edit!($name, $($edit)*);

        #[test]
        fn $name() {
            assert_only(&unledgered!($name), Rule::$rule, Severity::Error, &format!("{V1} WidgetSpec{}", $path));
        }
    };
}

wire_case!(field_number_changed: FieldNumberChanged, ".shard", [] {
    /// How many.
    #[kapi(proto = 1)]
    pub replicas: i32,
    /// Which shard, on the wire only.
    #[serde(skip)]
    #[kapi(proto = 5)]
    pub shard: Option<String>,
} => [] {
    /// How many.
    #[kapi(proto = 1)]
    pub replicas: i32,
    /// Which shard, on the wire only.
    #[serde(skip)]
    #[kapi(proto = 6)]
    pub shard: Option<String>,
});

wire_case!(field_number_reused: FieldNumberReused, ".shard", [] {
    /// How many.
    #[kapi(proto = 1)]
    pub replicas: i32,
    /// An old hint, on the wire only.
    #[serde(skip)]
    #[kapi(proto = 5)]
    pub legacy: Option<String>,
} => [] {
    /// How many.
    #[kapi(proto = 1)]
    pub replicas: i32,
    /// Which shard, on the wire only, under the hint's number.
    #[serde(skip)]
    #[kapi(proto = 5)]
    pub shard: Option<i64>,
});

wire_case!(field_type_changed: FieldTypeChanged, ".shard", [] {
    /// How many.
    #[kapi(proto = 1)]
    pub replicas: i32,
    /// Which shard, on the wire only.
    #[serde(skip)]
    #[kapi(proto = 5)]
    pub shard: Option<String>,
} => [] {
    /// How many.
    #[kapi(proto = 1)]
    pub replicas: i32,
    /// Which shard, on the wire only, now a number.
    #[serde(skip)]
    #[kapi(proto = 5)]
    pub shard: Option<i64>,
});

wire_case!(json_name_changed: JsonNameChanged, ".legacy", [] {
    /// How many.
    #[kapi(proto = 1)]
    pub replicas: i32,
    /// A hint, on the wire only.
    #[serde(skip)]
    #[kapi(proto = 5)]
    pub legacy: Option<String>,
} => [] {
    /// How many.
    #[kapi(proto = 1)]
    pub replicas: i32,
    /// The same hint, renamed.
    #[serde(skip)]
    #[kapi(proto = 5)]
    pub hint: Option<String>,
});

wire_case!(removed_without_reserving: ReservedDropped, "", [] {
    /// How many.
    #[kapi(proto = 1)]
    pub replicas: i32,
    /// A hint, on the wire only.
    #[serde(skip)]
    #[kapi(proto = 5)]
    pub legacy: Option<String>,
} => [] {
    /// How many.
    #[kapi(proto = 1)]
    pub replicas: i32,
});

#[test]
fn removed_without_reserving_detail() {
    let found = unledgered!(removed_without_reserving);
    assert_eq!(found[0].detail, "no longer reserved: `legacy` (5)");
}

/// The ledger reserves a removed field's number and name; generating again without it drops both.
#[test]
fn reservations_dropped_with_the_ledger() {
    let (_, first) = tree(&[removed_without_reserving::old::register], None);
    let (reserving, _) = tree(&[removed_without_reserving::new::register], Some(&first));
    let (fresh, _) = tree(&[removed_without_reserving::new::register], None);
    let found = compare(&reserving, &fresh, &Policy::default());
    assert_only(&found, Rule::ReservedDropped, Severity::Error, &format!("{V1} WidgetSpec"));
    assert_eq!(found[0].detail, "no longer reserved: number 5, name `legacy`");
}

/// A generated number in a reserved range given to a new field is a reuse, and the range's other numbers are
/// reported free.
#[test]
fn a_reserved_number_reused() {
    let (_, first) = tree(&[removed_without_reserving::old::register], None);
    let (reserving, _) = tree(&[removed_without_reserving::new::register], Some(&first));
    let (reusing, _) = tree(&[field_number_reused::new::register], None);
    let found: Vec<(Rule, String)> = compare(&reserving, &reusing, &Policy::default())
        .into_iter()
        .map(|finding| (finding.rule, finding.detail))
        .collect();
    assert_eq!(
        found,
        vec![
            (Rule::ReservedDropped, "no longer reserved: name `legacy`".to_owned()),
            (Rule::FieldNumberReused, "number 5 was reserved, now `shard` (optional int64)".to_owned()),
        ]
    );
}

/// What the ledger is for: removing a field, adding another and regenerating against the previous ledger changes
/// nothing any client relies on.
#[test]
fn the_ledger_keeps_the_wire_compatible() {
    edit!(ledgered, [] {
        /// How many.
        #[kapi(proto = 1)]
        pub replicas: i32,
        /// A hint, on the wire only.
        #[serde(skip)]
        #[kapi(proto = 5)]
        pub legacy: Option<String>,
    } => [] {
        /// How many.
        #[kapi(proto = 1)]
        pub replicas: i32,
        /// A note, numbered by the ledger.
        pub note: Option<String>,
    });
    let (old, ledger) = tree(&[ledgered::old::register], None);
    let (new, _) = tree(&[ledgered::new::register], Some(&ledger));
    // The hint's number stays reserved, and the note gets a number of its own.
    assert_eq!(compare(&old, &new, &Policy::default()), Vec::<Finding>::new());
    // Without the ledger, nothing keeps the hint's number from the next field.
    let (unledgered, _) = tree(&[ledgered::new::register], None);
    let found = compare(&old, &unledgered, &Policy::default());
    assert_only(&found, Rule::ReservedDropped, Severity::Error, &format!("{V1} WidgetSpec"));
}

#[test]
fn an_unchanged_tree_reports_nothing() {
    let (old, ledger) = tree(&[field_type_changed::old::register], None);
    let (new, _) = tree(&[field_type_changed::old::register], Some(&ledger));
    assert_eq!(compare(&old, &new, &Policy::default()), Vec::<Finding>::new());
}

/// A change users make every day, a field's type, is reported by the schema rules and by the wire rules alike.
#[test]
fn a_json_field_type_change_shows_in_both() {
    edit!(paused, [] {
        /// Paused or not.
        pub paused: bool,
    } => [] {
        /// Paused or not.
        pub paused: String,
    });
    let (old, ledger) = tree(&[paused::old::register], None);
    let (new, _) = tree(&[paused::new::register], Some(&ledger));
    let rules: Vec<(Rule, String)> =
        compare(&old, &new, &Policy::default()).iter().map(|f| (f.rule, f.location())).collect();
    assert_eq!(
        rules,
        vec![
            (Rule::TypeChanged, format!("{V1} Widget.spec.paused")),
            (Rule::FieldTypeChanged, format!("{V1} WidgetSpec.paused")),
        ]
    );
}

#[test]
fn every_wire_rule_has_a_case_here() {
    let covered = [
        Rule::FieldNumberChanged,
        Rule::FieldNumberReused,
        Rule::FieldTypeChanged,
        Rule::ReservedDropped,
        Rule::JsonNameChanged,
    ];
    let wire: Vec<Rule> = Rule::ALL.iter().copied().filter(|r| r.id().starts_with("proto.")).collect();
    assert_eq!(covered.as_slice(), wire);
}
