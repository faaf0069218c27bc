//! The JSON-level converter of a kind: what a conversion webhook calls.

use std::fmt;
use std::sync::Arc;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::error::ConversionError;
use super::stash;

/// Converts one object (whose `apiVersion` names its version) to the version given.
pub type ConvertFn = Arc<dyn Fn(Value, &str) -> Result<Value, ConversionError> + Send + Sync>;

/// Converts objects of one kind between its versions, as JSON: what a CRD conversion webhook needs.
#[derive(Clone)]
pub struct KindConverter {
    pub group: &'static str,
    pub kind: &'static str,
    /// Every version, oldest first.
    pub versions: &'static [&'static str],
    /// The storage version every conversion passes through.
    pub hub: &'static str,
    /// Converts one object (whose `apiVersion` names its version) to the version given; to its own version, reads
    /// and writes it again, keeping only what that version's type holds.
    pub convert: ConvertFn,
}

impl fmt::Debug for KindConverter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self { group, kind, versions, hub, convert: _ } = self;
        f.debug_struct("KindConverter")
            .field("group", group)
            .field("kind", kind)
            .field("versions", versions)
            .field("hub", hub)
            .finish_non_exhaustive()
    }
}

impl KindConverter {
    /// Converts `object` to `api_version` (`group/version`), checking that both name this converter's kind.
    ///
    /// Nothing is lost on the way back: what the target version cannot hold is kept in the annotation
    /// [`STASH_ANNOTATION`](super::STASH_ANNOTATION), and converting back to the source version restores it.
    pub fn convert_to(&self, mut object: Value, api_version: &str) -> Result<Value, ConversionError> {
        let target = self.version_of(api_version)?;
        let kind = object.get("kind").and_then(Value::as_str).unwrap_or_default();
        if kind != self.kind {
            return Err(ConversionError::new(format!("expected an object of kind {}, got kind {kind:?}", self.kind)));
        }
        let from_api_version = object.get("apiVersion").and_then(Value::as_str).unwrap_or_default().to_owned();
        let source = self.version_of(&from_api_version)?;
        if source == target {
            return Ok(object);
        }
        let mut stash = stash::take(&mut object);
        let mut converted = (self.convert)(object.clone(), target)?;
        if let Some(patch) = stash.remove(target) {
            stash::apply(&mut converted, &patch);
        }
        let back = (self.convert)(converted.clone(), source)?;
        if let Some(lost) = stash::diff(&back, &object) {
            // Through the hub, two versions can lose a field both have (one the hub lacks): each lost value the
            // target takes as it is goes straight across; the rest is stashed for the way back.
            let mut kept = None;
            for leaf in stash::leaves(&lost) {
                let mut candidate = converted.clone();
                stash::apply(&mut candidate, &leaf);
                if (self.convert)(candidate.clone(), target).is_ok_and(|read_again| read_again == candidate) {
                    converted = candidate;
                } else {
                    stash::apply(kept.get_or_insert_with(|| Value::Object(serde_json::Map::new())), &leaf);
                }
            }
            if let Some(kept) = kept {
                stash.insert(source.to_owned(), kept);
            }
        }
        stash::put(&mut converted, &stash);
        Ok(converted)
    }

    /// The version part of `api_version` when it names one of this kind's versions.
    fn version_of<'a>(&self, api_version: &'a str) -> Result<&'a str, ConversionError> {
        let known = || self.versions.iter().map(|v| format!("{}/{v}", self.group)).collect::<Vec<_>>().join(", ");
        match api_version.split_once('/') {
            Some((group, version)) if group == self.group && self.versions.contains(&version) => Ok(version),
            _ => Err(ConversionError::new(format!(
                "{} {} has no version {api_version:?}; it has {}",
                self.group,
                self.kind,
                known()
            ))),
        }
    }
}

/// Reads an object of one version; used by the generated converters.
pub fn from_json<T: DeserializeOwned>(object: Value, api_version: &str) -> Result<T, ConversionError> {
    serde_json::from_value(object)
        .map_err(|error| ConversionError::new(format!("the object is not a valid {api_version} object: {error}")))
}

/// Writes an object of one version with its `apiVersion` set; used by the generated converters.
pub fn to_json<T: Serialize>(object: &T, api_version: &str) -> Result<Value, ConversionError> {
    let mut value = serde_json::to_value(object)
        .map_err(|error| ConversionError::new(format!("writing the {api_version} object failed: {error}")))?;
    if let Some(fields) = value.as_object_mut() {
        fields.insert("apiVersion".to_owned(), Value::from(api_version));
    }
    Ok(value)
}
