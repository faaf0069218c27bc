#!/usr/bin/env bash
# kapi's CRD for the example CronTab beside kube-derive's CRD for the same Rust fields, both run through
# `kapi check-crd`. docs/CRD.md shows excerpts of both outputs and the findings this script prints.
#
# The script writes a small kube-derive crate (never committed) into $KUBE_DERIVE_DIR, by default
# target/kube-derive-compare/. It has its own `[workspace]` table and target directory, so cargo builds it on its
# own, outside kapi's workspace. The crate declares the fields of schemas/src/example/stable_v1.rs (and the beta
# version of stable_v1beta1.rs, merged with kube's `merge_crds` as kube documents for several versions) with the
# same serde attributes, configured the way kube's documentation shows: `#[derive(CustomResource)]` with
# `#[kube(...)]` for names, scope, subresources, printer columns and the selectable field; `KubeSchema` with
# `#[x_kube(validation = ...)]` for the CEL rules and `#[x_kube(merge_strategy = ListMerge::Map(...))]` for the
# list-map; schemars' `length`, `range`, `pattern` and `extend` for value checks; k8s-openapi's IntOrString,
# Quantity and Time with its `schemars` feature.
#
# Versions (pinned below; the script prints what cargo resolved): kube 5.0.0 (kube-derive 5.0.0, kube-core
# 5.0.0) with only its `derive` feature, k8s-openapi 0.29.0 with `v1_37` (the newest Kubernetes it supports) and
# `schemars`, schemars 1.2.3, serde-saphyr 2.1.1 (the YAML writer kube's documentation uses, and kapi's too).
# The first run downloads and compiles these crates (a few minutes on two cores); later runs reuse the build.
#
# Usage: bash scripts/crd-vs-kube-derive.sh
# Writes into $KUBE_DERIVE_DIR: crontabs.stable.example.com.kube-derive.yaml (kube-derive's CRD), and prints the
# resolved versions, the sizes of both CRDs and `kapi check-crd`'s findings on each. Exits 0 whatever the
# findings (they are the point), non-zero when something cannot be built or run.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=${KUBE_DERIVE_DIR:-$root/target/kube-derive-compare}
kapi_crd=generated/crds/crontabs.stable.example.com.yaml
mkdir -p "$work/src"

# Writes stdin to $1 only when the bytes differ, so cargo does not rebuild an unchanged crate.
write_if_changed() {
  local tmp
  tmp=$(mktemp)
  cat >"$tmp"
  if cmp -s "$tmp" "$1"; then rm -f "$tmp"; else mv "$tmp" "$1"; fi
}

write_if_changed "$work/Cargo.toml" <<'EOF'
[package]
name = "crontab-kube-derive"
version = "0.1.0"
edition = "2024"
publish = false

# Not a member of kapi's workspace: this crate is built on its own.
[workspace]

[dependencies]
kube = { version = "=5.0.0", default-features = false, features = ["derive"] }
k8s-openapi = { version = "=0.29.0", features = ["v1_37", "schemars"] }
schemars = "=1.2.3"
serde = { version = "1", features = ["derive"] }
serde_json = "1"
serde-saphyr = "=2.1.1"
EOF

write_if_changed "$work/src/main.rs" <<'EOF'
//! The CronTab of kapi's schemas/src/example/stable_v1.rs and stable_v1beta1.rs, declared with kube-derive.
//! Prints the CRD as YAML.

use kube::core::crd::merge_crds;
use kube::CustomResourceExt;

mod v1 {
    use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
    use k8s_openapi::apimachinery::pkg::apis::meta::v1::Time;
    use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
    use kube::{CustomResource, KubeSchema};
    use schemars::JsonSchema;
    use serde::{Deserialize, Serialize};

