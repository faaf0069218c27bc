//! The protobuf wire rules, each with an API changed by editing annotated types. The edits are to wire-only fields
//! (`#[serde(skip)]` with `proto = N`) and to field numbers, which the JSON schema does not see, so each change
//! shows in the generated .proto files alone and must be reported as exactly its rules, as buf's `WIRE_JSON`
//! category reports it. The generated trees are also kept as pairs in `wire_pairs/generated-*` (see
//! [`generated_pairs_are_current`]), where tests/tests/peers_buf.rs runs buf on them.

use std::collections::BTreeMap;
use std::path::Path;

use crate::fixture;

use fixture::{V1, tree};
use kapi::Registry;
use kapi_codegen::proto::Ledger;
use kapi_diff::{Finding, Policy, Rule, compare};

/// The findings between two trees generated independently, each without a previous ledger: as if the ledger
/// `proto/field-numbers.json` had been lost or edited between the two.
macro_rules! unledgered {
    ($name:ident) => {{
        let (old, _) = tree(&[$name::old::register], None);
        let (new, _) = tree(&[$name::new::register], None);
        compare(&old, &new, &Policy::default())
    }};
}

/// The rules and locations of `found`, in order.
fn rules(found: &[Finding]) -> Vec<(Rule, String)> {
    found.iter().map(|finding| (finding.rule, finding.location())).collect()
}

/// An [`edit!`] and a test that, generated without ledgers, it reports exactly `$rule`s at `WidgetSpec$path`.
macro_rules! wire_case {
    ($name:ident: [$($rule:ident),*], $path:literal, $($edit:tt)*) => {
        edit!($name, $($edit)*);

        #[test]
        fn $name() {
            let expected: Vec<(Rule, String)> =
                vec![$((Rule::$rule, format!("{V1} WidgetSpec{}", $path))),*];
            assert_eq!(rules(&unledgered!($name)), expected);
        }
    };
}

