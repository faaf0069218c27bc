//! Kubernetes CEL validation rules (`x-kubernetes-validations`): checked when a schema is built, evaluated offline
//! against objects.
//!
//! - [`check_schema_rules`] walks a CRD's `openAPIV3Schema` and, for every rule, reports syntax errors, field
//!   references the schema does not allow (through `items` for comprehension variables and
//!   `additionalProperties` for map values), transition rules placed under lists whose items cannot be paired,
//!   and estimated costs above the API server's per-rule and per-CRD limits, naming the bounds that are missing.
//! - [`compile`] and [`evaluate`] run one rule against a JSON value typed by its schema node.
//! - [`validate_object`] runs every rule of a schema against an object, pairing old and new values as the API
//!   server does for transition rules.
//!
//! # How the cost estimate relates to the API server's
//!
//! The estimate follows cel-go's checker with the API server's size estimator: sizes come from `maxItems`,
//! `maxProperties` and `maxLength` (times 4 bytes per character), from the longest `enum` value or a date/duration
//! format, and otherwise from how many of the smallest elements fit in a 3 MiB request; a rule's cost is multiplied
//! by how often its node can occur (the product of the enclosing lists' and maps' bounds, or, under an unbounded
//! one, as many times as the node's smallest form fits in a request). It simplifies cel-go in these ways:
//!
//! - only the maximum is tracked (cel-go also tracks a minimum, which no limit reads);
//! - types come from the schema and a few rules of thumb, not from the full type checker: the results of
//!   functions the analysis does not know are `dyn`, with unbounded sizes, so costs may be over- rather than
//!   under-estimated;
//! - the Kubernetes library functions (lists, regex, URLs, quantities, IPs) are costed by the size they walk,
//!   with cel-go's factors (0.1 per string byte, 0.25 per regex byte, 1 per list element), not their exact
//!   formulas;
//! - the keys of a map iterated by a comprehension are sized as unbounded strings;
//! - `messageExpression` costs are added to the per-CRD total but not compared to the per-rule limit.
//!
//! # Evaluation
//!
//! Rules run on the interpreter of the `cel` crate with its standard library and its string and list extensions.
//! The Kubernetes-specific libraries (`quantity`, `url`, `ip`, `cidr`, `isSorted`, regex `find`, …) are not
//! there, so rules calling them fail to evaluate; `date-time`, `duration` and `byte` values stay strings instead
//! of becoming timestamps, durations and bytes. A field that has no type (`x-kubernetes-preserve-unknown-fields`
//! without `type`) is visible as `dyn`, where the API server hides it from rules.

mod analysis;
mod check;
mod convert;
mod error;
mod escape;
mod optional_old_self;
mod program;
mod schema;
mod sizes;
mod stack;
mod validate;

pub use check::{
    Finding, RuleReport, STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT, Severity, check_schema_rules,
};
pub use error::CelError;
pub use escape::{escape, unescape};
pub use program::{CompiledRule, OLD_SELF, SELF, compile, evaluate};
pub use schema::{Rule, Schema};
pub use sizes::MAX_REQUEST_SIZE_BYTES;
pub use stack::MAX_NESTING_TOKENS;
pub use validate::{RuleViolation, validate_object};
