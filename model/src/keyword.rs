//! The schema keyword vocabulary, declared once.
//!
//! The declaration at the end of this file names every keyword a [`SchemaObject`] holds: the field that holds it,
//! its spelling in documents, and, for keywords derived code sets, the form of its value and the attribute that
//! writes it. From that one list come [`Keyword`] (what emitters, dialects and the loss report name), [`Setting`]
//! (one keyword's typed value, what derived code builds) with [`SchemaObject::set`] and [`SchemaObject::apply`],
//! and [`attributes`] (the table the derive reads `#[kapi(...)]` keys from, with `on <Placement>` saying which shape
//! of field or type a keyword applies to). The declaration also lists every field of [`SchemaObject`],
//! [`Bounds`] and [`KubernetesExtensions`] without `..`, so a field added to the schema form without a keyword
//! here does not compile, and neither does a keyword here without its field.

use std::fmt;

use indexmap::IndexMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Number, Value};

use crate::choice::Choices;
use crate::extensions::{KubernetesExtensions, ListType, MapType, Union, ValidationRule};
use crate::schema::{Bounds, InstanceType, SchemaNode, SchemaObject};
use crate::shape::Placement;

/// How a derive attribute writes a keyword's value, and so what the keyword's [`Setting`] carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueForm {
    /// `key = "text"`: a `String`.
    Text,
    /// `key = -1.5`: a JSON number.
    Number,
    /// `key = 12`: a non-negative count.
    Count,
    /// `key`, with no value: `true`.
    Flag,
    /// `key = <literal>`, or `key_json = "<JSON text>"` for other values: any JSON value.
    Json,
    /// `key = ["a", "b"]`: strings.
    Strings,
    /// `key = ["a", "b"]`: strings, kept as JSON values (`enum`).
    StringValues,
    /// `key = "name"`, one of a fixed set.
    Choice(Choices),
    /// `key(rule = "...", message = "...", ...)`: one CEL rule; the key may repeat.
    Rule,
    /// Built by the derive from `union(...)` and `union_member`, not written as a key of its own.
    Unions,
    /// `key_json = "[<schema>, ...]"`: subschemas (`oneOf`, `anyOf`, `allOf`), in the model's JSON form.
    Schemas,
    /// `key_json = "<schema>"`: one subschema (`not`), in the model's JSON form.
    Schema,
}

/// A keyword derived code sets, and the `#[kapi(...)]` key that writes it, if one does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attribute {
    /// The key as written in `#[kapi(...)]`; `None` for keywords the derive sets from other attributes.
    pub name: Option<&'static str>,
    pub keyword: Keyword,
    pub form: ValueForm,
    /// Where the attribute may stand: on what shape of field or type (see [`crate::shape`]).
    pub placement: Placement,
}

/// Every keyword a [`Setting`] can carry, in declaration order.
pub fn attributes() -> impl Iterator<Item = Attribute> {
    SETTABLE.iter().copied()
}

/// The keyword written by the `#[kapi(...)]` key `name`.
pub fn attribute(name: &str) -> Option<Attribute> {
    attributes().find(|attribute| attribute.name == Some(name))
}

/// Whether a keyword's field holds a value.
trait Presence {
    fn present(&self) -> bool;
}

impl<T> Presence for Option<T> {
    fn present(&self) -> bool {
        self.is_some()
    }
}

impl Presence for bool {
    fn present(&self) -> bool {
        *self
    }
}

impl<T> Presence for Vec<T> {
    fn present(&self) -> bool {
        !self.is_empty()
    }
}

impl<K, V> Presence for IndexMap<K, V> {
    fn present(&self) -> bool {
        !self.is_empty()
    }
}

/// The Rust type a [`Setting`] of each form carries.
macro_rules! payload {
    (Text) => { String };
    (Number) => { Number };
    (Count) => { u64 };
    (Flag) => { bool };
    (Json) => { Value };
    (Strings) => { Vec<String> };
    (StringValues) => { Vec<Value> };
    (Choice($choice:ty)) => { $choice };
    (Rule) => { ValidationRule };
    (Unions) => { Vec<Union> };
    (Schemas) => { Vec<SchemaNode> };
    (Schema) => { Box<SchemaNode> };
}

