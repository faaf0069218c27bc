//! What a replica's identity is made of: its component, its host name, the lease name derived from both, and the
//! heartbeat and collection timing.

use std::time::Duration;

use crate::lease_name::lease_name;

/// The namespace identity leases are held in.
pub const NAMESPACE: &str = "kube-system";

/// The label naming the component that holds a lease, kube-apiserver's key (whose own collector selects the value
/// `kube-apiserver`, so it leaves kapi's leases alone); collectors only collect their own component's.
pub const COMPONENT_LABEL: &str = "apiserver.kubernetes.io/identity";

/// The label naming the host a replica runs on.
pub const HOSTNAME_LABEL: &str = "kubernetes.io/hostname";

/// The component a replica identifies as unless told otherwise (label `apiserver.kubernetes.io/identity`).
pub const DEFAULT_COMPONENT: &str = "kapi-server";

/// How a replica holds and renews its lease, and how it collects others'.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdentitySettings {
    /// The `apiserver.kubernetes.io/identity` label; the lease name hashes it with the host name.
    pub component: String,
    /// The host the replica runs on (label `kubernetes.io/hostname`); the lease name hashes it, so a replica
    /// restarted on the same host takes its lease back.
    pub hostname: String,
    /// How often the lease is renewed.
    pub renew_interval: Duration,
    /// How long a lease stays valid after its last renewal (`leaseDurationSeconds`, whole seconds, at least one).
    pub lease_duration: Duration,
    /// How long past its expiry a lease is kept before it is collected: room for clock differences between
    /// replicas and for a slow store, since collecting a live lease is worse than keeping a dead one.
    pub collection_grace: Duration,
    /// How often expired leases are looked for.
    pub collection_interval: Duration,
}

impl IdentitySettings {
    /// The design's defaults for `hostname`: renew every 10 s, leases valid for an hour, collected a minute after
    /// expiry, looked for every minute.
    pub fn new(hostname: impl Into<String>) -> Self {
        Self {
            component: DEFAULT_COMPONENT.to_owned(),
            hostname: hostname.into(),
            renew_interval: Duration::from_secs(10),
            lease_duration: Duration::from_secs(3600),
            collection_grace: Duration::from_secs(60),
            collection_interval: Duration::from_secs(60),
        }
    }

    /// `apiserver-<hash of the host name and the component>` ([`lease_name`]): stable across restarts on one
    /// host, distinct across hosts and components, and a valid object name however long or odd the host name is.
    pub fn lease_name(&self) -> String {
        lease_name(&self.component, &self.hostname)
    }

    /// `leaseDurationSeconds`: the duration in whole seconds (rounded up, at least one).
    pub fn lease_duration_seconds(&self) -> i32 {
        let seconds = self.lease_duration.as_secs() + u64::from(self.lease_duration.subsec_nanos() > 0);
        i32::try_from(seconds.max(1)).unwrap_or(i32::MAX)
    }

    /// Refuses settings that cannot work: an empty host name or component, a zero interval, or a renewal no more
    /// frequent than expiry (the lease would lapse between renewals).
    pub fn check(&self) -> Result<(), String> {
        if self.hostname.trim().is_empty() {
            return Err("the host name is empty".to_owned());
        }
        if self.hostname.len() > usize::from(u16::MAX) {
            return Err(format!("the host name is {} bytes long, more than 65535", self.hostname.len()));
        }
        if !is_component_name(&self.component) {
            return Err(format!(
                "component {:?} must be lowercase letters, digits and '-', starting with a letter, at most 40 long",
                self.component
            ));
        }
        if self.renew_interval.is_zero() || self.collection_interval.is_zero() {
            return Err("the renew and collection intervals must be positive".to_owned());
        }
        if self.renew_interval >= Duration::from_secs(u64::from(self.lease_duration_seconds().unsigned_abs())) {
            return Err(format!(
                "the renew interval ({:?}) must be shorter than the lease duration ({}s)",
                self.renew_interval,
                self.lease_duration_seconds()
            ));
        }
        Ok(())
    }
}

/// A fresh holder identity: the lease name and a random UUID, so each start of a replica is told apart.
pub(crate) fn holder_identity(lease_name: &str) -> String {
    format!("{lease_name}_{}", uuid::Uuid::new_v4())
}

/// Lowercase alphanumerics and `-`, starting with a letter, at most 40 long: a label value that reads as a
/// component name.
fn is_component_name(text: &str) -> bool {
    text.len() <= 40
        && text.starts_with(|c: char| c.is_ascii_lowercase())
        && text.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holder_identities_differ_per_start() {
        let (first, second) = (holder_identity("apiserver-0123"), holder_identity("apiserver-0123"));
        assert_ne!(first, second);
        assert!(first.starts_with("apiserver-0123_"), "{first}");
    }

    #[test]
    fn durations_round_up_to_whole_seconds() {
        let mut settings = IdentitySettings::new("h");
        assert_eq!(settings.lease_duration_seconds(), 3600);
        settings.lease_duration = Duration::from_millis(1500);
        assert_eq!(settings.lease_duration_seconds(), 2);
        settings.lease_duration = Duration::ZERO;
        assert_eq!(settings.lease_duration_seconds(), 1);
    }

    #[test]
    fn unworkable_settings_are_refused() {
        assert_eq!(IdentitySettings::new("h").check(), Ok(()));
        let with = |change: fn(&mut IdentitySettings)| {
            let mut settings = IdentitySettings::new("h");
            change(&mut settings);
            settings.check()
        };
        assert!(with(|s| s.hostname = " ".into()).is_err());
        assert!(with(|s| s.component = "Kapi".into()).is_err());
        assert!(with(|s| s.renew_interval = Duration::ZERO).is_err());
        assert!(with(|s| s.renew_interval = Duration::from_secs(3600)).is_err());
        assert!(with(|s| s.lease_duration = Duration::from_secs(2)).is_err(), "renewing every 10 s a 2 s lease");
    }
}
