//! `openapi.v2` messages for parameters (and the shared `parameters` definitions), response headers and the
//! primitive item types they share.
//!
//! The four non-body parameter kinds, `Header` and `PrimitivesItems` carry the same validation fields under
//! different field numbers, so each is its own message, exactly as upstream declares them.

use super::{
    schema::Schema,
    values::{Any, JsonReference, NamedAny},
};

/// `openapi.v2.ParametersItem`: a parameter, or a reference to one.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ParametersItem {
    #[prost(oneof = "parameters_item::Oneof", tags = "1, 2")]
    pub oneof: Option<parameters_item::Oneof>,
}

/// The choice inside [`ParametersItem`].
pub mod parameters_item {
    /// `openapi.v2.ParametersItem.oneof`.
    #[derive(Clone, PartialEq, prost::Oneof)]
    pub enum Oneof {
        #[prost(message, tag = "1")]
        Parameter(Box<super::Parameter>),
        #[prost(message, tag = "2")]
        JsonReference(super::JsonReference),
    }
}

/// `openapi.v2.Parameter`: a body parameter or any other kind.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Parameter {
    #[prost(oneof = "parameter::Oneof", tags = "1, 2")]
    pub oneof: Option<parameter::Oneof>,
}

/// The choice inside [`Parameter`].
pub mod parameter {
    /// `openapi.v2.Parameter.oneof`.
    #[derive(Clone, PartialEq, prost::Oneof)]
    pub enum Oneof {
        #[prost(message, tag = "1")]
        BodyParameter(Box<super::BodyParameter>),
        #[prost(message, tag = "2")]
        NonBodyParameter(Box<super::NonBodyParameter>),
    }
}

/// `openapi.v2.BodyParameter`: `in: body`, described by a schema.
#[derive(Clone, PartialEq, prost::Message)]
pub struct BodyParameter {
    #[prost(string, tag = "1")]
    pub description: String,
    #[prost(string, tag = "2")]
    pub name: String,
    #[prost(string, tag = "3")]
    pub r#in: String,
    #[prost(bool, tag = "4")]
    pub required: bool,
    #[prost(message, optional, tag = "5")]
    pub schema: Option<Schema>,
    #[prost(message, repeated, tag = "6")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.NonBodyParameter`: a header, form-data, query or path parameter.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NonBodyParameter {
    #[prost(oneof = "non_body_parameter::Oneof", tags = "1, 2, 3, 4")]
    pub oneof: Option<non_body_parameter::Oneof>,
}

/// The choice inside [`NonBodyParameter`].
pub mod non_body_parameter {
    /// `openapi.v2.NonBodyParameter.oneof`.
    #[derive(Clone, PartialEq, prost::Oneof)]
    pub enum Oneof {
        #[prost(message, tag = "1")]
        HeaderParameterSubSchema(super::HeaderParameterSubSchema),
        #[prost(message, tag = "2")]
        FormDataParameterSubSchema(super::FormDataParameterSubSchema),
        #[prost(message, tag = "3")]
        QueryParameterSubSchema(super::QueryParameterSubSchema),
        #[prost(message, tag = "4")]
        PathParameterSubSchema(super::PathParameterSubSchema),
    }
}

