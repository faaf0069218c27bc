//! The settings that tell the document dialects apart.

use kapi_model::Keyword;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

#[cfg(test)]
mod tests;

/// Why a dialect leaves a keyword out: the loss report names the rule beside each entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum LossRule {
    /// Swagger 2.0's schema object has no such keyword.
    #[serde(rename = "swagger2-cannot-express")]
    NotInSwagger2,
    /// Kubernetes conventions: kube-apiserver strips it when it publishes v2 (the OpenAPI v3 design names `oneOf`,
    /// `anyOf`, `nullable` and `default`), though swagger 2.0 could carry `default`.
    #[serde(rename = "kubernetes-strips-for-v2")]
    KubernetesV2,
    /// A CRD's `openAPIV3Schema` (apiextensions' JSONSchemaProps) has no such field.
    #[serde(rename = "crd-schema-cannot-express")]
    NotInCrdSchema,
}

impl LossRule {
    /// The rule in words.
    pub fn describe(self) -> &'static str {
        match self {
            Self::NotInSwagger2 => "swagger 2.0 schemas have no such keyword",
            Self::KubernetesV2 => "kube-apiserver strips it when publishing v2 (Kubernetes conventions)",
            Self::NotInCrdSchema => "a CustomResourceDefinition's schema has no such field",
        }
    }
}

/// How a reference that has sibling keywords is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RefSiblings {
    /// `{"allOf": [{"$ref": ...}], ...siblings}`: OpenAPI 3.0 ignores siblings of `$ref`.
    WrapInAllOf,
    /// `{"$ref": ..., ...siblings}`: legal in 2020-12, and the relaxed form Kubernetes' swagger 2.0 relies on.
    Beside,
}

/// How `nullable` is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Nullable {
    /// The OpenAPI keyword `nullable: true`.
    Keyword,
    /// JSON Schema: `type: [T, "null"]`, or `anyOf` with `{"type": "null"}` around a reference.
    NullType,
}

/// How exclusive bounds are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ExclusiveBounds {
    /// Draft 4 / OpenAPI: `minimum: 1, exclusiveMinimum: true`.
    Flag,
    /// 2020-12: `exclusiveMinimum: 1`.
    Value,
}

/// The settings one document dialect renders schemas with.
#[derive(Debug)]
pub(crate) struct Dialect {
    /// Prefix of `$ref` values; the definition name follows.
    pub ref_prefix: &'static str,
    pub ref_siblings: RefSiblings,
    pub nullable: Nullable,
    pub exclusive_bounds: ExclusiveBounds,
    /// `example: v` (OpenAPI) or `examples: [v]` (2020-12).
    pub examples_array: bool,
    /// Keywords the dialect does not write, each with the rule that drops it: dropped and recorded.
    pub unsupported: &'static [(Keyword, LossRule)],
    /// Swagger 2.0 has no `oneOf`, so a schema that is a choice of scalars including string (IntOrString,
    /// Quantity) or is marked int-or-string is written `type: string` (and `format: int-or-string` for the latter),
    /// as Kubernetes' own v2 documents do.
    pub scalar_choice_as_string: bool,
    /// `const: v` for an `enum` of one value: 2020-12 has the keyword, and it says "exactly this" more plainly.
    pub single_enum_as_const: bool,
}

impl Dialect {
    /// OpenAPI 3.0 component schemas.
    pub const OPENAPI_V3: Dialect = Dialect {
        ref_prefix: "#/components/schemas/",
        ref_siblings: RefSiblings::WrapInAllOf,
        nullable: Nullable::Keyword,
        exclusive_bounds: ExclusiveBounds::Flag,
        examples_array: false,
        unsupported: &[],
        scalar_choice_as_string: false,
        single_enum_as_const: false,
    };

    /// Swagger 2.0 definitions, keeping everything swagger 2.0 can say (`default`, `enum`, `example`, …).
    pub const SWAGGER_V2: Dialect = Dialect {
        ref_prefix: "#/definitions/",
        ref_siblings: RefSiblings::Beside,
        nullable: Nullable::Keyword,
        exclusive_bounds: ExclusiveBounds::Flag,
        examples_array: false,
        unsupported: &[
            (Keyword::OneOf, LossRule::NotInSwagger2),
            (Keyword::AnyOf, LossRule::NotInSwagger2),
            (Keyword::Not, LossRule::NotInSwagger2),
            (Keyword::Nullable, LossRule::NotInSwagger2),
            (Keyword::WriteOnly, LossRule::NotInSwagger2),
            (Keyword::Deprecated, LossRule::NotInSwagger2),
        ],
        scalar_choice_as_string: true,
        single_enum_as_const: false,
    };

    /// Swagger 2.0 definitions of types under Kubernetes conventions: what kube-apiserver publishes as v2.
    pub const SWAGGER_V2_KUBERNETES: Dialect = Dialect {
        unsupported: &[
            (Keyword::OneOf, LossRule::KubernetesV2),
            (Keyword::AnyOf, LossRule::KubernetesV2),
            (Keyword::Not, LossRule::NotInSwagger2),
            (Keyword::Nullable, LossRule::KubernetesV2),
            (Keyword::Default, LossRule::KubernetesV2),
            (Keyword::WriteOnly, LossRule::NotInSwagger2),
            (Keyword::Deprecated, LossRule::NotInSwagger2),
        ],
        ..Self::SWAGGER_V2
    };

    /// The schema of a CustomResourceDefinition version: OpenAPI v3 without references, limited to the fields of
    /// apiextensions' JSONSchemaProps.
    pub const CRD: Dialect = Dialect {
        unsupported: &[
            (Keyword::ReadOnly, LossRule::NotInCrdSchema),
            (Keyword::WriteOnly, LossRule::NotInCrdSchema),
            (Keyword::Deprecated, LossRule::NotInCrdSchema),
            (Keyword::GroupVersionKind, LossRule::NotInCrdSchema),
            (Keyword::PatchStrategy, LossRule::NotInCrdSchema),
            (Keyword::PatchMergeKey, LossRule::NotInCrdSchema),
            (Keyword::Unions, LossRule::NotInCrdSchema),
            // An open enum's values stay in the description, which the renderer writes for every dialect.
            (Keyword::KnownValues, LossRule::NotInCrdSchema),
        ],
        ..Self::OPENAPI_V3
    };

    /// JSON Schema draft 2020-12 `$defs`.
    pub const JSON_SCHEMA: Dialect = Dialect {
        ref_prefix: "#/$defs/",
        ref_siblings: RefSiblings::Beside,
        nullable: Nullable::NullType,
        exclusive_bounds: ExclusiveBounds::Value,
        examples_array: true,
        unsupported: &[],
        scalar_choice_as_string: false,
        single_enum_as_const: false,
    };

    /// OpenAPI 3.1 component schemas: the JSON Schema 2020-12 forms (`type: [T, "null"]`, siblings beside `$ref`,
    /// numeric exclusive bounds, `examples`, `const`), referring to `#/components/schemas/`.
    pub const OPENAPI_V31: Dialect =
        Dialect { ref_prefix: "#/components/schemas/", single_enum_as_const: true, ..Self::JSON_SCHEMA };

    /// The rewrites this dialect makes to a schema object once all its keywords are written.
    pub(crate) fn finish(&self, out: &mut Map<String, Value>) {
        if self.single_enum_as_const
            && let Some(Value::Array(values)) = out.get_mut("enum")
            && let [value] = values.as_mut_slice()
        {
            let value = value.take();
            out.remove("enum");
            out.insert("const".to_owned(), value);
        }
    }
}
