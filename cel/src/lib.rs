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
//! The estimate is the API server's (Kubernetes 1.32): cel-go's checker (`checker/cost.go`), the Kubernetes
//! library's function costs (k8s.io/apiserver `pkg/cel/library/cost.go`) and the CRD size estimator
//! (k8s.io/apiextensions-apiserver `pkg/apiserver/schema/cel/compilation.go`), ported quirks included. Sizes come
//! from `maxItems`, `maxProperties` and `maxLength` (times 4 bytes per character), from the longest `enum` value or
//! a date/duration format, and otherwise from how many of the smallest elements fit in a 3 MiB request; a value is
//! sized by the schema node it was read from along a path from `self` (a number or an object so read is sized 0, a
//! map's key 0), by what the expression says (literals, concatenations, some results), or else by its type. A
//! rule's cost is multiplied by how often its node can occur (the product of the enclosing lists' and maps' bounds,
//! or, under an unbounded one, as many times as the node's smallest form fits in a request); a `messageExpression`
//! is charged its own cost, once. `tests/tests/kube_cel_cost.rs` compares a ladder of CRDs with a real server. What
//! differs:
//!
//! - only the maximum of a cost is tracked (cel-go also tracks a minimum, which no limit reads);
//! - types come from the schema and a table of the functions' result types, not from a full type checker: the
//!   result of a function the table does not know is `dyn`, sized as anything;
//! - a rule the server does not compile costs nothing there; kapi costs nothing either for a rule it finds wrong,
//!   but does not find every rule the server's checker refuses (functions outside the server's libraries, or
//!   mistyped arguments, are not errors here).
//!
//! # Evaluation
//!
//! Rules run on the interpreter of the `cel` crate with its standard library and its string and list extensions.
//! The Kubernetes-specific libraries (`quantity`, `url`, `ip`, `cidr`, `isSorted`, regex `find`, …) are not
//! there, so rules calling them fail to evaluate; `date-time`, `duration` and `byte` values stay strings instead
//! of becoming timestamps, durations and bytes. A field that has no type (`x-kubernetes-preserve-unknown-fields`
//! without `type`) is visible as `dyn`, where the API server hides it from rules.

mod analysis;
mod checker;
mod check;
mod convert;
mod error;
mod escape;
mod program;
mod schema;
mod sizes;
mod stack;
mod validate;

pub use check::{
    Expression, Finding, OPTIONAL_OLD_SELF_UNUSED, RuleCost, RuleReport, STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT, Severity,
    check_schema_rules, exceed_factor,
};
pub use error::CelError;
pub use escape::{escape, unescape};
pub use program::{CompiledRule, OLD_SELF, SELF, compile, evaluate};
pub use schema::{Rule, Schema};
pub use sizes::MAX_REQUEST_SIZE_BYTES;
pub use stack::MAX_NESTING_TOKENS;
pub use validate::{RuleViolation, validate_object};
