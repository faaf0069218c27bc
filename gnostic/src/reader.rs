//! Reading a JSON document field by field: objects that know where they sit, and one sink for every problem.
//!
//! Converters never stop at the first problem: a wrong value is recorded with its location and replaced by the
//! field's zero value, so one run reports every mistake in the document (as gnostic's compiler does).

use crate::error::{Dialect, Error, Problem};
use serde_json::{Map, Value};
use std::fmt::Display;

/// Collects the problems found while converting one document.
#[derive(Debug)]
pub(crate) struct Problems {
    dialect: Dialect,
    list: Vec<Problem>,
}

impl Problems {
    /// A sink for one document of `dialect`, named in the final error.
    pub(crate) fn new(dialect: Dialect) -> Self {
        Self { dialect, list: Vec::new() }
    }

    /// Records a problem at `path`.
    pub(crate) fn add(&mut self, path: &str, message: impl Display) {
        self.list.push(Problem::new(path, message));
    }

    /// `value` when nothing went wrong; otherwise an error carrying every problem.
    pub(crate) fn finish<T>(self, value: T) -> Result<T, Error> {
        if self.list.is_empty() { Ok(value) } else { Err(Error::malformed(self.dialect, self.list)) }
    }
}

/// The path of `key` inside the value at `parent`, JSON-pointer style for people (no `~1` escapes).
pub(crate) fn child_path(parent: &str, key: &str) -> String {
    format!("{parent}/{key}")
}

/// A JSON object and its location in the document.
#[derive(Debug, Clone)]
pub(crate) struct Obj<'a> {
    map: &'a Map<String, Value>,
    path: String,
}

impl<'a> Obj<'a> {
    /// Views `value` as an object; records a problem (naming `what` was expected) when it is not one.
    pub(crate) fn new(problems: &mut Problems, value: &'a Value, path: String, what: &str) -> Option<Self> {
        match value {
            Value::Object(map) => Some(Self { map, path }),
            other => {
                problems.add(&path, format_args!("{what} must be an object, found {}", kind_of(other)));
                None
            }
        }
    }

    /// Where this object sits.
    pub(crate) fn path(&self) -> &str {
        &self.path
    }

    /// The location of `key` inside this object.
    pub(crate) fn path_of(&self, key: &str) -> String {
        child_path(&self.path, key)
    }

