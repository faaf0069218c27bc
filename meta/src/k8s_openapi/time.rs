//! `Time` and `MicroTime`: kapi-meta keeps the RFC 3339 text, k8s-openapi a `jiff::Timestamp`.

use std::fmt;

use ::k8s_openapi::jiff::Timestamp;
use ::k8s_openapi::jiff::fmt::strtime;

use crate::meta::v1::{MicroTime, Time};
use ::k8s_openapi::apimachinery::pkg::apis::meta::v1 as upstream;

/// How k8s-openapi writes a `Time` (whole seconds, UTC), and so how kapi-meta's text is written from one: the
/// converted value serialises as the original did.
const TIME_FORMAT: &str = "%Y-%m-%dT%H:%M:%SZ";

/// How k8s-openapi writes a `MicroTime` (six fractional digits, UTC).
const MICRO_TIME_FORMAT: &str = "%Y-%m-%dT%H:%M:%S%.6fZ";

/// A kapi-meta time stamp k8s-openapi cannot hold: its text is empty (a time never set) or not an RFC 3339 time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidTime {
    /// Where the time stamp is, as a JSON field path within the converted value (`managedFields[0].time`); empty
    /// when a time stamp itself was converted.
    pub field: String,
    /// The refused text.
    pub text: String,
    /// Why it was refused.
    pub reason: String,
}

impl InvalidTime {
    /// The same refusal, found in the field `outer` of an enclosing value.
    pub(super) fn within(mut self, outer: &str) -> Self {
        self.field = match self.field.is_empty() {
            true => outer.to_owned(),
            false => format!("{outer}.{}", self.field),
        };
        self
    }
}

impl fmt::Display for InvalidTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.field.is_empty() {
            write!(f, "{}: ", self.field)?;
        }
        write!(f, "`{}` cannot be a k8s-openapi time stamp: {}", self.text, self.reason)
    }
}

impl std::error::Error for InvalidTime {}

/// Parses RFC 3339 text into an instant. Text with a UTC offset other than `Z` stands for the same instant, so it
/// converts; k8s-openapi writes it back in UTC, as Kubernetes does.
fn parse(text: String) -> Result<Timestamp, InvalidTime> {
    if text.is_empty() {
        let reason = "the text is empty, which stands for a time never set; leave the field out instead".to_owned();
        return Err(InvalidTime { field: String::new(), text, reason });
    }
    text.parse::<Timestamp>().map_err(|error| InvalidTime { field: String::new(), reason: error.to_string(), text })
}

/// Writes an instant as k8s-openapi serialises it.
fn format(format: &str, timestamp: Timestamp) -> String {
    // A timestamp has every part these formats print, so formatting cannot fail; jiff's own RFC 3339 form is a
    // fallback that keeps this total without a panic.
    strtime::format(format, timestamp).unwrap_or_else(|_| timestamp.to_string())
}

/// Fails on text that is empty or no RFC 3339 time.
impl TryFrom<Time> for upstream::Time {
    type Error = InvalidTime;

    fn try_from(time: Time) -> Result<Self, InvalidTime> {
        parse(time.0).map(Self)
    }
}

/// Written in whole seconds, as k8s-openapi serialises it: a fraction of a second the instant may hold is
/// dropped, as it would be on the wire.
impl From<upstream::Time> for Time {
    fn from(time: upstream::Time) -> Self {
        Self(format(TIME_FORMAT, time.0))
    }
}

/// Fails on text that is empty or no RFC 3339 time.
impl TryFrom<MicroTime> for upstream::MicroTime {
    type Error = InvalidTime;

    fn try_from(time: MicroTime) -> Result<Self, InvalidTime> {
        parse(time.0).map(Self)
    }
}

/// Written with six fractional digits, as k8s-openapi serialises it: nanoseconds are dropped, as on the wire.
impl From<upstream::MicroTime> for MicroTime {
    fn from(time: upstream::MicroTime) -> Self {
        Self(format(MICRO_TIME_FORMAT, time.0))
    }
}

/// Converts an optional time stamp held in `field`.
pub(super) fn try_time_in(field: &str, time: Option<Time>) -> Result<Option<upstream::Time>, InvalidTime> {
    time.map(upstream::Time::try_from).transpose().map_err(|error| error.within(field))
}