/// How a setting of each form lands in its field: optional values are set, flags and lists replaced, rules added.
macro_rules! store {
    (Flag, $place:expr, $value:ident) => {
        $place = $value
    };
    (Strings, $place:expr, $value:ident) => {
        $place = $value
    };
    (StringValues, $place:expr, $value:ident) => {
        $place = $value
    };
    (Unions, $place:expr, $value:ident) => {
        $place = $value
    };
    (Schemas, $place:expr, $value:ident) => {
        $place = $value
    };
    (Rule, $place:expr, $value:ident) => {
        $place.push($value)
    };
    ($optional:ident, $place:expr, $value:ident) => {
        $place = Some($value)
    };
}

macro_rules! form {
    (Choice($choice:ty)) => {
        ValueForm::Choice(<$choice>::CHOICES)
    };
    ($form:ident) => {
        ValueForm::$form
    };
}

macro_rules! placement {
    () => {
        Placement::Any
    };
    ($placement:ident) => {
        Placement::$placement
    };
}

macro_rules! optional_name {
    () => {
        None
    };
    ($name:literal) => {
        Some($name)
    };
}

/// Generates the vocabulary from the declaration of each struct's keywords (see the module documentation).
macro_rules! vocabulary {
    (
        SchemaObject {
            settable { $($f0:ident: $v0:ident = $t0:literal, $form0:ident $(($c0:ty))? $(, by $a0:literal)? $(, on $p0:ident)?;)* }
            structural { $($g0:ident: $w0:ident = $u0:literal;)* }
            nested { $($nested:ident),* }
            internal { $($internal:ident),* }
        }
        Bounds {
            settable { $($f1:ident: $v1:ident = $t1:literal, $form1:ident $(($c1:ty))? $(, by $a1:literal)? $(, on $p1:ident)?;)* }
        }
        KubernetesExtensions {
            settable { $($f2:ident: $v2:ident = $t2:literal, $form2:ident $(($c2:ty))? $(, by $a2:literal)? $(, on $p2:ident)?;)* }
            structural { $($g2:ident: $w2:ident = $u2:literal;)* }
        }
    ) => {
        /// A schema keyword, named as documents write it (OpenAPI spelling).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Keyword {
            $(#[doc = concat!("`", $t0, "`")] $v0,)*
            $(#[doc = concat!("`", $u0, "`")] $w0,)*
            $(#[doc = concat!("`", $t1, "`")] $v1,)*
            $(#[doc = concat!("`", $t2, "`")] $v2,)*
            $(#[doc = concat!("`", $u2, "`")] $w2,)*
        }

        impl Keyword {
            /// Every keyword, in declaration order.
            pub const ALL: &'static [Keyword] =
                &[$(Self::$v0,)* $(Self::$w0,)* $(Self::$v1,)* $(Self::$v2,)* $(Self::$w2,)*];

            /// The keyword as written in documents.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$v0 => $t0,)* $(Self::$w0 => $u0,)* $(Self::$v1 => $t1,)* $(Self::$v2 => $t2,)*
                    $(Self::$w2 => $u2,)*
                }
            }

            /// The keyword written as `name`, if it is one.
            pub fn from_name(name: &str) -> Option<Self> {
                match name {
                    $($t0 => Some(Self::$v0),)* $($u0 => Some(Self::$w0),)* $($t1 => Some(Self::$v1),)*
                    $($t2 => Some(Self::$v2),)* $($u2 => Some(Self::$w2),)*
                    _ => None,
                }
            }

            /// The Rust name of the variant, which is also the name of its [`Setting`] (for the derive).
            pub fn variant_name(self) -> &'static str {
                match self {
                    $(Self::$v0 => stringify!($v0),)* $(Self::$w0 => stringify!($w0),)*
                    $(Self::$v1 => stringify!($v1),)* $(Self::$v2 => stringify!($v2),)*
                    $(Self::$w2 => stringify!($w2),)*
                }
            }

            /// True when `object` holds a value for this keyword.
            pub fn is_set(self, object: &SchemaObject) -> bool {
                match self {
                    $(Self::$v0 => object.$f0.present(),)* $(Self::$w0 => object.$g0.present(),)*
                    $(Self::$v1 => object.bounds.$f1.present(),)* $(Self::$v2 => object.kubernetes.$f2.present(),)*
                    $(Self::$w2 => object.kubernetes.$g2.present(),)*
                }
            }
        }

        /// One keyword's value, typed, as derived code sets it on a [`SchemaObject`].
        #[derive(Debug, Clone, PartialEq)]
        pub enum Setting {
            $(#[doc = concat!("`", $t0, "`")] $v0(payload!($form0 $(($c0))?)),)*
            $(#[doc = concat!("`", $t1, "`")] $v1(payload!($form1 $(($c1))?)),)*
            $(#[doc = concat!("`", $t2, "`")] $v2(payload!($form2 $(($c2))?)),)*
        }

        impl Setting {
            /// The keyword this setting sets.
            pub fn keyword(&self) -> Keyword {
                match self {
                    $(Self::$v0(_) => Keyword::$v0,)* $(Self::$v1(_) => Keyword::$v1,)* $(Self::$v2(_) => Keyword::$v2,)*
                }
            }
        }

        impl SchemaObject {
            /// Sets one keyword: an optional value is replaced, a flag or list takes the new value, a rule is added.
            pub fn set(&mut self, setting: Setting) {
                match setting {
                    $(Setting::$v0(value) => store!($form0, self.$f0, value),)*
                    $(Setting::$v1(value) => store!($form1, self.bounds.$f1, value),)*
                    $(Setting::$v2(value) => store!($form2, self.kubernetes.$f2, value),)*
                }
            }
        }

        impl SchemaObject {
            /// Sets every keyword `overlay` sets: a value or list it holds replaces this one's, a flag it raises is
            /// raised. Derived types apply their attributes' keywords over the schema of their type this way.
            pub fn apply(&mut self, overlay: SchemaObject) {
                $(if overlay.$f0.present() { self.$f0 = overlay.$f0; })*
                $(if overlay.$g0.present() { self.$g0 = overlay.$g0; })*
                $(if overlay.$internal.present() { self.$internal = overlay.$internal; })*
                $(if overlay.bounds.$f1.present() { self.bounds.$f1 = overlay.bounds.$f1; })*
                $(if overlay.kubernetes.$f2.present() { self.kubernetes.$f2 = overlay.kubernetes.$f2; })*
                $(if overlay.kubernetes.$g2.present() { self.kubernetes.$g2 = overlay.kubernetes.$g2; })*
            }
        }

        const SETTABLE: &[Attribute] = &[
            $(Attribute {
                name: optional_name!($($a0)?),
                keyword: Keyword::$v0,
                form: form!($form0 $(($c0))?),
                placement: placement!($($p0)?),
            },)*
            $(Attribute {
                name: optional_name!($($a1)?),
                keyword: Keyword::$v1,
                form: form!($form1 $(($c1))?),
                placement: placement!($($p1)?),
            },)*
            $(Attribute {
                name: optional_name!($($a2)?),
                keyword: Keyword::$v2,
                form: form!($form2 $(($c2))?),
                placement: placement!($($p2)?),
            },)*
        ];

        /// Compiles only while the declaration names every field of the three structs.
        #[allow(dead_code)]
        fn every_field_is_declared(object: &SchemaObject) {
            let SchemaObject { $($f0: _,)* $($g0: _,)* $($nested: _,)* $($internal: _,)* } = object;
            let Bounds { $($f1: _,)* } = &object.bounds;
            let KubernetesExtensions { $($f2: _,)* $($g2: _,)* } = &object.kubernetes;
        }
    };
}

vocabulary! {
    SchemaObject {
        settable {
            instance_type: Type = "type", Choice(InstanceType), by "type";
            format: Format = "format", Text, by "format";
            title: Title = "title", Text, by "title";
            description: Description = "description", Text, by "description";
            default: Default = "default", Json, by "default";
            nullable: Nullable = "nullable", Flag, by "nullable", on Nullable;
            enum_values: Enum = "enum", StringValues, by "enum_values";
            // Open enums: `x-extensible-enum` is the extension Zalando's RESTful API guidelines define for them.
            known_values: KnownValues = "x-extensible-enum", StringValues, by "known_values";
            example: Example = "example", Json, by "example";
            deprecated: Deprecated = "deprecated", Flag, by "deprecated";
            read_only: ReadOnly = "readOnly", Flag, by "read_only";
            write_only: WriteOnly = "writeOnly", Flag, by "write_only";
            // Subschemas that only validate (the type is the Rust type's): written as JSON, `one_of_json = "..."`.
            one_of: OneOf = "oneOf", Schemas, by "one_of";
            any_of: AnyOf = "anyOf", Schemas, by "any_of";
            all_of: AllOf = "allOf", Schemas, by "all_of";
            not: Not = "not", Schema, by "not";
        }
        structural {
            properties: Properties = "properties";
            required: Required = "required";
            additional_properties: AdditionalProperties = "additionalProperties";
            items: Items = "items";
        }
        // The bounds and the Kubernetes extensions are declared below, field by field.
        nested { bounds, kubernetes }
        // Not a keyword: the value Kubernetes' profile writes as `default` (see `SchemaObject::zero_value`).
        internal { zero_value }
    }
    Bounds {
        settable {
            minimum: Minimum = "minimum", Number, by "minimum";
            maximum: Maximum = "maximum", Number, by "maximum";
            exclusive_minimum: ExclusiveMinimum = "exclusiveMinimum", Flag, by "exclusive_minimum";
            exclusive_maximum: ExclusiveMaximum = "exclusiveMaximum", Flag, by "exclusive_maximum";
            multiple_of: MultipleOf = "multipleOf", Number, by "multiple_of";
            min_length: MinLength = "minLength", Count, by "min_length";
            max_length: MaxLength = "maxLength", Count, by "max_length";
            pattern: Pattern = "pattern", Text, by "pattern";
            min_items: MinItems = "minItems", Count, by "min_items", on List;
            max_items: MaxItems = "maxItems", Count, by "max_items", on List;
            unique_items: UniqueItems = "uniqueItems", Flag, by "unique_items", on List;
            min_properties: MinProperties = "minProperties", Count, by "min_properties", on Object;
            max_properties: MaxProperties = "maxProperties", Count, by "max_properties", on Object;
        }
    }
    KubernetesExtensions {
        settable {
            list_type: ListType = "x-kubernetes-list-type", Choice(ListType), by "list_type", on List;
            list_map_keys: ListMapKeys = "x-kubernetes-list-map-keys", Strings, by "list_map_keys", on List;
            map_type: MapType = "x-kubernetes-map-type", Choice(MapType), by "map_type", on Object;
            int_or_string: IntOrString = "x-kubernetes-int-or-string", Flag, by "int_or_string", on IntOrString;
            preserve_unknown_fields: PreserveUnknownFields = "x-kubernetes-preserve-unknown-fields", Flag,
                by "preserve_unknown_fields";
            embedded_resource: EmbeddedResource = "x-kubernetes-embedded-resource", Flag, by "embedded_resource";
            validations: Validations = "x-kubernetes-validations", Rule, by "validation";
            patch_strategy: PatchStrategy = "x-kubernetes-patch-strategy", Text, by "patch_strategy";
            patch_merge_key: PatchMergeKey = "x-kubernetes-patch-merge-key", Text, by "patch_merge_key", on List;
            unions: Unions = "x-kubernetes-unions", Unions;
        }
        structural {
            group_version_kind: GroupVersionKind = "x-kubernetes-group-version-kind";
        }
    }
}

impl fmt::Display for Keyword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Keyword {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Keyword {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        Keyword::from_name(&name).ok_or_else(|| serde::de::Error::custom(format!("unknown keyword `{name}`")))
    }
}

#[cfg(test)]
#[path = "keyword_tests.rs"]
mod tests;
