//! The JSON shape of a Rust type's values, as marker traits, so that an attribute whose keyword needs a shape the
//! field's type never has (`list_type` on a map, `map_type` on a `Vec`) is a compile error rather than a schema
//! that says something impossible.
//!
//! The traits are judged on types, not on how a field's type is written, so they see through type aliases,
//! `Option` and `Box`. kapi implements them for the standard collections; `#[derive(Schema)]` implements them for
//! the types it derives (a struct with named fields is an object, a newtype has its field's shape). A type whose
//! `Schema` is written by hand implements the ones that fit it, such as `impl IntOrStringShape for Quantity {}`.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

use indexmap::IndexMap;
use serde_json::{Map, Value};

/// Which values a keyword applies to, and so where the attribute that writes it may stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// Any field or type.
    Any,
    /// Fields and types implementing [`ListShape`].
    List,
    /// Fields and types implementing [`ObjectShape`].
    Object,
    /// Fields implementing [`IntOrStringShape`]; on a type, it declares the type one.
    IntOrString,
    /// Fields implementing [`NullableShape`]; on a type, it declares the type one.
    Nullable,
}

/// Values are JSON arrays of `Item`s: the list keywords (`list_type`, `list_map_keys`, `min_items`, ...) apply.
pub trait ListShape {
    /// The type of the list's items (`list_map_keys` names their fields).
    type Item: ?Sized;
}

/// Values are JSON objects, a map's or a struct's: the object keywords (`map_type`, `min_properties`, ...) apply.
pub trait ObjectShape {}

/// Values are a JSON integer or a JSON string: `int_or_string` applies.
pub trait IntOrStringShape {}

/// Values may be JSON `null`: `nullable` applies.
pub trait NullableShape {}

impl<T> ListShape for Vec<T> {
    type Item = T;
}

impl<T> ListShape for VecDeque<T> {
    type Item = T;
}

impl<T> ListShape for BTreeSet<T> {
    type Item = T;
}

impl<T, S> ListShape for HashSet<T, S> {
    type Item = T;
}

impl<T> ListShape for [T] {
    type Item = T;
}

impl<T, const N: usize> ListShape for [T; N] {
    type Item = T;
}

impl<K, V> ObjectShape for BTreeMap<K, V> {}

impl<K, V, S> ObjectShape for HashMap<K, V, S> {}

impl<K, V, S> ObjectShape for IndexMap<K, V, S> {}

impl ObjectShape for Map<String, Value> {}

/// Any JSON value, null included.
impl NullableShape for Value {}

impl<T> NullableShape for Option<T> {}

// `Option<T>` and `Box<T>` are written as `T` is (an `Option` may also be absent or null), so they have its shape.

impl<T: ListShape> ListShape for Option<T> {
    type Item = T::Item;
}

impl<T: ObjectShape> ObjectShape for Option<T> {}

impl<T: IntOrStringShape> IntOrStringShape for Option<T> {}

impl<T: ListShape + ?Sized> ListShape for Box<T> {
    type Item = T::Item;
}

impl<T: ObjectShape + ?Sized> ObjectShape for Box<T> {}

impl<T: IntOrStringShape + ?Sized> IntOrStringShape for Box<T> {}

impl<T: NullableShape + ?Sized> NullableShape for Box<T> {}
