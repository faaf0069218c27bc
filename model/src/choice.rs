//! Keyword values chosen from a fixed set of names (`type`, `x-kubernetes-list-type`, `x-kubernetes-map-type`),
//! declared once: the enum, its document spelling, its serde form and the table the derive reads.

/// The names one choice keyword accepts, for the derive: each `(name as written, Rust variant)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choices {
    /// The enum's name in `kapi_model`.
    pub type_name: &'static str,
    /// `(name in documents and attributes, variant identifier)`, in declaration order.
    pub options: &'static [(&'static str, &'static str)],
}

impl Choices {
    /// The variant identifier of the option written `name`.
    pub fn variant(&self, name: &str) -> Option<&'static str> {
        self.options.iter().find(|(option, _)| *option == name).map(|(_, variant)| *variant)
    }

    /// The names, in declaration order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> {
        self.options.iter().map(|(name, _)| *name)
    }
}

/// Declares a choice enum: its variants with their names, `as_str`, `from_name`, `CHOICES` and serde as the names.
macro_rules! choice_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$variant_doc:meta])* $variant:ident => $text:literal,)* }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $name {
            $($(#[$variant_doc])* #[doc = concat!("`\"", $text, "\"`")] $variant,)*
        }

        impl $name {
            /// Every option, for the derive.
            pub const CHOICES: $crate::choice::Choices = $crate::choice::Choices {
                type_name: stringify!($name),
                options: &[$(($text, stringify!($variant)),)*],
            };

            /// The name as written in documents.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $text,)*
                }
            }

            /// The option written `name`, if it is one.
            pub fn from_name(name: &str) -> Option<Self> {
                match name {
                    $($text => Some(Self::$variant),)*
                    _ => None,
                }
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let name = String::deserialize(deserializer)?;
                Self::from_name(&name).ok_or_else(|| {
                    let options: Vec<&str> = Self::CHOICES.names().collect();
                    serde::de::Error::custom(format!("unknown {} `{name}`; expected one of {options:?}", stringify!($name)))
                })
            }
        }
    };
}

pub(crate) use choice_enum;