    /// What a CronTab runs, when, and how many copies.
    #[derive(CustomResource, KubeSchema, Serialize, Deserialize, Clone, Debug)]
    #[kube(
        group = "stable.example.com",
        version = "v1",
        kind = "CronTab",
        plural = "crontabs",
        singular = "crontab",
        namespaced,
        shortname = "ct",
        category = "all",
        doc = "A container image run on a cron schedule.",
        status = "CronTabStatus",
        scale(
            spec_replicas_path = ".spec.replicas",
            status_replicas_path = ".status.replicas",
            label_selector_path = ".status.labelSelector"
        ),
        printcolumn(name = "Schedule", type_ = "string", json_path = ".spec.cronSpec"),
        printcolumn(name = "Replicas", type_ = "integer", json_path = ".spec.replicas"),
        printcolumn(name = "Image", type_ = "string", json_path = ".spec.image", priority = "1"),
        selectable = ".spec.image"
    )]
    #[serde(rename_all = "camelCase")]
    #[x_kube(validation = Rule::new("!has(self.maxReplicas) || self.replicas <= self.maxReplicas").message("replicas must not exceed maxReplicas"))]
    pub struct CronTabSpec {
        /// The schedule, as five space-separated cron fields (`*/5 * * * *`).
        #[schemars(length(max = 64), pattern(r"^(\S+\s+){4}\S+$"))]
        pub cron_spec: String,
        /// The container image to run; must be pinned to a tag other than `latest` or to a digest.
        #[schemars(length(min = 1))]
        #[x_kube(validation = Rule::new("!self.endsWith(':latest')").message("pin the image to a version"))]
        pub image: String,
        /// How many copies run at each scheduled time.
        #[serde(default = "default_replicas")]
        #[schemars(range(min = 0, max = 100))]
        pub replicas: i32,
        /// An upper bound for `replicas`, for autoscalers driving the `scale` subresource.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(min = 1))]
        pub max_replicas: Option<i32>,
        /// What to do when a run is due while the previous one is still going.
        #[serde(default)]
        pub concurrency_policy: ConcurrencyPolicy,
        /// Pauses scheduling when true. `null` and absent both mean "not suspended".
        #[serde(default)]
        pub suspend: Option<bool>,
        /// How many copies may be down during a rollout: a count or a percentage such as `"25%"`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub max_unavailable: Option<IntOrString>,
        /// The memory each copy may use, such as `256Mi`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub memory_limit: Option<Quantity>,
        /// Where to report finished runs.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub notification: Option<Notification>,
        /// How long to wait before retrying a failed run.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub backoff: Option<Backoff>,
        /// Ports the job listens on, one per name.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[schemars(length(max = 8))]
        #[x_kube(merge_strategy = ListMerge::Map(vec!["name".into()]))]
        pub ports: Vec<CronTabPort>,
        /// Free-form settings handed to the job unchanged; any JSON is kept as written.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub config: Option<serde_json::Value>,
    }

    fn default_replicas() -> i32 {
        1
    }

    fn default_protocol() -> String {
        "TCP".to_owned()
    }

    /// What happens when a run is due while the previous one is still going.
    #[derive(Serialize, Deserialize, JsonSchema, Clone, Copy, Debug, Default)]
    pub enum ConcurrencyPolicy {
        /// Start the new run alongside the old one.
        #[default]
        Allow,
        /// Skip the new run.
        Forbid,
        /// Stop the old run and start the new one.
        Replace,
    }

    /// Where to report finished runs: exactly one of a webhook or an e-mail address.
    #[derive(Serialize, Deserialize, JsonSchema, Clone, Debug)]
    #[serde(rename_all = "camelCase")]
    pub enum Notification {
        /// POST a summary to a URL.
        Webhook {
            /// The URL to call.
            url: String,
        },
        /// Send a summary by e-mail.
        Email {
            /// The recipient.
            address: String,
        },
    }

    /// The wait before retrying a failed run: a fixed number of seconds, or an exponential policy.
    #[derive(Serialize, Deserialize, JsonSchema, Clone, Debug)]
    #[serde(untagged)]
    pub enum Backoff {
        /// Always wait the same time.
        Fixed {
            /// The wait, in seconds.
            #[schemars(range(min = 1))]
            seconds: i64,
        },
        /// Double the wait after every failure.
        Exponential(ExponentialBackoff),
    }

    /// A wait that doubles after every failure, up to a limit.
    #[derive(Serialize, Deserialize, JsonSchema, Clone, Debug)]
    #[serde(rename_all = "camelCase")]
    pub struct ExponentialBackoff {
        /// The first wait, in seconds.
        #[schemars(range(min = 1))]
        pub initial_seconds: i64,
        /// The longest wait, in seconds.
        #[schemars(range(min = 1))]
        pub max_seconds: i64,
    }

    /// A named port of a CronTab's job.
    #[derive(Serialize, Deserialize, JsonSchema, Clone, Debug)]
    pub struct CronTabPort {
        /// The port's name, a DNS label of at most 15 characters.
        #[schemars(length(max = 15), pattern(r"^[a-z]([-a-z0-9]*[a-z0-9])?$"))]
        pub name: String,
        /// The port number.
        #[schemars(range(min = 1, max = 65535))]
        pub port: i32,
        /// The transport protocol.
        #[serde(default = "default_protocol")]
        #[schemars(extend("enum" = ["TCP", "UDP"]))]
        pub protocol: String,
    }

    /// What the controller last observed.
    #[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, Default)]
    #[serde(rename_all = "camelCase")]
    pub struct CronTabStatus {
        /// How many copies ran at the last scheduled time.
        #[serde(default)]
        pub replicas: i32,
        /// The label selector of the copies, in string form; read by the `scale` subresource.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub label_selector: Option<String>,
        /// When the job was last started.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub last_schedule_time: Option<Time>,
    }
}

