//! The allow-list: breaks an API's owners accepted on purpose, each with the reason, committed beside the API.
//!
//! ```json
//! {"allowed": [{"rule": "schema.field-removed", "location": "stable.example.com/v1 CronTab.spec.image",
//!               "reason": "image moved to spec.template; no client set it (checked 2026-11-20)"}]}
//! ```

use serde::{Deserialize, Serialize};

use crate::finding::Finding;

/// One accepted break: a rule id and a location exactly as the findings print them, and why it is accepted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Allowed {
    pub rule: String,
    pub location: String,
    pub reason: String,
}

/// Every accepted break.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AllowList {
    pub allowed: Vec<Allowed>,
}

impl AllowList {
    /// Reads an allow-list; every entry needs a non-empty reason.
    pub fn from_json(text: &str) -> Result<Self, String> {
        let list: AllowList = serde_json::from_str(text).map_err(|e| format!("not an allow-list: {e}"))?;
        if let Some(entry) = list.allowed.iter().find(|entry| entry.reason.trim().is_empty()) {
            return Err(format!("the entry for {} at `{}` gives no reason", entry.rule, entry.location));
        }
        Ok(list)
    }

    /// The entry that accepts `finding`, if any.
    pub fn accepting(&self, finding: &Finding) -> Option<&Allowed> {
        let location = finding.location();
        self.allowed.iter().find(|entry| entry.rule == finding.rule.id() && entry.location == location)
    }
}
