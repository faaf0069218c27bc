//! The rules a CRD schema must keep to be structural, each with a stable name and a one-sentence description.

use std::fmt;

/// One rule of Kubernetes' structural-schema check, plus the few places where kapi is stricter because the API
/// server would silently mis-handle what it accepts ([`StructuralRule::accepted_by_server`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StructuralRule {
    /// A keyword outside the CRD schema vocabulary.
    UnknownKeyword,
    /// `$ref`, `definitions`, `dependencies`, `additionalItems`, `patternProperties`, `id` or `$schema`.
    UnsupportedKeyword,
    /// A keyword whose value has the wrong JSON type.
    MalformedKeyword,
    /// `items` given as an array of schemas.
    ItemsNotASchema,
    /// A `type` that is not one of the six OpenAPI types.
    InvalidType,
    /// `uniqueItems: true`.
    UniqueItems,
    /// A `pattern` that is not a valid regular expression.
    InvalidPattern,
    /// `x-kubernetes-preserve-unknown-fields: false`.
    PreserveUnknownFieldsFalse,
    /// A property, items or additionalProperties schema without a `type`.
    MissingType,
    /// `type: array` without `items`.
    ArrayWithoutItems,
    /// A root schema whose type is not `object`.
    RootType,
    /// `nullable: true` at the root.
    RootNullable,
    /// A keyword inside `allOf`/`anyOf`/`oneOf`/`not` that only the structural part may carry.
    JunctorForbiddenKeyword,
    /// `metadata` constrained inside `allOf`/`anyOf`/`oneOf`/`not`.
    JunctorMetadata,
    /// A property or items inside a junctor of the root schema with no counterpart in the structural part.
    JunctorUndeclaredField,
    /// A property or items inside a junctor below the root with no counterpart in the structural part: pruning
    /// drops the field before the junctor sees it.
    JunctorPrunedField,
    /// `properties` together with an `additionalProperties` schema or `false`.
    PropertiesWithAdditionalProperties,
    /// `additionalProperties: false`.
    AdditionalPropertiesFalse,
    /// `additionalProperties` at the root.
    RootAdditionalProperties,
    /// `x-kubernetes-int-or-string: true` together with a `type`.
    IntOrStringWithType,
    /// `x-kubernetes-int-or-string` with preserve-unknown-fields or embedded-resource.
    IntOrStringConflict,
    /// An embedded resource that is not an object with properties or preserved unknown fields.
    EmbeddedResourceShape,
    /// `x-kubernetes-embedded-resource` inside a resource's apiVersion, kind or metadata.
    EmbeddedResourceInMetadata,
    /// Root `metadata` that says more than `type: object` and restrictions of `name` and `generateName`.
    RootMetadata,
    /// Root `metadata.name` or `metadata.generateName` typed other than string.
    MetadataNameType,
    /// `apiVersion` or `kind` not of type string, or `metadata` not of type object, in a resource.
    MetaFieldType,
    /// `x-kubernetes-list-type` on a node that is not an array.
    ListTypeOnNonArray,
    /// An `x-kubernetes-list-type` other than `atomic`, `set` or `map`.
    UnknownListType,
    /// `x-kubernetes-list-map-keys` without `x-kubernetes-list-type: map`.
    ListMapKeysWithoutMapList,
    /// A map list's keys missing, repeated or not naming item properties.
    MapListKeys,
    /// A map list whose items are not non-nullable objects.
    MapListItems,
    /// A map list key property that is not a required (or defaulted), non-nullable scalar.
    MapListKey,
    /// A set list whose items are nullable or not atomic.
    SetListItems,
    /// `x-kubernetes-map-type` on a node that is not an object.
    MapTypeOnNonObject,
    /// An `x-kubernetes-map-type` other than `atomic` or `granular`.
    UnknownMapType,
    /// An `x-kubernetes-validations` entry with an empty rule, a bad message, reason or field path.
    ValidationRule,
    /// A rule reading `oldSelf` where old and new values cannot be matched, or `optionalOldSelf` without `oldSelf`.
    TransitionRule,
    /// With the status subresource, a root keyword that would be lost when status is validated on its own.
    StatusSubresourceRoot,
    /// A `default` where Kubernetes forbids one.
    DefaultForbidden,
    /// A `default` its own schema rejects.
    DefaultInvalid,
    /// `default: null` on a field that is not nullable.
    NullDefault,
    /// A `default` with fields that pruning would drop.
    DefaultNotPruned,
    /// A `default` that yields an embedded resource with invalid apiVersion, kind or metadata.
    DefaultMetadata,
}

