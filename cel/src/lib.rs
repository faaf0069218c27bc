//! Kubernetes CEL validation rules (`x-kubernetes-validations`): checked when a schema is built, evaluated offline
//! against objects.
//!
//! - [`check_schema_rules`] walks a CRD's `openAPIV3Schema` and, for every rule, reports syntax errors, type errors
//!   (see below), `optionalOldSelf` on a rule that does not read `oldSelf`, transition rules placed under lists
//!   whose items cannot be paired, and estimated costs above the API server's per-rule and per-CRD limits, naming
//!   the bounds that are missing.
//! - [`compile`] and [`evaluate`] run one rule against a JSON value typed by its schema node.
//! - [`validate_object`] runs every rule of a schema against an object, pairing old and new values as the API
//!   server does for transition rules.
//!
//! # Type checking
//!
//! Every rule and `messageExpression` is type-checked as the API server (Kubernetes 1.32) compiles it, by a checker
//! kapi carries (the `cel` crate has none): `self` and `oldSelf` are typed from the schema node as the server types
//! it (objects as message types whose fields are the escaped property names, maps, lists, `format`s that make
//! bytes, durations and timestamps, `x-kubernetes-int-or-string` as `dyn`, embedded resources and the resource
//! root showing `apiVersion`, `kind` and only `metadata.name`/`generateName`, `oldSelf` an optional with
//! `optionalOldSelf`); calls resolve against the declarations of the server's CRD environment (cel-go's standard
//! library with cross-type numeric comparisons and optional types, the strings extension at version 2, sets, and
//! Kubernetes' lists, regex, URL, quantity, IP, CIDR, format and authorizer libraries; not the two-variable
//! comprehensions, which the server declares at 1.32 for stored rules only, new rules getting what the previous
//! minor release knows) with cel-go's overload resolution and type parameters; the server's validators then check
//! regex, duration and timestamp literals and `format` strings against their arguments, and refuse mixed list and
//! map literals; constant patterns of `matches(s, p)`, `find` and `findAll` are compiled as the server compiles them
//! when it builds the program.
//! A rule must be a `bool`, a message expression a `string`. Errors are the server's words, position and caret
//! included (`compilation failed: ERROR: <input>:1:8: found no matching overload for '_>_' applied to '(int,
//! string)'`), with the server's type names but for one: the server names the rule's own type `selfType` and a
//! number that changes with every request, where kapi writes `selfType0`. `tests/tests/kube_cel_compile.rs`
//! compares a ladder of rules with a real server. Known differences: regular expressions are judged by a scan for
//! the mistakes Go's `regexp` reports most (worded as Go words them), then by Rust's `regex`, whose RE2 dialect
//! differs from Go's in corners; `existsOne` (not a macro at the server's level) is recognized from its spelling
//! before the parser expands it.
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
//! - types come from the type checker, as the server's come from cel-go's: a rule that does not type-check costs
//!   nothing on either side.
//!
//! # Evaluation
//!
//! Rules run on the interpreter of the `cel` crate in the API server's environment for CRD rules (kube-apiserver
//! 1.32, a new CRD's rules): cel-go's standard library with optional values and cross-type numeric comparisons, its
//! strings extension (version 2) and sets extension, and Kubernetes' libraries (`lists`, `regex`, `url`,
//! `quantity`, `ip`, `cidr`, `format`), in the `library` module. [`FUNCTIONS`] lists every function a rule may
//! call (the type checker declares the same names, and the authz library's [`UNREACHABLE`] ones); a rule calling
//! anything else (`reverse`, `sortBy`, `cel.bind`, the two-variable comprehensions, which 1.32 accepts only in rules
//! already stored) is refused by the type checker, and fails if evaluated.
//! Where the crate's own functions differ from cel-go's (RE2's ASCII classes in `matches`, `string(double)`,
//! timestamp getters in UTC, `indexOf` offsets, `format`), kapi's replace them. Strings of the `date-time` and
//! `date` formats are timestamps, `duration` durations and `byte` bytes, as the server converts them. A library
//! function's runtime error (`url('relative')`, `quantity('1x')`, `min()` of an empty list) is an evaluation error,
//! worded as the server words it.
//! `tests/tests/kube_cel_functions.rs` evaluates every function, edge and error cases included, on kapi and on a real
//! server. What differs:
//!
//! - [`evaluate`] does not type-check: a rule the server refuses for its types, evaluated without
//!   [`check_schema_rules`], runs and fails (or passes);
//! - a conversion of a constant that fails (`int('x')`) is refused by the server when it builds the program
//!   (cel-go folds such conversions): [`check_schema_rules`] refuses it in the same words, [`evaluate`] alone fails
//!   when it runs the rule;
//! - quantities are kept in 128 bits, about 10^29 at nano precision, where Kubernetes' decimals are unbounded: a
//!   larger one is an evaluation error;
//! - a field that has no type (`x-kubernetes-preserve-unknown-fields` without `type`) is visible as `dyn`, where
//!   the API server hides it from rules.

mod analysis;
mod calendar;
mod check;
mod checker;
mod convert;
mod error;
mod escape;
mod library;
mod memo;
mod program;
mod schema;
mod sizes;
mod stack;
mod validate;

pub use calendar::{days_in_month, is_full_date};
pub use check::{
    Expression, Finding, OPTIONAL_OLD_SELF_UNUSED, RuleCost, RuleReport, STATIC_ESTIMATED_COST_LIMIT,
    STATIC_ESTIMATED_CRD_COST_LIMIT, Severity, UNTYPED_NODE, check_schema_rules, exceed_factor,
};
pub use error::CelError;
pub use escape::{escape, unescape};
pub use library::names::{FUNCTIONS, Function, UNREACHABLE, is_function};
pub use program::{CompiledRule, OLD_SELF, SELF, compile, evaluate};
pub use schema::{Rule, Schema};
pub use sizes::MAX_REQUEST_SIZE_BYTES;
pub use stack::MAX_NESTING_TOKENS;
pub use validate::{RuleViolation, validate_object};
