//! `kapi serve`'s identity options: where the replicas' leases live (this process, or etcd), the host name and
//! component a replica identifies as, and the heartbeat and collection timing.

use std::time::Duration;

use clap::Args;
use kapi_runtime::Handle;
use kapi_runtime::identity::{self, DEFAULT_COMPONENT, DEFAULT_KEY_PREFIX, EtcdSettings, IdentitySettings, LeaseStore};

/// Options of `kapi serve` for identity leases.
#[derive(Debug, Args)]
pub struct IdentityArgs {
    /// Where identity leases live: `memory` (this process only) or `etcd://HOST:PORT[,HOST:PORT]...`, shared by
    /// every replica pointed at the same etcd cluster.
    #[arg(long, value_name = "memory|etcd://HOST:PORT,...", default_value = "memory")]
    lease_store: String,
    /// The etcd key prefix leases are stored under (`<prefix><namespace>/<name>`, JSON values).
    #[arg(long, value_name = "PREFIX", default_value = DEFAULT_KEY_PREFIX)]
    lease_prefix: String,
    /// Seconds one lease store request may take before the store counts as unavailable.
    #[arg(long, value_name = "SECONDS", default_value_t = 5.0)]
    lease_store_timeout: f64,
    /// The host name this replica identifies as (label `kubernetes.io/hostname`; the lease name hashes it).
    /// Defaults to the machine's.
    #[arg(long, value_name = "NAME")]
    hostname: Option<String>,
    /// The component this replica identifies as (label `apiserver.kubernetes.io/identity`; the lease name hashes it).
    #[arg(long, value_name = "NAME", default_value = DEFAULT_COMPONENT)]
    identity_component: String,
    /// Seconds between renewals of this replica's lease.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    identity_lease_renew_interval: f64,
    /// Seconds a lease stays valid after its last renewal (whole seconds).
    #[arg(long, value_name = "SECONDS", default_value_t = 3600)]
    identity_lease_duration: u32,
    /// Seconds past expiry before a lease is collected.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    identity_lease_gc_grace: f64,
    /// Seconds between searches for expired leases.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    identity_lease_gc_interval: f64,
}

impl IdentityArgs {
    /// Opens the lease store and starts this replica's lease controller and collector on `handle`.
    pub async fn start(&self, handle: &Handle) -> Result<identity::IdentityTasks, String> {
        let settings = self.settings()?;
        let store = self.store().await?;
        tracing::info!(store = %store.describe(), lease = %settings.lease_name(), hostname = %settings.hostname,
            "holding an identity lease");
        identity::start(handle, store, settings).map_err(|e| format!("identity lease: {e}"))
    }

    fn settings(&self) -> Result<IdentitySettings, String> {
        let hostname = match &self.hostname {
            Some(name) => name.clone(),
            None => machine_hostname(),
        };
        Ok(IdentitySettings {
            component: self.identity_component.clone(),
            renew_interval: seconds("--identity-lease-renew-interval", self.identity_lease_renew_interval)?,
            lease_duration: Duration::from_secs(u64::from(self.identity_lease_duration)),
            collection_grace: Duration::try_from_secs_f64(self.identity_lease_gc_grace).map_err(|_| {
                format!("--identity-lease-gc-grace expects seconds, got {}", self.identity_lease_gc_grace)
            })?,
            collection_interval: seconds("--identity-lease-gc-interval", self.identity_lease_gc_interval)?,
            ..IdentitySettings::new(hostname)
        })
    }

    async fn store(&self) -> Result<LeaseStore, String> {
        let endpoints = parse_store(&self.lease_store)?;
        if endpoints.is_empty() {
            return Ok(LeaseStore::memory());
        }
        if !self.lease_prefix.starts_with('/') || !self.lease_prefix.ends_with('/') {
            return Err(format!("--lease-prefix must start and end with '/', got {:?}", self.lease_prefix));
        }
        let settings = EtcdSettings {
            endpoints,
            key_prefix: self.lease_prefix.clone(),
            request_timeout: seconds("--lease-store-timeout", self.lease_store_timeout)?,
        };
        LeaseStore::etcd(settings).await.map_err(|e| format!("--lease-store {}: {e}", self.lease_store))
    }
}

/// `memory` → no endpoints; `etcd://a:1,b:2` → `http://a:1`, `http://b:2`.
fn parse_store(value: &str) -> Result<Vec<String>, String> {
    if value == "memory" {
        return Ok(Vec::new());
    }
    let hosts = value
        .strip_prefix("etcd://")
        .ok_or_else(|| format!("--lease-store expects `memory` or `etcd://HOST:PORT[,HOST:PORT]...`, got {value:?}"))?;
    hosts
        .split(',')
        .map(|host| {
            let host = host.trim();
            let valid =
                host.rsplit_once(':').is_some_and(|(name, port)| !name.is_empty() && port.parse::<u16>().is_ok());
            if valid { Ok(format!("http://{host}")) } else { Err(format!("--lease-store: {host:?} is not HOST:PORT")) }
        })
        .collect()
}

fn seconds(flag: &str, value: f64) -> Result<Duration, String> {
    Duration::try_from_secs_f64(value)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| format!("{flag} expects a positive number of seconds, got {value}"))
}

/// The kernel's host name, as `hostname` prints it; `localhost` when it cannot be read.
pub(crate) fn machine_hostname() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "localhost".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_urls_name_memory_or_etcd_endpoints() {
        assert_eq!(parse_store("memory"), Ok(Vec::new()));
        assert_eq!(
            parse_store("etcd://127.0.0.1:2379,[::1]:2380"),
            Ok(vec!["http://127.0.0.1:2379".to_owned(), "http://[::1]:2380".to_owned()])
        );
        for bad in ["etcd://", "etcd://host", "etcd://host:port", "redis://x:1", "etcd://:1"] {
            assert!(parse_store(bad).is_err(), "{bad}");
        }
    }
}
