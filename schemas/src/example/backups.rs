//! `ops.example.com` Backup: one definition, three versions. `#[kapi::versioned]` writes the v1alpha1, v1beta1 and
//! v1 types from it, with conversions through v1 (the storage version), a converter for the conversion webhook and
//! round-trip tests.
//!
//! The history shows each kind of change: `retentionDays` arrived in v1beta1 and became the `retention` object in
//! v1; `volume` was renamed `source` in v1; `compress` was dropped in v1.

#[kapi::versioned(
    versions(v1alpha1(deprecated = "ops.example.com/v1alpha1 Backup is deprecated; use ops.example.com/v1"), v1beta1, v1),
    storage = v1,
    package = "example.com/ops"
)]
pub mod backup {
    use kapi::model::conversion::ConversionError;
    use kapi::{Resource, Schema};
    use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};
    use serde::{Deserialize, Serialize};

    /// Retention was a number of days before v1.
    fn retention_from_days(days: Option<i32>) -> Result<Option<v1::RetentionPolicy>, ConversionError> {
        Ok(days.map(|days| v1::RetentionPolicy { days }))
    }

    /// And a v1 retention policy is that number of days in the earlier versions.
    fn retention_to_days(policy: Option<v1::RetentionPolicy>) -> Result<Option<i32>, ConversionError> {
        Ok(policy.map(|policy| policy.days))
    }

    /// A scheduled backup of a volume.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema, Resource)]
    #[serde(rename_all = "camelCase")]
    #[kapi(
        group = "ops.example.com",
        plural = "backups",
        singular = "backup",
        short_names = ["bk"],
        list = BackupList,
        status,
        crd(
            printer_column(name = "Schedule", type = "string", json_path = ".spec.schedule"),
            conversion_webhook(service = "kapi-system/kapi", path = "/convert", port = 8443)
        )
    )]
    pub struct Backup {
        /// The object's API version and kind.
        #[serde(flatten)]
        pub type_meta: TypeMeta,
        /// The object's metadata.
        #[serde(default)]
        pub metadata: ObjectMeta,
        /// What to back up and when.
        pub spec: BackupSpec,
        /// What the controller last did; written through the `status` subresource.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub status: Option<BackupStatus>,
    }

    /// What to back up, when, and for how long to keep copies.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
    #[serde(rename_all = "camelCase")]
    pub struct BackupSpec {
        /// The persistent volume claim to copy.
        #[versioned(renamed(before = v1, from = volume))]
        #[kapi(min_length = 1)]
        pub source: String,
        /// When to run, in the five-field cron syntax.
        pub schedule: String,
        /// How long copies are kept; kept forever when unset.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[versioned(
            added = v1beta1,
            renamed(before = v1, from = retention_days),
            changed(before = v1, ty = Option<i32>, up = retention_from_days, down = retention_to_days)
        )]
        pub retention: Option<RetentionPolicy>,
        /// Whether copies are compressed; v1 always compresses.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[versioned(removed = v1)]
        pub compress: Option<bool>,
    }

    /// How long copies of a volume are kept.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
    #[serde(rename_all = "camelCase")]
    pub struct RetentionPolicy {
        /// Days a copy is kept after it is taken.
        #[kapi(minimum = 1)]
        pub days: i32,
    }

    /// Where a Backup stands.
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
    pub enum BackupPhase {
        /// No copy has been taken yet.
        #[default]
        Pending,
        /// The last copy succeeded.
        Succeeded,
        /// The last copy failed.
        Failed,
    }

    /// What the controller last did.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
    #[serde(rename_all = "camelCase")]
    pub struct BackupStatus {
        /// Where the Backup stands.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub phase: Option<BackupPhase>,
        /// When the last copy was taken.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub last_backup_time: Option<Time>,
    }

    /// A page of Backups.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
    #[serde(rename_all = "camelCase")]
    pub struct BackupList {
        /// The object's API version and kind.
        #[serde(flatten)]
        pub type_meta: TypeMeta,
        /// The list's metadata.
        #[serde(default)]
        pub metadata: ListMeta,
        /// The Backups.
        pub items: Vec<Backup>,
    }
}
