//! `Quantity` and `IntOrString`: the same representation on both sides.

use ::k8s_openapi::apimachinery::pkg::api::resource as upstream_resource;
use ::k8s_openapi::apimachinery::pkg::util::intstr as upstream_intstr;

use crate::intstr::IntOrString;
use crate::quantity::Quantity;

/// Both keep the quantity's text as given (neither canonicalises it), so the text passes unchanged.
impl From<Quantity> for upstream_resource::Quantity {
    fn from(quantity: Quantity) -> Self {
        Self(quantity.0)
    }
}

impl From<upstream_resource::Quantity> for Quantity {
    fn from(quantity: upstream_resource::Quantity) -> Self {
        Self(quantity.0)
    }
}

impl From<IntOrString> for upstream_intstr::IntOrString {
    fn from(value: IntOrString) -> Self {
        match value {
            IntOrString::Int(number) => Self::Int(number),
            IntOrString::String(text) => Self::String(text),
        }
    }
}

impl From<upstream_intstr::IntOrString> for IntOrString {
    fn from(value: upstream_intstr::IntOrString) -> Self {
        match value {
            upstream_intstr::IntOrString::Int(number) => Self::Int(number),
            upstream_intstr::IntOrString::String(text) => Self::String(text),
        }
    }
}
