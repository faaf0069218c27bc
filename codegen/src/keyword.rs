//! The schema keyword vocabulary, declared once: every dialect and the loss report name keywords through it.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

macro_rules! keywords {
    ($($(#[$doc:meta])* $variant:ident => $name:literal,)*) => {
        /// A schema keyword as written in documents (OpenAPI spelling).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Keyword {
            $($(#[$doc])* #[doc = concat!("`", $name, "`")] $variant,)*
        }

        impl Keyword {
            /// Every keyword, in declaration order.
            pub const ALL: &'static [Keyword] = &[$(Keyword::$variant,)*];

            /// The keyword as written in a document.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Keyword::$variant => $name,)*
                }
            }

            /// The keyword written as `name`, if it is one.
            pub fn from_name(name: &str) -> Option<Self> {
                match name {
                    $($name => Some(Keyword::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

keywords! {
    Type => "type",
    Format => "format",
    Title => "title",
    Description => "description",
    Default => "default",
    Nullable => "nullable",
    Enum => "enum",
    OneOf => "oneOf",
    AnyOf => "anyOf",
    AllOf => "allOf",
    Not => "not",
    Properties => "properties",
    Required => "required",
    AdditionalProperties => "additionalProperties",
    Items => "items",
    Minimum => "minimum",
    Maximum => "maximum",
    ExclusiveMinimum => "exclusiveMinimum",
    ExclusiveMaximum => "exclusiveMaximum",
    MultipleOf => "multipleOf",
    MinLength => "minLength",
    MaxLength => "maxLength",
    Pattern => "pattern",
    MinItems => "minItems",
    MaxItems => "maxItems",
    UniqueItems => "uniqueItems",
    MinProperties => "minProperties",
    MaxProperties => "maxProperties",
    Example => "example",
    Deprecated => "deprecated",
    ReadOnly => "readOnly",
    WriteOnly => "writeOnly",
    ListType => "x-kubernetes-list-type",
    ListMapKeys => "x-kubernetes-list-map-keys",
    MapType => "x-kubernetes-map-type",
    IntOrString => "x-kubernetes-int-or-string",
    PreserveUnknownFields => "x-kubernetes-preserve-unknown-fields",
    EmbeddedResource => "x-kubernetes-embedded-resource",
    Validations => "x-kubernetes-validations",
    GroupVersionKind => "x-kubernetes-group-version-kind",
    PatchStrategy => "x-kubernetes-patch-strategy",
    PatchMergeKey => "x-kubernetes-patch-merge-key",
    Unions => "x-kubernetes-unions",
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
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for keyword in Keyword::ALL {
            assert_eq!(Keyword::from_name(keyword.as_str()), Some(*keyword));
        }
        assert_eq!(Keyword::from_name("$ref"), None);
    }
}