/// Declares one primitive-typed message: the shared validation fields under `$numbers`, in upstream's order
/// (`type` … `multiple_of`, then `vendor_extension`), after the message's own leading fields.
macro_rules! primitive_message {
    (
        $(#[$doc:meta])* $name:ident { $($lead:tt)* }
        $ty:literal $format:literal $items:literal $cf:literal $default:literal $max:literal $xmax:literal
        $min:literal $xmin:literal $maxlen:literal $minlen:literal $pattern:literal $maxitems:literal
        $minitems:literal $unique:literal $enum:literal $multiple:literal $ext:literal
    ) => {
        $(#[$doc])*
        #[derive(Clone, PartialEq, prost::Message)]
        pub struct $name {
            $($lead)*
            #[prost(string, tag = $ty)]
            pub r#type: String,
            #[prost(string, tag = $format)]
            pub format: String,
            #[prost(message, optional, boxed, tag = $items)]
            pub items: Option<Box<PrimitivesItems>>,
            #[prost(string, tag = $cf)]
            pub collection_format: String,
            #[prost(message, optional, tag = $default)]
            pub default: Option<Any>,
            #[prost(double, tag = $max)]
            pub maximum: f64,
            #[prost(bool, tag = $xmax)]
            pub exclusive_maximum: bool,
            #[prost(double, tag = $min)]
            pub minimum: f64,
            #[prost(bool, tag = $xmin)]
            pub exclusive_minimum: bool,
            #[prost(int64, tag = $maxlen)]
            pub max_length: i64,
            #[prost(int64, tag = $minlen)]
            pub min_length: i64,
            #[prost(string, tag = $pattern)]
            pub pattern: String,
            #[prost(int64, tag = $maxitems)]
            pub max_items: i64,
            #[prost(int64, tag = $minitems)]
            pub min_items: i64,
            #[prost(bool, tag = $unique)]
            pub unique_items: bool,
            #[prost(message, repeated, tag = $enum)]
            pub r#enum: Vec<Any>,
            #[prost(double, tag = $multiple)]
            pub multiple_of: f64,
            #[prost(message, repeated, tag = $ext)]
            pub vendor_extension: Vec<NamedAny>,
        }
    };
}

primitive_message! {
    /// `openapi.v2.HeaderParameterSubSchema`: `in: header`.
    HeaderParameterSubSchema {
        #[prost(bool, tag = "1")] pub required: bool,
        #[prost(string, tag = "2")] pub r#in: String,
        #[prost(string, tag = "3")] pub description: String,
        #[prost(string, tag = "4")] pub name: String,
    }
    "5" "6" "7" "8" "9" "10" "11" "12" "13" "14" "15" "16" "17" "18" "19" "20" "21" "22"
}

primitive_message! {
    /// `openapi.v2.FormDataParameterSubSchema`: `in: formData`.
    FormDataParameterSubSchema {
        #[prost(bool, tag = "1")] pub required: bool,
        #[prost(string, tag = "2")] pub r#in: String,
        #[prost(string, tag = "3")] pub description: String,
        #[prost(string, tag = "4")] pub name: String,
        #[prost(bool, tag = "5")] pub allow_empty_value: bool,
    }
    "6" "7" "8" "9" "10" "11" "12" "13" "14" "15" "16" "17" "18" "19" "20" "21" "22" "23"
}

primitive_message! {
    /// `openapi.v2.QueryParameterSubSchema`: `in: query`.
    QueryParameterSubSchema {
        #[prost(bool, tag = "1")] pub required: bool,
        #[prost(string, tag = "2")] pub r#in: String,
        #[prost(string, tag = "3")] pub description: String,
        #[prost(string, tag = "4")] pub name: String,
        #[prost(bool, tag = "5")] pub allow_empty_value: bool,
    }
    "6" "7" "8" "9" "10" "11" "12" "13" "14" "15" "16" "17" "18" "19" "20" "21" "22" "23"
}

primitive_message! {
    /// `openapi.v2.PathParameterSubSchema`: `in: path`.
    PathParameterSubSchema {
        #[prost(bool, tag = "1")] pub required: bool,
        #[prost(string, tag = "2")] pub r#in: String,
        #[prost(string, tag = "3")] pub description: String,
        #[prost(string, tag = "4")] pub name: String,
    }
    "5" "6" "7" "8" "9" "10" "11" "12" "13" "14" "15" "16" "17" "18" "19" "20" "21" "22"
}

primitive_message! {
    /// `openapi.v2.PrimitivesItems`: the items of a primitive-typed array (nested arrays nest this).
    PrimitivesItems {}
    "1" "2" "3" "4" "5" "6" "7" "8" "9" "10" "11" "12" "13" "14" "15" "16" "17" "18"
}

/// `openapi.v2.Header`: a response header. Its `description` comes after the shared fields, so it is declared
/// out of line here rather than through the macro.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Header {
    #[prost(string, tag = "1")]
    pub r#type: String,
    #[prost(string, tag = "2")]
    pub format: String,
    #[prost(message, optional, boxed, tag = "3")]
    pub items: Option<Box<PrimitivesItems>>,
    #[prost(string, tag = "4")]
    pub collection_format: String,
    #[prost(message, optional, tag = "5")]
    pub default: Option<Any>,
    #[prost(double, tag = "6")]
    pub maximum: f64,
    #[prost(bool, tag = "7")]
    pub exclusive_maximum: bool,
    #[prost(double, tag = "8")]
    pub minimum: f64,
    #[prost(bool, tag = "9")]
    pub exclusive_minimum: bool,
    #[prost(int64, tag = "10")]
    pub max_length: i64,
    #[prost(int64, tag = "11")]
    pub min_length: i64,
    #[prost(string, tag = "12")]
    pub pattern: String,
    #[prost(int64, tag = "13")]
    pub max_items: i64,
    #[prost(int64, tag = "14")]
    pub min_items: i64,
    #[prost(bool, tag = "15")]
    pub unique_items: bool,
    #[prost(message, repeated, tag = "16")]
    pub r#enum: Vec<Any>,
    #[prost(double, tag = "17")]
    pub multiple_of: f64,
    #[prost(string, tag = "18")]
    pub description: String,
    #[prost(message, repeated, tag = "19")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.ParameterDefinitions`: shared parameters by name.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ParameterDefinitions {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedParameter>,
}

/// `openapi.v2.NamedParameter`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedParameter {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<Parameter>,
}
