//! `k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1` (group `apiextensions.k8s.io`, version `v1`):
//! CustomResourceDefinition and the OpenAPI v3 schema type (`JSONSchemaProps`) custom resources are validated with.
//!
//! The Rust names follow Rust's casing (`JsonSchemaProps`); the definitions keep upstream's names
//! (`io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps`), and the protobuf field numbers
//! are upstream's, so the wire form is Kubernetes' own.

mod alternatives;
mod annotations;
mod conversion;
mod definition;
mod json;
mod json_schema_props;
mod names;
mod review;
#[cfg(test)]
mod tests;
mod version;

pub use annotations::{ExternalDocumentation, ValidationRule};
pub use conversion::{
    ConversionStrategyType, CustomResourceConversion, ServiceReference, WebhookClientConfig, WebhookConversion,
};
pub use definition::{
    CustomResourceDefinition, CustomResourceDefinitionCondition, CustomResourceDefinitionList,
    CustomResourceDefinitionNames, CustomResourceDefinitionSpec, CustomResourceDefinitionStatus, ResourceScope,
};
pub use json::Json;
pub use json_schema_props::{
    JsonSchemaProps, JsonSchemaPropsOrArray, JsonSchemaPropsOrBool, JsonSchemaPropsOrStringArray,
};
pub use names::{API_VERSION, PACKAGE};
pub use review::{ConversionRequest, ConversionResponse, ConversionReview};
pub use version::{
    CustomResourceColumnDefinition, CustomResourceDefinitionVersion, CustomResourceSubresourceScale,
    CustomResourceSubresourceStatus, CustomResourceSubresources, CustomResourceValidation, SelectableField,
};
