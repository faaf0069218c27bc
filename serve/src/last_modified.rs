//! A `Last-Modified` time, in whole seconds (all `If-Modified-Since` can compare), formatted once.

use std::time::{Duration, SystemTime};

use axum::http::HeaderValue;

use crate::error::BundleError;

/// When something served was built, as revalidation compares it and as the header carries it.
#[derive(Debug, Clone)]
pub struct LastModified {
    pub time: SystemTime,
    /// The `Last-Modified` value.
    pub header: HeaderValue,
    /// The same as a whole `last-modified` header line.
    pub line: Vec<u8>,
}

impl LastModified {
    /// Now, truncated to the second.
    pub fn now() -> Result<Self, BundleError> {
        let seconds = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or_default();
        let time = SystemTime::UNIX_EPOCH + Duration::from_secs(seconds);
        let formatted = httpdate::fmt_http_date(time);
        let header = HeaderValue::try_from(formatted.as_str()).map_err(|e| BundleError::general(e.to_string()))?;
        Ok(Self { time, header, line: format!("last-modified: {formatted}\r\n").into_bytes() })
    }
}
