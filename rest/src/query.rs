//! The query parameters of list, get and watch requests, read into typed options and checked the way
//! kube-apiserver checks them, whatever the kind of object. Parameters these endpoints do not use (`pretty`,
//! `timeout`, `limit`) are ignored: a list is never paged, so `limit` is honoured by returning everything at once.

use std::time::Duration;

use kapi_meta::meta::v1::ObjectMeta;

use super::labels::Selector;
use kapi_serve::status::Refusal;

/// Which resource version a request starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartAt {
    /// Not given: the most recent state.
    Unset,
    /// `0`: any state the server has.
    Any,
    /// A resource version this server handed out.
    Version(u64),
}

/// `resourceVersionMatch`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VersionMatch {
    /// The state at the given version or a newer one.
    NotOlderThan,
    /// The state at exactly the given version.
    Exact,
}

/// What a Table row carries besides its cells (`includeObject`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum IncludeObject {
    /// Nothing.
    None,
    /// The object's metadata, as a PartialObjectMetadata (the default).
    #[default]
    Metadata,
    /// The whole object.
    Object,
}

/// The fields a field selector may name: every kind's `metadata.name` and `metadata.namespace` (empty for
/// objects outside namespaces).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Name,
    Namespace,
}

/// One term of a field selector: the field is (or, `negated`, is not) `value`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldTerm {
    pub field: Field,
    pub value: String,
    pub negated: bool,
}

impl FieldTerm {
    /// The term `metadata.name=name`, which a watch of one object adds.
    pub fn name_is(name: impl Into<String>) -> Self {
        Self { field: Field::Name, value: name.into(), negated: false }
    }

    fn holds(&self, metadata: &ObjectMeta) -> bool {
        let actual = match self.field {
            Field::Name => metadata.name.as_deref(),
            Field::Namespace => metadata.namespace.as_deref(),
        };
        (actual.unwrap_or_default() == self.value) != self.negated
    }
}

/// The options of one request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    pub watch: bool,
    pub start: StartAt,
    pub version_match: Option<VersionMatch>,
    /// Field selector terms that must all hold for an object to be listed or watched.
    pub fields: Vec<FieldTerm>,
    /// The label selector, which must hold too.
    pub labels: Selector,
    pub allow_bookmarks: bool,
    pub send_initial_events: Option<bool>,
    pub timeout: Option<Duration>,
    pub include_object: IncludeObject,
}

impl Query {
    /// Reads and checks `pairs` (the decoded query string).
    pub fn parse(pairs: &[(String, String)]) -> Result<Self, Refusal> {
        let mut query = Self {
            watch: false,
            start: StartAt::Unset,
            version_match: None,
            fields: Vec::new(),
            labels: Selector::default(),
            allow_bookmarks: false,
            send_initial_events: None,
            timeout: None,
            include_object: IncludeObject::default(),
        };
        for (key, value) in pairs {
            match key.as_str() {
                "watch" => query.watch = boolean(key, value)?,
                "resourceVersion" => query.start = start_at(value)?,
                "resourceVersionMatch" => query.version_match = version_match(value)?,
                "fieldSelector" => query.fields = field_terms(value)?,
                "labelSelector" => {
                    query.labels = Selector::parse(value).map_err(|e| Refusal::BadRequest(e.to_string()))?;
                }
                "allowWatchBookmarks" => query.allow_bookmarks = boolean(key, value)?,
                "sendInitialEvents" => query.send_initial_events = Some(boolean(key, value)?),
                "timeoutSeconds" => query.timeout = Some(Duration::from_secs(number(key, value)?)),
                "includeObject" => query.include_object = include_object(value)?,
                "continue" if !value.is_empty() => {
                    return Err(Refusal::BadRequest("continue tokens are never issued here: lists are whole".into()));
                }
                _ => {}
            }
        }
        query.check()?;
        Ok(query)
    }