mod v1beta1 {
    use k8s_openapi::apimachinery::pkg::apis::meta::v1::Time;
    use kube::CustomResource;
    use schemars::JsonSchema;
    use serde::{Deserialize, Serialize};

    /// The schedule and the image of a beta CronTab.
    #[derive(CustomResource, JsonSchema, Serialize, Deserialize, Clone, Debug)]
    #[kube(
        group = "stable.example.com",
        version = "v1beta1",
        kind = "CronTab",
        plural = "crontabs",
        singular = "crontab",
        namespaced,
        shortname = "ct",
        category = "all",
        doc = "A container image run on a cron schedule (beta form).",
        status = "CronTabStatus",
        storage = false,
        deprecated = "CronTab v1beta1 is deprecated; move to CronTab v1"
    )]
    #[serde(rename_all = "camelCase")]
    pub struct CronTabSpec {
        /// When to run, in the five-field cron syntax.
        pub cron_spec: String,
        /// The container image to start.
        pub image: String,
        /// How many copies to start each time; the controller starts one when this is unset.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub replicas: Option<i32>,
    }

    /// What the controller last saw of a beta CronTab.
    #[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, Default)]
    #[serde(rename_all = "camelCase")]
    pub struct CronTabStatus {
        /// When a run last started.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub last_schedule_time: Option<Time>,
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let crd = merge_crds(vec![v1::CronTab::crd(), v1beta1::CronTab::crd()], "v1")?;
    print!("{}", serde_saphyr::to_string(&crd)?);
    Ok(())
}
EOF

kube_crd=$work/crontabs.stable.example.com.kube-derive.yaml
echo "== building the kube-derive crate in $work"
# Its own target directory: the workspace's CARGO_TARGET_DIR, if set, is not this crate's.
(cd "$work" && CARGO_TARGET_DIR="$work/target" cargo build --quiet)
"$work/target/debug/crontab-kube-derive" >"$kube_crd"

echo "== versions cargo resolved"
for crate in kube kube-derive kube-core k8s-openapi schemars serde-saphyr; do
  awk -v name="$crate" '$0 == "name = \"" name "\"" {getline; gsub(/version = |"/, ""); print name " " $0}' \
    "$work/Cargo.lock"
done

echo "== building kapi"
bash scripts/need-protoc.sh
cargo build --quiet -p kapi-cli --bin kapi
kapi=${CARGO_TARGET_DIR:-$root/target}/debug/kapi

echo "== sizes (bytes; both YAML written by serde-saphyr)"
wc -c "$kapi_crd" "${kube_crd#"$root"/}" | sed '$d'

# `kapi check-crd` exits 1 when a CRD has errors: both findings are printed either way. Any other failure stops.
for crd in "$kapi_crd" "${kube_crd#"$root"/}"; do
  echo "== kapi check-crd $crd"
  status=0
  "$kapi" check-crd "$crd" || status=$?
  if [ "$status" -gt 1 ]; then exit "$status"; fi
done
