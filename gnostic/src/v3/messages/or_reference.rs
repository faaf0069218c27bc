//! The `...OrReference` message shapes, which upstream declares the same way for every reusable component kind.

/// Declares `$or` (a `$item` or a `Reference`), `$named` (a name and an `$or`) and `$map` (a list of `$named`):
/// upstream declares these three shapes identically for every reusable component kind. `$oneof` is the path of
/// the oneof enum inside `$module`, spelled out because prost's derive reads it as a plain string. The item is boxed
/// (it is far larger than a reference), which does not change the wire format. The expansion names `Reference` and
/// `$item` through `super::`, so the invoking file has both in scope.
macro_rules! or_reference_messages {
    ($item:ident, $or:ident, $module:ident, $oneof:tt, $named:ident, $map:ident) => {
        #[doc = concat!("`openapi.v3.", stringify!($or), "`: a `", stringify!($item), "`, or a `$ref` to one.")]
        #[derive(Clone, PartialEq, prost::Message)]
        pub struct $or {
            #[prost(oneof = $oneof, tags = "1, 2")]
            pub oneof: Option<$module::Oneof>,
        }

        #[doc = concat!("The choice inside [`", stringify!($or), "`].")]
        pub mod $module {
            #[doc = concat!("`openapi.v3.", stringify!($or), ".oneof`.")]
            #[derive(Clone, PartialEq, prost::Oneof)]
            pub enum Oneof {
                #[prost(message, tag = "1")]
                $item(Box<super::$item>),
                #[prost(message, tag = "2")]
                Reference(super::Reference),
            }
        }

        #[doc = concat!("`openapi.v3.", stringify!($named), "`.")]
        #[derive(Clone, PartialEq, prost::Message)]
        pub struct $named {
            #[prost(string, tag = "1")]
            pub name: String,
            #[prost(message, optional, tag = "2")]
            pub value: Option<$or>,
        }

        #[doc = concat!("`openapi.v3.", stringify!($map), "`: `", stringify!($or), "` values by name.")]
        #[derive(Clone, PartialEq, prost::Message)]
        pub struct $map {
            #[prost(message, repeated, tag = "1")]
            pub additional_properties: Vec<$named>,
        }
    };
}
pub(super) use or_reference_messages;