    /// The combinations kube-apiserver refuses.
    fn check(&self) -> Result<(), Refusal> {
        let invalid = |message: &str| Err(Refusal::Invalid(format!("ListOptions is invalid: {message}")));
        if self.send_initial_events.is_some() && !self.watch {
            return invalid("sendInitialEvents is only for watch requests");
        }
        if self.send_initial_events.is_some() && self.version_match != Some(VersionMatch::NotOlderThan) {
            return invalid("sendInitialEvents requires resourceVersionMatch=NotOlderThan");
        }
        match (self.version_match, self.start) {
            (Some(_), _) if self.watch && self.send_initial_events.is_none() => {
                invalid("resourceVersionMatch is forbidden for watch unless sendInitialEvents is given")
            }
            (Some(VersionMatch::Exact), _) if self.watch => invalid("resourceVersionMatch=Exact is not for watch"),
            (Some(_), StartAt::Unset) if !self.watch => {
                invalid("resourceVersionMatch is forbidden unless resourceVersion is given")
            }
            (Some(VersionMatch::Exact), StartAt::Any) => invalid("resourceVersionMatch=Exact is forbidden for \"0\""),
            _ => Ok(()),
        }
    }

    /// True when an object with `metadata` passes the field and label selectors.
    pub fn selects(&self, metadata: &ObjectMeta) -> bool {
        self.fields.iter().all(|term| term.holds(metadata)) && self.labels.matches(metadata.labels.as_ref())
    }

    /// Whether a watch starts with a synthetic ADDED event per current object: when asked, or by default when no
    /// resource version (or `0`) was given.
    pub fn initial_events(&self) -> bool {
        self.send_initial_events.unwrap_or(matches!(self.start, StartAt::Unset | StartAt::Any))
    }
}

/// Go's `strconv.ParseBool` spellings, which kube-apiserver accepts.
fn boolean(key: &str, value: &str) -> Result<bool, Refusal> {
    match value {
        "1" | "t" | "T" | "true" | "TRUE" | "True" => Ok(true),
        "" | "0" | "f" | "F" | "false" | "FALSE" | "False" => Ok(false),
        _ => Err(Refusal::BadRequest(format!("{key}: {value:?} is not a boolean"))),
    }
}

fn number(key: &str, value: &str) -> Result<u64, Refusal> {
    value.parse().map_err(|_| Refusal::BadRequest(format!("{key}: {value:?} is not a whole number of seconds")))
}

fn start_at(value: &str) -> Result<StartAt, Refusal> {
    match value {
        "" => Ok(StartAt::Unset),
        "0" => Ok(StartAt::Any),
        _ => value
            .parse()
            .map(StartAt::Version)
            .map_err(|_| Refusal::BadRequest(format!("invalid resource version {value:?}: this server's are numbers"))),
    }
}

fn version_match(value: &str) -> Result<Option<VersionMatch>, Refusal> {
    match value {
        "" => Ok(None),
        "NotOlderThan" => Ok(Some(VersionMatch::NotOlderThan)),
        "Exact" => Ok(Some(VersionMatch::Exact)),
        _ => Err(Refusal::Invalid(format!(
            "ListOptions is invalid: resourceVersionMatch {value:?} is not one of NotOlderThan, Exact"
        ))),
    }
}

fn include_object(value: &str) -> Result<IncludeObject, Refusal> {
    match value {
        "None" => Ok(IncludeObject::None),
        "" | "Metadata" => Ok(IncludeObject::Metadata),
        "Object" => Ok(IncludeObject::Object),
        _ => Err(Refusal::BadRequest(format!("unrecognized includeObject value: {value:?}"))),
    }
}

/// `FIELD=X`, `FIELD==X`, `FIELD!=X`, comma-separated, for the fields every kind has: `metadata.name` and
/// `metadata.namespace`.
fn field_terms(selector: &str) -> Result<Vec<FieldTerm>, Refusal> {
    let mut terms = Vec::new();
    for term in selector.split(',').map(str::trim).filter(|term| !term.is_empty()) {
        let (field, value, negated) = if let Some((field, value)) = term.split_once("!=") {
            (field, value, true)
        } else if let Some((field, value)) = term.split_once("==").or_else(|| term.split_once('=')) {
            (field, value, false)
        } else {
            return Err(Refusal::BadRequest(format!("invalid field selector term {term:?}: expected FIELD=VALUE")));
        };
        let field = match field.trim() {
            "metadata.name" => Field::Name,
            "metadata.namespace" => Field::Namespace,
            other => return Err(Refusal::BadRequest(format!("field label not supported: {other}"))),
        };
        terms.push(FieldTerm { field, value: value.trim().to_owned(), negated });
    }
    Ok(terms)
}

#[cfg(test)]
#[path = "query_tests.rs"]
mod tests;
