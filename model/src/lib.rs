//! kapi's model: the intermediate representation every emitter reads.
//!
//! Rust types implement [`Schema`] (and [`Resource`] for top-level kinds), usually through kapi's derives; a
//! [`Registry`] collects their definitions and resource metadata. The registry serialises to JSON and loads back,
//! so the model can be handed to other tools.

pub mod builtins;
mod choice;
pub mod conventions;
pub mod conversion;
#[doc(hidden)]
pub mod derive_support;
pub mod extensions;
pub mod keyword;
#[cfg(feature = "kube")]
pub mod kube;
pub mod name_syntax;
pub mod names;
pub mod open_enum;
pub mod placement;
pub mod proto;
pub mod registry;
pub mod resource;
mod resource_index;
pub mod rest_mapper;
pub mod schema;
pub mod shape;
pub mod traits;
pub mod version_priority;

pub use builtins::ByteString;
pub use choice::Choices;
pub use conventions::Conventions;
pub use extensions::{GroupVersionKind, KubernetesExtensions, ListType, MapType, Union, ValidationRule};
pub use keyword::{Keyword, Setting};
pub use names::{DefName, GroupVersion};
pub use proto::{InlineMessage, ProtoField, ProtoInfo, ProtoMessage, ProtoScalar};
pub use registry::{DEFAULT_GROUP_PRIORITY, Definition, DefinitionInfo, Registry};
pub use resource::{
    API_APPROVED_ANNOTATION, CONNECT_METHODS, Connect, ConversionWebhook, CrdVersion, PRINTER_COLUMN_TYPES,
    PrinterColumn, ResourceMeta, STANDARD_VERBS, ScalePaths, Scope, Subresource, SubresourceKind, is_protected_group,
};
pub use rest_mapper::{Mapping, MappingError, RestMapper};
pub use schema::{Bounds, Child, InstanceType, Reference, SchemaNode, SchemaObject};
pub use traits::{FieldFacts, Resource, Schema, ZeroValue, element_schema, field_schema};

/// Without the `kube` feature, `#[kapi(kube)]` is an error saying what to turn on.
#[cfg(not(feature = "kube"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __kube_impls {
    ($($impls:tt)*) => {
        ::core::compile_error!(
            "`#[kapi(kube)]` implements kube-core's traits with the `kube` feature of kapi: \
             kapi = { version = \"0.1\", features = [\"kube\"] }"
        );
    };
}