wire_case!(field_number_changed: [FieldNumberUnreserved, FieldNameUnreserved], ".shard", [] {
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

wire_case!(field_number_reused: [FieldTypeChanged, FieldNameChanged, JsonNameChanged], ".shard", [] {
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

wire_case!(field_type_changed: [FieldTypeChanged], ".shard", [] {
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

wire_case!(json_name_changed: [FieldNameChanged, JsonNameChanged], ".hint", [] {
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

wire_case!(removed_without_reserving: [FieldNumberUnreserved, FieldNameUnreserved], ".legacy", [] {
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
    let details: Vec<String> = unledgered!(removed_without_reserving).into_iter().map(|f| f.detail).collect();
    let file = "example.com/widgets/v1/generated.proto";
    assert_eq!(
        details,
        [
            format!("{file} field 5: `legacy` deleted without reserving its number"),
            format!("{file} field 5: `legacy` deleted without reserving its name"),
        ]
    );
}

/// The ledger reserves a removed field's number and name; generating again without it drops both.
#[test]
fn reservations_dropped_with_the_ledger() {
    let (_, first) = tree(&[removed_without_reserving::old::register], None);
    let (reserving, _) = tree(&[removed_without_reserving::new::register], Some(&first));
    let (fresh, _) = tree(&[removed_without_reserving::new::register], None);
    let found = compare(&reserving, &fresh, &Policy::default());
    let details: Vec<(Rule, &str)> = found.iter().map(|f| (f.rule, f.detail.as_str())).collect();
    let file = "example.com/widgets/v1/generated.proto";
    assert_eq!(
        details,
        [
            (Rule::ReservedDropped, format!("{file} reserved name `legacy`: no longer reserved").as_str()),
            (Rule::ReservedDropped, format!("{file} reserved range [5]: no longer reserved: [5]").as_str()),
        ]
    );
}

/// A generated number in a reserved range given to a new field: the range no longer reserves it, and the name the
/// ledger reserved beside it is gone too.
#[test]
fn a_reserved_number_reused() {
    let (_, first) = tree(&[removed_without_reserving::old::register], None);
    let (reserving, _) = tree(&[removed_without_reserving::new::register], Some(&first));
    let (reusing, _) = tree(&[field_number_reused::new::register], None);
    let found = compare(&reserving, &reusing, &Policy::default());
    let subjects: Vec<(Rule, String)> = found
        .into_iter()
        .map(|finding| {
            (finding.rule, finding.detail.split_once(' ').map(|(_, rest)| rest.to_owned()).unwrap_or_default())
        })
        .collect();
    assert_eq!(
        subjects,
        vec![
            (Rule::ReservedDropped, "reserved name `legacy`: no longer reserved".to_owned()),
            (Rule::ReservedDropped, "reserved range [5]: no longer reserved: [5]".to_owned()),
        ]
    );
}

/// What the ledger is for: removing a field, adding another and regenerating against the previous ledger changes
/// nothing any client relies on.
#[test]
fn the_ledger_keeps_the_wire_compatible() {
    let (old, ledger) = tree(&[ledgered::old::register], None);
    let (new, _) = tree(&[ledgered::new::register], Some(&ledger));
    // The hint's number and name stay reserved, and the note gets a number of its own.
    assert_eq!(compare(&old, &new, &Policy::default()), Vec::<Finding>::new());
    // Without the ledger, nothing keeps the hint's number and name from the next field.
    let (unledgered, _) = tree(&[ledgered::new::register], None);
    let found = compare(&old, &unledgered, &Policy::default());
    let location = format!("{V1} WidgetSpec.legacy");
    assert_eq!(
        rules(&found),
        vec![(Rule::FieldNumberUnreserved, location.clone()), (Rule::FieldNameUnreserved, location)]
    );
}

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

#[test]
fn an_unchanged_tree_reports_nothing() {
    let (old, ledger) = tree(&[field_type_changed::old::register], None);
    let (new, _) = tree(&[field_type_changed::old::register], Some(&ledger));
    assert_eq!(compare(&old, &new, &Policy::default()), Vec::<Finding>::new());
}

edit!(paused, [] {
    /// Paused or not.
    pub paused: bool,
} => [] {
    /// Paused or not.
    pub paused: String,
});

/// A change users make every day, a field's type, is reported by the schema rules and by the wire rules alike.
#[test]
fn a_json_field_type_change_shows_in_both() {
    let (old, ledger) = tree(&[paused::old::register], None);
    let (new, _) = tree(&[paused::new::register], Some(&ledger));
    assert_eq!(
        rules(&compare(&old, &new, &Policy::default())),
        vec![
            (Rule::TypeChanged, format!("{V1} Widget.spec.paused")),
            (Rule::FieldTypeChanged, format!("{V1} WidgetSpec.paused")),
        ]
    );
}

#[test]
fn every_wire_rule_has_a_case() {
    // The generated trees above reach the rules kapi's own output can break; the hand-written pairs in
    // wire_pairs/ reach the rest (enums, oneofs, defaults, required fields, services).
    let mut covered = std::collections::BTreeSet::new();
    for case in crate::wire_pairs::cases() {
        let text =
            std::fs::read_to_string(crate::wire_pairs::pairs_dir().join(&case).join("kapi.txt")).unwrap_or_default();
        for line in text.lines() {
            if let Some(rule) = line.split_whitespace().nth(1) {
                covered.insert(rule.to_owned());
            }
        }
    }
    let missing: Vec<&str> =
        Rule::ALL.iter().map(|r| r.id()).filter(|id| id.starts_with("proto.") && !covered.contains(*id)).collect();
    assert!(missing.is_empty(), "wire rules no pair in wire_pairs/ reaches: {missing:?}");
}

/// The trees of the generated cases, ledgers and all, as `(name, old, new)`: what `wire_pairs/generated-*` hold.
fn generated_pairs() -> Vec<(&'static str, [BTreeMap<String, String>; 2])> {
    type Register = fn(&mut Registry);
    let unledgered = |old: Register, new: Register| [sources(&[old], None).0, sources(&[new], None).0];
    let (_, first) = sources(&[removed_without_reserving::old::register], None);
    let (reserving, _) = sources(&[removed_without_reserving::new::register], Some(&first));
    let (ledgered_old, ledger) = sources(&[ledgered::old::register], None);
    let (ledgered_new, _) = sources(&[ledgered::new::register], Some(&ledger));
    let (paused_old, paused_ledger) = sources(&[paused::old::register], None);
    let (paused_new, _) = sources(&[paused::new::register], Some(&paused_ledger));
    vec![
        ("field-number-changed", unledgered(field_number_changed::old::register, field_number_changed::new::register)),
        ("field-number-reused", unledgered(field_number_reused::old::register, field_number_reused::new::register)),
        ("field-type-changed", unledgered(field_type_changed::old::register, field_type_changed::new::register)),
        ("json-name-changed", unledgered(json_name_changed::old::register, json_name_changed::new::register)),
        (
            "removed-without-reserving",
            unledgered(removed_without_reserving::old::register, removed_without_reserving::new::register),
        ),
        (
            "reservations-dropped-with-the-ledger",
            [reserving.clone(), sources(&[removed_without_reserving::new::register], None).0],
        ),
        ("a-reserved-number-reused", [reserving, sources(&[field_number_reused::new::register], None).0]),
        ("the-ledger-keeps-the-wire-compatible", [ledgered_old.clone(), ledgered_new]),
        ("the-ledger-lost", [ledgered_old, sources(&[ledgered::new::register], None).0]),
        ("a-json-field-type-change", [paused_old, paused_new]),
    ]
}

/// The generated `.proto` files of the kinds `registers` add, numbered against `ledger`, and the next ledger.
fn sources(registers: &[fn(&mut Registry)], ledger: Option<&Ledger>) -> (BTreeMap<String, String>, Ledger) {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry);
    for register in registers {
        register(&mut registry);
    }
    let options = kapi_codegen::Options { proto_ledger: ledger.cloned(), ..Default::default() };
    let artifacts = kapi_codegen::generate(&registry, &options).expect("the API generates");
    let files = artifacts
        .iter()
        .filter_map(|(path, bytes)| {
            let name = path.strip_prefix("proto/").filter(|name| name.ends_with(".proto"))?;
            Some((name.to_owned(), String::from_utf8(bytes.to_vec()).expect("UTF-8")))
        })
        .collect();
    let next = Ledger::from_json(artifacts.get(kapi_codegen::proto::LEDGER_PATH).expect("a ledger")).expect("ledger");
    (files, next)
}

/// Files every generated pair shares, kept once in `wire_pairs/_imports/`.
const SHARED: &str = "k8s.io/";

/// `wire_pairs/generated-*` hold the generated cases' trees, and `wire_pairs/_imports/` the files they share;
/// `KAPI_UPDATE_FIXTURES=1` (never under CI) rewrites them.
#[test]
fn generated_pairs_are_current() {
    let update = std::env::var_os("KAPI_UPDATE_FIXTURES").is_some() && std::env::var_os("CI").is_none();
    let root = crate::wire_pairs::pairs_dir();
    let mut stale = Vec::new();
    let mut check = |path: &Path, text: &str| {
        if update {
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(path, text).expect("write");
        } else if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
            stale.push(path.display().to_string());
        }
    };
    for (name, sides) in generated_pairs() {
        for (side, files) in ["old", "new"].iter().zip(sides) {
            for (file, text) in files {
                let dir = if file.starts_with(SHARED) {
                    root.join("_imports")
                } else {
                    root.join(format!("generated-{name}")).join(side)
                };
                check(&dir.join(&file), &text);
            }
        }
    }
    assert!(stale.is_empty(), "stale fixtures (KAPI_UPDATE_FIXTURES=1 rewrites them): {stale:?}");
}