impl StructuralRule {
    /// Every rule, in the order violations of one node are sorted.
    pub const ALL: &'static [StructuralRule] = &[
        Self::UnknownKeyword,
        Self::UnsupportedKeyword,
        Self::MalformedKeyword,
        Self::ItemsNotASchema,
        Self::InvalidType,
        Self::UniqueItems,
        Self::InvalidPattern,
        Self::PreserveUnknownFieldsFalse,
        Self::MissingType,
        Self::ArrayWithoutItems,
        Self::RootType,
        Self::RootNullable,
        Self::JunctorForbiddenKeyword,
        Self::JunctorMetadata,
        Self::JunctorUndeclaredField,
        Self::JunctorPrunedField,
        Self::PropertiesWithAdditionalProperties,
        Self::AdditionalPropertiesFalse,
        Self::RootAdditionalProperties,
        Self::IntOrStringWithType,
        Self::IntOrStringConflict,
        Self::EmbeddedResourceShape,
        Self::EmbeddedResourceInMetadata,
        Self::RootMetadata,
        Self::MetadataNameType,
        Self::MetaFieldType,
        Self::ListTypeOnNonArray,
        Self::UnknownListType,
        Self::ListMapKeysWithoutMapList,
        Self::MapListKeys,
        Self::MapListItems,
        Self::MapListKey,
        Self::SetListItems,
        Self::MapTypeOnNonObject,
        Self::UnknownMapType,
        Self::ValidationRule,
        Self::TransitionRule,
        Self::StatusSubresourceRoot,
        Self::DefaultForbidden,
        Self::DefaultInvalid,
        Self::NullDefault,
        Self::DefaultNotPruned,
        Self::DefaultMetadata,
    ];

    /// Whether the API server accepts a schema breaking the rule, where kapi refuses it because the server would
    /// mis-handle it (a real kube-apiserver holds both lists to this: tests/tests/kube_structural/):
    /// - a null default on a field that is not nullable: the server reads it as no default at all;
    /// - a type beside `x-kubernetes-int-or-string`: the server keeps it, so one of the two kinds of value the
    ///   field promises is refused;
    /// - a field constrained inside a junctor below the root but not declared: pruning drops the field before the
    ///   junctor is evaluated, so the constraint never applies (the server checks this at the root only);
    /// - `metadata.name` typed other than string: every object's name is a string, so every object is refused;
    /// - `additionalProperties: false` (without `properties`): an object that can never hold a field.
    pub fn accepted_by_server(self) -> bool {
        matches!(
            self,
            Self::NullDefault
                | Self::IntOrStringWithType
                | Self::JunctorPrunedField
                | Self::MetadataNameType
                | Self::AdditionalPropertiesFalse
        )
    }

    /// The rule's stable kebab-case name (for reports, suppression lists and docs).
    pub fn name(self) -> &'static str {
        self.facts().0
    }

    /// One sentence saying what the rule requires (for docs).
    pub fn describe(self) -> &'static str {
        self.facts().1
    }

    fn facts(self) -> (&'static str, &'static str) {
        match self {
            Self::UnknownKeyword => (
                "unknown-keyword",
                "Every key of a schema node must belong to the CRD schema vocabulary; the API server drops or refuses others.",
            ),
            Self::UnsupportedKeyword => (
                "unsupported-keyword",
                "CRD schemas may not use $ref, definitions, dependencies, additionalItems, patternProperties, id or $schema.",
            ),
            Self::MalformedKeyword => {
                ("malformed-keyword", "Every keyword's value must have the JSON type the CRD schema format gives it.")
            }
            Self::ItemsNotASchema => ("items-not-a-schema", "items must be a single schema, not an array of schemas."),
            Self::InvalidType => (
                "invalid-type",
                "type must be one of string, number, integer, boolean, array or object; null is spelled nullable: true.",
            ),
            Self::UniqueItems => (
                "unique-items",
                "uniqueItems: true is forbidden because checking it costs quadratic time; use x-kubernetes-list-type: set.",
            ),
            Self::InvalidPattern => ("invalid-pattern", "A pattern must be a valid regular expression."),
            Self::PreserveUnknownFieldsFalse => {
                ("preserve-unknown-fields-false", "x-kubernetes-preserve-unknown-fields must be true or absent.")
            }
            Self::MissingType => (
                "missing-type",
                "Every property, items and additionalProperties schema needs a type unless it is int-or-string or preserves unknown fields.",
            ),
            Self::ArrayWithoutItems => ("array-without-items", "A schema of type array must say what its items are."),
            Self::RootType => ("root-type", "The root schema of a custom resource must have type object."),
            Self::RootNullable => ("root-nullable", "The root schema may not be nullable."),
            Self::JunctorForbiddenKeyword => (
                "junctor-forbidden-keyword",
                "Inside allOf, anyOf, oneOf and not, only value validations are allowed: no type, default, additionalProperties, nullable, description, title or x-kubernetes extensions.",
            ),
            Self::JunctorMetadata => ("junctor-metadata", "allOf, anyOf, oneOf and not may not constrain metadata."),
            Self::JunctorUndeclaredField => (
                "junctor-undeclared-field",
                "Every property or items used inside allOf, anyOf, oneOf or not must also be declared in the structural part at the same place.",
            ),
            Self::JunctorPrunedField => (
                "junctor-pruned-field",
                "A property or items constrained inside allOf, anyOf, oneOf or not below the root must be declared in the structural part too, or pruning drops it first (kapi is stricter than the API server here).",
            ),
            Self::PropertiesWithAdditionalProperties => (
                "properties-with-additional-properties",
                "A node may not have both properties and an additionalProperties schema (or false).",
            ),
            Self::AdditionalPropertiesFalse => (
                "additional-properties-false",
                "additionalProperties: false is not allowed: Kubernetes prunes unknown fields instead of rejecting them (kapi is stricter than the API server here).",
            ),
            Self::RootAdditionalProperties => {
                ("root-additional-properties", "additionalProperties may not be used at the root.")
            }
            Self::IntOrStringWithType => (
                "int-or-string-with-type",
                "x-kubernetes-int-or-string: true stands in for the type, so no type may be given beside it (kapi is stricter than the API server here).",
            ),
            Self::IntOrStringConflict => (
                "int-or-string-conflict",
                "x-kubernetes-int-or-string may not be combined with x-kubernetes-preserve-unknown-fields or x-kubernetes-embedded-resource.",
            ),
            Self::EmbeddedResourceShape => (
                "embedded-resource-shape",
                "An embedded resource must be of type object, without additionalProperties, and declare properties or preserve unknown fields.",
            ),
            Self::EmbeddedResourceInMetadata => (
                "embedded-resource-in-metadata",
                "x-kubernetes-embedded-resource may not be used inside a resource's apiVersion, kind or metadata.",
            ),
            Self::RootMetadata => (
                "root-metadata",
                "Root metadata may only say type: object and restrict the string fields name and generateName.",
            ),
            Self::MetadataNameType => (
                "metadata-name-type",
                "Root metadata.name and metadata.generateName are strings, so their schemas must say type: string (kapi is stricter than the API server here).",
            ),
            Self::MetaFieldType => (
                "meta-field-type",
                "In a resource, apiVersion and kind must be of type string and metadata of type object.",
            ),
            Self::ListTypeOnNonArray => {
                ("list-type-on-non-array", "x-kubernetes-list-type may only be used on arrays.")
            }
            Self::UnknownListType => ("unknown-list-type", "x-kubernetes-list-type must be atomic, set or map."),
            Self::ListMapKeysWithoutMapList => {
                ("list-map-keys-without-map-list", "x-kubernetes-list-map-keys needs x-kubernetes-list-type: map.")
            }
            Self::MapListKeys => (
                "map-list-keys",
                "A map list needs non-empty, unique x-kubernetes-list-map-keys that name properties of its items.",
            ),
            Self::MapListItems => ("map-list-items", "A map list's items must be non-nullable objects."),
            Self::MapListKey => (
                "map-list-key",
                "Each map list key must be a scalar, non-nullable property of the items that is required or has a default.",
            ),
            Self::SetListItems => {
                ("set-list-items", "A set list's items must be non-nullable scalars or atomic lists and maps.")
            }
            Self::MapTypeOnNonObject => {
                ("map-type-on-non-object", "x-kubernetes-map-type may only be used on objects.")
            }
            Self::UnknownMapType => ("unknown-map-type", "x-kubernetes-map-type must be atomic or granular."),
            Self::ValidationRule => (
                "validation-rule",
                "Each x-kubernetes-validations entry needs a non-empty rule, single-line non-empty message, a known reason and a field path that exists.",
            ),
            Self::TransitionRule => (
                "transition-rule",
                "A rule reading oldSelf must sit where old and new values can be matched (not below the items of a list other than a map list), and optionalOldSelf needs oldSelf.",
            ),
            Self::StatusSubresourceRoot => (
                "status-subresource-root",
                "With the status subresource, the root may only hold type, properties, required, validation rules, preserve-unknown-fields and plain value validations and documentation.",
            ),
            Self::DefaultForbidden => (
                "default-forbidden",
                "Defaults are forbidden in the top-level apiVersion, kind and metadata and in additionalProperties applying to object metadata.",
            ),
            Self::DefaultInvalid => ("default-invalid", "A default must be valid against the schema it sits in."),
            Self::NullDefault => (
                "null-default",
                "A null default needs nullable: true; without it the API server reads it as no default (kapi is stricter than the API server here).",
            ),
            Self::DefaultNotPruned => (
                "default-not-pruned",
                "A default must be unchanged by pruning, so it may only hold fields its schema declares or preserves.",
            ),
            Self::DefaultMetadata => (
                "default-metadata",
                "A default that yields an embedded resource, or sits in its apiVersion, kind or metadata, must give that resource valid type and object metadata.",
            ),
        }
    }
}

impl fmt::Display for StructuralRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
