//! The checks `#[derive(Schema)]` emits so that an attribute stands only where its keyword can apply. Each is a
//! trait naming the attribute (as a type of [`attribute`]) and the field's type, whose error reads
//! "`list_type` needs a list field; `BTreeMap<String, String>` is not a list". Not a stable API: use the derive.
//! (Not `#[doc(hidden)]` either: the compiler writes the paths of hidden items in full in its errors.)

use crate::derive_support::JsonFields;
pub use crate::derive_support::has_field;
use crate::shape::{IntOrStringShape, ListShape, NullableShape, ObjectShape};

/// One type per attribute with a placement rule, named as the attribute is written: an error message can print
/// a type's name, and this is how the checks' messages print the attribute's.
#[allow(non_camel_case_types)]
pub mod attribute {
    macro_rules! attributes {
        ($($name:ident),* $(,)?) => {
            $(
                #[doc = concat!("`", stringify!($name), "`")]
                #[derive(Debug)]
                pub struct $name;
            )*

            /// The name of every type above.
            pub const NAMES: &[&str] = &[$(stringify!($name)),*];
        };
    }

    attributes!(
        list_type,
        list_map_keys,
        min_items,
        max_items,
        unique_items,
        patch_merge_key,
        map_type,
        min_properties,
        max_properties,
        int_or_string,
        nullable,
    );
}

// Each trait below is implemented by every type of one shape, and names in its error the attribute `A` that needs
// the shape; the shape traits cannot, being about no one attribute. The derive reads `<Field as Needs…<A>>::FITS`:
// an error on that names only the attribute and the type, where a bound on a function would add a note about the
// function. The impls are not recommended, so an error states the attribute's need rather than their bounds.

/// Implemented by every [`ListShape`]; `A` is the attribute that needs one.
#[diagnostic::on_unimplemented(
    message = "`{A}` needs a list field; `{Self}` is not a list",
    label = "`{A}` applies to `Vec`s, sets and arrays",
    note = "a type of your own that is written as a JSON array can say so with `impl ListShape` (kapi::model::shape)"
)]
pub trait NeedsList<A> {
    /// Compiles only for a list.
    const FITS: () = ();
}

#[diagnostic::do_not_recommend]
impl<A, T: ListShape + ?Sized> NeedsList<A> for T {}

/// Implemented by every [`ObjectShape`]; `A` is the attribute that needs one.
#[diagnostic::on_unimplemented(
    message = "`{A}` needs a map or struct field; `{Self}` is not an object",
    label = "`{A}` applies to maps and structs",
    note = "a type of your own that is written as a JSON object can say so with `impl ObjectShape` \
            (kapi::model::shape)"
)]
pub trait NeedsObject<A> {
    /// Compiles only for an object.
    const FITS: () = ();
}

#[diagnostic::do_not_recommend]
impl<A, T: ObjectShape + ?Sized> NeedsObject<A> for T {}

/// Implemented by every [`IntOrStringShape`]; `A` is the attribute that needs one.
#[diagnostic::on_unimplemented(
    message = "`{A}` needs a field that holds an integer or a string; `{Self}` does not",
    label = "`{A}` applies to int-or-string types such as `IntOrString`",
    note = "a type of your own written as a JSON integer or string can say so with `impl IntOrStringShape` \
            (kapi::model::shape), or with `#[kapi(int_or_string)]` on the type"
)]
pub trait NeedsIntOrString<A> {
    /// Compiles only for an int-or-string type.
    const FITS: () = ();
}

#[diagnostic::do_not_recommend]
impl<A, T: IntOrStringShape + ?Sized> NeedsIntOrString<A> for T {}

/// Implemented by every [`NullableShape`]; `A` is the attribute that needs one.
#[diagnostic::on_unimplemented(
    message = "`{A}` needs a field that can be null; `{Self}` cannot",
    label = "`{A}` applies to `Option`s",
    note = "a type of your own whose values may be JSON null can say so with `impl NullableShape` \
            (kapi::model::shape), or with `#[kapi(nullable)]` on the type"
)]
pub trait NeedsNullable<A> {
    /// Compiles only for a type whose values may be null.
    const FITS: () = ();
}

#[diagnostic::do_not_recommend]
impl<A, T: NullableShape + ?Sized> NeedsNullable<A> for T {}

/// A list whose items are structs with named fields, which `list_map_keys` names; its check also reads them.
#[diagnostic::on_unimplemented(
    message = "`list_map_keys` needs a list of structs with named fields; `{Self}` is not one",
    label = "`list_map_keys` names fields of the list's items"
)]
pub trait KeyedList {
    /// The JSON names of the items' fields.
    const ITEM_FIELDS: &'static [&'static str];
}

#[diagnostic::do_not_recommend]
impl<T: ListShape + ?Sized> KeyedList for T
where
    T::Item: JsonFields,
{
    const ITEM_FIELDS: &'static [&'static str] = <T::Item as JsonFields>::JSON_FIELDS;
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use super::attribute::{list_type, map_type, min_items, nullable, unique_items};
    use super::*;
    use crate::keyword::attributes;
    use crate::shape::Placement;

    struct Port;

    impl JsonFields for Port {
        const JSON_FIELDS: &'static [&'static str] = &["name", "port"];
    }

    #[test]
    fn every_placed_attribute_has_a_type_to_be_named_by() {
        for attribute in attributes().filter(|a| a.placement != Placement::Any) {
            let name = attribute.name.expect("placed keywords are attributes");
            assert!(attribute::NAMES.contains(&name), "no placement::attribute::{name}");
        }
    }

    #[test]
    fn shapes_see_through_options_and_boxes() {
        let () = <Option<Vec<String>> as NeedsList<list_type>>::FITS;
        let () = <Box<[u8]> as NeedsList<min_items>>::FITS;
        let () = <BTreeSet<String> as NeedsList<unique_items>>::FITS;
        let () = <Option<BTreeMap<String, String>> as NeedsObject<map_type>>::FITS;
        let () = <Option<i32> as NeedsNullable<nullable>>::FITS;
        assert_eq!(<Option<Vec<Port>> as KeyedList>::ITEM_FIELDS, ["name", "port"]);
    }
}
