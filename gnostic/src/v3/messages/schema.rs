//! `openapi.v3` messages for schemas, a family of messages that nest each other.

use super::values::{Any, ExternalDocs, NamedAny, Reference, Strings};

/// `openapi.v3.Schema`: OpenAPI 3.0's JSON Schema dialect.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Schema {
    #[prost(bool, tag = "1")]
    pub nullable: bool,
    #[prost(message, optional, tag = "2")]
    pub discriminator: Option<Discriminator>,
    #[prost(bool, tag = "3")]
    pub read_only: bool,
    #[prost(bool, tag = "4")]
    pub write_only: bool,
    #[prost(message, optional, tag = "5")]
    pub xml: Option<Xml>,
    #[prost(message, optional, tag = "6")]
    pub external_docs: Option<ExternalDocs>,
    #[prost(message, optional, tag = "7")]
    pub example: Option<Any>,
    #[prost(bool, tag = "8")]
    pub deprecated: bool,
    #[prost(string, tag = "9")]
    pub title: String,
    #[prost(double, tag = "10")]
    pub multiple_of: f64,
    #[prost(double, tag = "11")]
    pub maximum: f64,
    #[prost(bool, tag = "12")]
    pub exclusive_maximum: bool,
    #[prost(double, tag = "13")]
    pub minimum: f64,
    #[prost(bool, tag = "14")]
    pub exclusive_minimum: bool,
    #[prost(int64, tag = "15")]
    pub max_length: i64,
    #[prost(int64, tag = "16")]
    pub min_length: i64,
    #[prost(string, tag = "17")]
    pub pattern: String,
    #[prost(int64, tag = "18")]
    pub max_items: i64,
    #[prost(int64, tag = "19")]
    pub min_items: i64,
    #[prost(bool, tag = "20")]
    pub unique_items: bool,
    #[prost(int64, tag = "21")]
    pub max_properties: i64,
    #[prost(int64, tag = "22")]
    pub min_properties: i64,
    #[prost(string, repeated, tag = "23")]
    pub required: Vec<String>,
    #[prost(message, repeated, tag = "24")]
    pub r#enum: Vec<Any>,
    #[prost(string, tag = "25")]
    pub r#type: String,
    #[prost(message, repeated, tag = "26")]
    pub all_of: Vec<SchemaOrReference>,
    #[prost(message, repeated, tag = "27")]
    pub one_of: Vec<SchemaOrReference>,
    #[prost(message, repeated, tag = "28")]
    pub any_of: Vec<SchemaOrReference>,
    #[prost(message, optional, boxed, tag = "29")]
    pub not: Option<Box<Schema>>,
    #[prost(message, optional, tag = "30")]
    pub items: Option<ItemsItem>,
    #[prost(message, optional, tag = "31")]
    pub properties: Option<Properties>,
    #[prost(message, optional, tag = "32")]
    pub additional_properties: Option<AdditionalPropertiesItem>,
    #[prost(message, optional, tag = "33")]
    pub default: Option<DefaultType>,
    #[prost(string, tag = "34")]
    pub description: String,
    #[prost(string, tag = "35")]
    pub format: String,
    #[prost(message, repeated, tag = "36")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.SchemaOrReference`: an inline schema, or a `$ref` to one.
#[derive(Clone, PartialEq, prost::Message)]
pub struct SchemaOrReference {
    #[prost(oneof = "schema_or_reference::Oneof", tags = "1, 2")]
    pub oneof: Option<schema_or_reference::Oneof>,
}

/// The choice inside [`SchemaOrReference`].
pub mod schema_or_reference {
    /// `openapi.v3.SchemaOrReference.oneof`.
    #[derive(Clone, PartialEq, prost::Oneof)]
    pub enum Oneof {
        #[prost(message, tag = "1")]
        Schema(Box<super::Schema>),
        #[prost(message, tag = "2")]
        Reference(super::Reference),
    }
}

/// `openapi.v3.SchemasOrReferences`: `components.schemas`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct SchemasOrReferences {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedSchemaOrReference>,
}

/// `openapi.v3.NamedSchemaOrReference`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedSchemaOrReference {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<SchemaOrReference>,
}

/// `openapi.v3.Properties`: a schema's properties by name.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Properties {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedSchemaOrReference>,
}

/// `openapi.v3.ItemsItem`: `items`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ItemsItem {
    #[prost(message, repeated, tag = "1")]
    pub schema_or_reference: Vec<SchemaOrReference>,
}

/// `openapi.v3.AdditionalPropertiesItem`: a schema for the extra properties, or whether any are allowed.
#[derive(Clone, PartialEq, prost::Message)]
pub struct AdditionalPropertiesItem {
    #[prost(oneof = "additional_properties_item::Oneof", tags = "1, 2")]
    pub oneof: Option<additional_properties_item::Oneof>,
}

/// The choice inside [`AdditionalPropertiesItem`].
pub mod additional_properties_item {
    /// `openapi.v3.AdditionalPropertiesItem.oneof`.
    #[derive(Clone, PartialEq, prost::Oneof)]
    pub enum Oneof {
        #[prost(message, tag = "1")]
        SchemaOrReference(super::SchemaOrReference),
        #[prost(bool, tag = "2")]
        Boolean(bool),
    }
}

/// `openapi.v3.DefaultType`: a schema's `default`; only numbers, booleans and strings have a slot.
#[derive(Clone, PartialEq, prost::Message)]
pub struct DefaultType {
    #[prost(oneof = "default_type::Oneof", tags = "1, 2, 3")]
    pub oneof: Option<default_type::Oneof>,
}

/// The choice inside [`DefaultType`].
pub mod default_type {
    /// `openapi.v3.DefaultType.oneof`.
    #[derive(Clone, PartialEq, prost::Oneof)]
    pub enum Oneof {
        #[prost(double, tag = "1")]
        Number(f64),
        #[prost(bool, tag = "2")]
        Boolean(bool),
        #[prost(string, tag = "3")]
        String(String),
    }
}

/// `openapi.v3.Discriminator`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Discriminator {
    #[prost(string, tag = "1")]
    pub property_name: String,
    #[prost(message, optional, tag = "2")]
    pub mapping: Option<Strings>,
    #[prost(message, repeated, tag = "3")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.Xml`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Xml {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(string, tag = "2")]
    pub namespace: String,
    #[prost(string, tag = "3")]
    pub prefix: String,
    #[prost(bool, tag = "4")]
    pub attribute: bool,
    #[prost(bool, tag = "5")]
    pub wrapped: bool,
    #[prost(message, repeated, tag = "6")]
    pub specification_extension: Vec<NamedAny>,
}