    /// The raw value of `key`, if present.
    pub(crate) fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key)
    }

    /// Records every key that is neither in `allowed` nor an `x-` extension, and every `required` key that is
    /// missing; the same rules gnostic applies, so a document it would reject is rejected here too.
    pub(crate) fn check_keys(&self, problems: &mut Problems, allowed: &[&str], required: &[&str]) {
        self.check_keys_with(problems, allowed, required, true);
    }

    /// [`Obj::check_keys`] for the objects that have nowhere to keep extensions (references), where gnostic
    /// refuses `x-` keys too rather than drop them.
    pub(crate) fn check_keys_without_extensions(&self, problems: &mut Problems, allowed: &[&str], required: &[&str]) {
        self.check_keys_with(problems, allowed, required, false);
    }

    fn check_keys_with(&self, problems: &mut Problems, allowed: &[&str], required: &[&str], extensions: bool) {
        for key in self.map.keys() {
            let allowed_extension = extensions && is_extension(key);
            if !allowed_extension && !allowed.contains(&key.as_str()) {
                problems.add(&self.path, format_args!("unknown key {key:?}"));
            }
        }
        for key in required {
            if !self.map.contains_key(*key) {
                problems.add(&self.path, format_args!("missing required key {key:?}"));
            }
        }
    }

    /// Every entry, sorted by key, so output does not depend on how the JSON map was ordered.
    pub(crate) fn entries(&self) -> Vec<(&'a str, &'a Value)> {
        let mut entries: Vec<_> = self.map.iter().map(|(k, v)| (k.as_str(), v)).collect();
        entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
        entries
    }

    /// Converts every entry's value with `convert`, in key order, passing each value's location.
    pub(crate) fn each<T>(
        &self,
        problems: &mut Problems,
        mut convert: impl FnMut(&mut Problems, &'a Value, String) -> T,
    ) -> Vec<(String, T)> {
        let entries = self.entries();
        entries.into_iter().map(|(key, value)| (key.to_owned(), convert(problems, value, self.path_of(key)))).collect()
    }

    /// Converts the map under `key`, if present, into the message that lists its entries by name.
    pub(crate) fn named<M: NamedList>(
        &self,
        problems: &mut Problems,
        key: &str,
        convert: impl FnMut(&mut Problems, &'a Value, String) -> M::Value,
    ) -> Option<M> {
        let map = self.object(problems, key)?;
        Some(M::from_entries(map.each(problems, convert)))
    }

    /// Converts every item of the list under `key` with `convert`, passing each item's location.
    pub(crate) fn each_item<T>(
        &self,
        problems: &mut Problems,
        key: &str,
        mut convert: impl FnMut(&mut Problems, &'a Value, String) -> T,
    ) -> Vec<T> {
        let items = self.list(problems, key);
        let base = self.path_of(key);
        items.iter().enumerate().map(|(i, item)| convert(problems, item, child_path(&base, &i.to_string()))).collect()
    }

    /// The `x-` entries, sorted by key.
    pub(crate) fn extensions(&self) -> Vec<(&'a str, &'a Value)> {
        self.entries().into_iter().filter(|(k, _)| is_extension(k)).collect()
    }

    /// The object under `key`, if present; records a problem when it is not an object.
    pub(crate) fn object(&self, problems: &mut Problems, key: &str) -> Option<Obj<'a>> {
        let value = self.get(key)?;
        Obj::new(problems, value, self.path_of(key), &format!("{key:?}"))
    }

    /// The string under `key`; empty when absent.
    pub(crate) fn string(&self, problems: &mut Problems, key: &str) -> String {
        match self.get(key) {
            None => String::new(),
            Some(Value::String(s)) => s.clone(),
            Some(other) => self.wrong(problems, key, "a string", other, String::new()),
        }
    }

    /// The boolean under `key`; false when absent.
    pub(crate) fn boolean(&self, problems: &mut Problems, key: &str) -> bool {
        match self.get(key) {
            None => false,
            Some(Value::Bool(b)) => *b,
            Some(other) => self.wrong(problems, key, "a boolean", other, false),
        }
    }

    /// The number under `key` (integer or not); zero when absent.
    pub(crate) fn number(&self, problems: &mut Problems, key: &str) -> f64 {
        match self.get(key) {
            None => 0.0,
            Some(Value::Number(n)) => n.as_f64().unwrap_or_default(),
            Some(other) => self.wrong(problems, key, "a number", other, 0.0),
        }
    }

    /// The whole number under `key`; zero when absent. `15.0` is refused, as gnostic refuses it.
    pub(crate) fn integer(&self, problems: &mut Problems, key: &str) -> i64 {
        match self.get(key) {
            None => 0,
            Some(value) => match value.as_i64() {
                Some(i) => i,
                None => self.wrong(problems, key, "a whole number that fits in 64 bits", value, 0),
            },
        }
    }

    /// The list under `key`; empty when absent.
    pub(crate) fn list(&self, problems: &mut Problems, key: &str) -> &'a [Value] {
        match self.get(key) {
            None => &[],
            Some(Value::Array(items)) => items,
            Some(other) => self.wrong(problems, key, "a list", other, &[]),
        }
    }

    /// The list of strings under `key`; empty when absent.
    pub(crate) fn strings(&self, problems: &mut Problems, key: &str) -> Vec<String> {
        let items = self.list(problems, key);
        let mut out = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            match item {
                Value::String(s) => out.push(s.clone()),
                other => {
                    let path = child_path(&self.path_of(key), &i.to_string());
                    problems.add(&path, format_args!("must be a string, found {}", kind_of(other)));
                }
            }
        }
        out
    }

    /// Records that `key` holds `found` where `expected` was wanted, and returns `fallback`.
    fn wrong<T>(&self, problems: &mut Problems, key: &str, expected: &str, found: &Value, fallback: T) -> T {
        problems.add(&self.path_of(key), format_args!("must be {expected}, found {}", kind_of(found)));
        fallback
    }
}

/// A message holding a JSON map as a list of named values (gnostic's `additional_properties` messages).
pub(crate) trait NamedList {
    /// What each entry's value becomes.
    type Value;
    /// The message listing `entries` (already in key order).
    fn from_entries(entries: Vec<(String, Self::Value)>) -> Self;
}

/// Implements [`NamedList`] for `$list` messages whose entries are `$named { name, value: Some(..) }`.
macro_rules! named_lists {
    ($($list:ident of $named:ident($value:ty)),* $(,)?) => {$(
        impl $crate::reader::NamedList for $list {
            type Value = $value;
            fn from_entries(entries: Vec<(String, $value)>) -> Self {
                let named = entries.into_iter().map(|(name, value)| $named { name, value: Some(value) });
                $list { additional_properties: named.collect() }
            }
        }
    )*};
}
pub(crate) use named_lists;

/// Whether `key` names a vendor (specification) extension.
pub(crate) fn is_extension(key: &str) -> bool {
    key.starts_with("x-")
}

/// A short name for the kind of a JSON value, for messages.
pub(crate) fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}
