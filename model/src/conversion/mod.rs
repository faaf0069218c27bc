//! Conversions between the versions of a kind: the trait `#[kapi::versioned]` implements between each version and
//! the storage version (the hub), and the JSON-level converter a conversion webhook calls.
//!
//! Every version converts to and from the hub; two other versions convert through it (hub and spoke), so a kind with
//! n versions needs 2(n-1) conversions rather than n(n-1).

mod convert;
mod converter;
mod error;
pub(crate) mod plan;
mod round_trip;
mod sample;
mod stash;

pub use convert::Convert;
pub use converter::{ConvertFn, KindConverter, from_json, to_json};
pub use error::ConversionError;
pub use plan::{
    Container, ConversionPlan, FieldPlan, Payload, Tagging, TypePlan, ValuePlan, VariantPlan, default_value,
};
pub use round_trip::assert_round_trips;
pub use sample::sample_instance;
/// The JSON value the generated converters read and write, so user crates need not depend on serde_json.
pub use serde_json::Value;
pub use stash::STASH_ANNOTATION;
