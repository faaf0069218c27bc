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
//!   but does not find every rule the server's checker refuses (mistyped arguments are not errors here; calls of
//!   functions outside the server's environment are).
//!
//! # Evaluation
//!
//! Rules run on the interpreter of the `cel` crate in the API server's environment for CRD rules (kube-apiserver
//! 1.32, a new CRD's rules): cel-go's standard library with optional values and cross-type numeric comparisons, its
//! strings extension (version 2) and sets extension, and Kubernetes' libraries (`lists`, `regex`, `url`,
//! `quantity`, `ip`, `cidr`, `format`), in the `library` module. [`FUNCTIONS`] lists every function of that
//! environment; a rule calling anything else (`reverse`, `sortBy`, `cel.bind`, the two-variable comprehensions,
//! which 1.32 accepts only in rules already stored) is refused when compiled, as the server's checker refuses it.
//! Where the crate's own functions differ from cel-go's (RE2's ASCII classes in `matches`, `string(double)`,
//! timestamp getters in UTC, `indexOf` offsets, `format`), kapi's replace them. Strings of the `date-time` and
//! `date` formats are timestamps, `duration` durations and `byte` bytes, as the server converts them. A library
//! function's runtime error (`url('relative')`, `quantity('1x')`, `min()` of an empty list) is an evaluation error.
//! `tests/tests/kube_cel_functions.rs` evaluates every function, edge and error cases included, on kapi and on a real
//! server. What differs:
//!
//! - there is no type checker yet: a rule the server refuses for its types runs here and fails (or passes) at
//!   evaluation;
//! - quantities are kept in 128 bits, about 10^29 at nano precision, where Kubernetes' decimals are unbounded: a
//!   larger one is an evaluation error;
//! - a field that has no type (`x-kubernetes-preserve-unknown-fields` without `type`) is visible as `dyn`, where
//!   the API server hides it from rules.

mod analysis;
mod check;
mod convert;
mod error;
mod escape;
mod library;
mod optional_old_self;
mod program;
mod schema;
mod sizes;
mod stack;
mod validate;

pub use check::{
    Expression, Finding, RuleCost, RuleReport, STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT, Severity,
    check_schema_rules, exceed_factor,
};
pub use error::CelError;
pub use escape::{escape, unescape};
pub use library::names::{FUNCTIONS, Function, UNREACHABLE, is_function};
pub use program::{CompiledRule, OLD_SELF, SELF, compile, evaluate};
pub use schema::{Rule, Schema};
pub use sizes::MAX_REQUEST_SIZE_BYTES;
pub use stack::MAX_NESTING_TOKENS;
pub use validate::{RuleViolation, validate_object};
