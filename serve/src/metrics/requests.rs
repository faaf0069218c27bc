//! Request counts and latencies as plain atomics: every request increments a counter and a histogram bucket
//! without a lock or a map lookup, and a scrape reads them all into `kapi_http_requests` and
//! `kapi_http_request_duration_seconds` (a collector, so the two families keep their names and labels).
//!
//! The cells are sharded by thread, so cores serving requests at once do not pass the same cache lines back and
//! forth; a scrape sums the shards.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeLabelSet, EncodeMetric as _, NoLabelSet};
use prometheus_client::metrics::MetricType;
use prometheus_client::metrics::counter::ConstCounter;
use prometheus_client::registry::Unit;

use super::class::{ClassNames, EndpointClass, SLOTS};

/// The status codes with a counter of their own; any other is counted in a (locked) map.
const CODES: [u16; 25] = [
    200, 201, 204, 301, 302, 304, 400, 401, 403, 404, 405, 406, 408, 410, 413, 414, 415, 422, 429, 431, 500, 501, 502,
    503, 504,
];
const METHODS: [&str; 3] = ["GET", "HEAD", "other"];
/// Histogram upper bounds in seconds: 50 µs × 3ⁿ, n = 0‥10 (a served bundle answers in microseconds; the top
/// buckets catch stalls), then +Inf.
const BOUNDS: [f64; 11] =
    [0.000_05, 0.000_15, 0.000_45, 0.001_35, 0.004_05, 0.012_15, 0.036_45, 0.109_35, 0.328_05, 0.984_15, 2.952_45];

#[derive(Debug, Default)]
struct Latency {
    /// Per-bucket counts (not cumulative); the last is +Inf.
    buckets: [AtomicU64; BOUNDS.len() + 1],
    count: AtomicU64,
    sum_nanos: AtomicU64,
}

impl Latency {
    fn observe(&self, elapsed: Duration) {
        let seconds = elapsed.as_secs_f64();
        let bucket = BOUNDS.iter().position(|&bound| seconds <= bound).unwrap_or(BOUNDS.len());
        self.buckets[bucket].fetch_add(1, Relaxed);
        self.count.fetch_add(1, Relaxed);
        self.sum_nanos.fetch_add(u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX), Relaxed);
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct RequestLabels {
    class: &'static str,
    method: &'static str,
    code: u16,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct LatencyLabels {
    class: &'static str,
    code: u16,
}

/// (class index, method index, code) of a code outside [`CODES`].
type OtherKey = (usize, usize, u16);

/// Shards: more than the cores that serve requests on the machines this runs on; threads share beyond that.
const SHARDS: usize = 8;

thread_local! {
    /// This thread's shard, assigned round robin on first use.
    static SHARD: usize = {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        usize::try_from(NEXT.fetch_add(1, Relaxed)).unwrap_or_default() % SHARDS
    };
}

/// Counters by (class, method, code) and histograms by (class, code), one block of each per shard.
#[derive(Debug)]
pub(crate) struct RequestMetrics {
    counts: Box<[AtomicU64]>,
    latencies: Box<[Latency]>,
    /// Codes outside [`CODES`], rare enough for a lock.
    other_codes: Mutex<BTreeMap<OtherKey, (u64, Latency)>>,
    /// The label value of each class slot.
    pub(super) classes: ClassNames,
}

impl Default for RequestMetrics {
    fn default() -> Self {
        let classes = SLOTS;
        Self {
            counts: (0..SHARDS * classes * METHODS.len() * CODES.len()).map(|_| AtomicU64::new(0)).collect(),
            latencies: (0..SHARDS * classes * CODES.len()).map(|_| Latency::default()).collect(),
            other_codes: Mutex::default(),
            classes: ClassNames::default(),
        }
    }
}

impl RequestMetrics {
    /// Counts one request and its latency.
    pub fn observe(&self, class: EndpointClass, method: &str, code: u16, elapsed: Duration) {
        let class = class.slot();
        let method = match method {
            "GET" => 0,
            "HEAD" => 1,
            _ => 2,
        };
        match CODES.iter().position(|&known| known == code) {
            Some(slot) => {
                let shard = SHARD.with(|shard| *shard);
                let counts = self.counts.len() / SHARDS;
                self.counts[shard * counts + (class * METHODS.len() + method) * CODES.len() + slot]
                    .fetch_add(1, Relaxed);
                let latencies = self.latencies.len() / SHARDS;
                self.latencies[shard * latencies + class * CODES.len() + slot].observe(elapsed);
            }
            None => {
                let mut other = self.other_codes.lock().unwrap_or_else(PoisonError::into_inner);
                let entry = other.entry((class, method, code)).or_default();
                entry.0 += 1;
                entry.1.observe(elapsed);
            }
        }
    }
}

impl Collector for RequestMetrics {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let other = self.other_codes.lock().unwrap_or_else(PoisonError::into_inner);
        let classes = &self.classes;
        {
            let help = "HTTP requests by endpoint class, method and code";
            let mut family = encoder.encode_descriptor("kapi_http_requests", help, None, MetricType::Counter)?;
            let per_shard = self.counts.len() / SHARDS;
            for index in 0..per_shard {
                let count: u64 = (0..SHARDS).map(|shard| self.counts[shard * per_shard + index].load(Relaxed)).sum();
                if count > 0 {
                    let (rest, code) = (index / CODES.len(), CODES[index % CODES.len()]);
                    let (class, method) = (classes.name(rest / METHODS.len()), METHODS[rest % METHODS.len()]);
                    let labels = RequestLabels { class, method, code };
                    ConstCounter::new(count).encode(family.encode_family(&labels)?)?;
                }
            }
            for (&(class, method, code), (count, _)) in other.iter() {
                let labels = RequestLabels { class: classes.name(class), method: METHODS[method], code };
                ConstCounter::new(*count).encode(family.encode_family(&labels)?)?;
            }
        }
        let help = "HTTP request latency by endpoint class and code";
        let mut family = encoder.encode_descriptor(
            "kapi_http_request_duration",
            help,
            Some(&Unit::Seconds),
            MetricType::Histogram,
        )?;
        let mut by_labels: BTreeMap<(usize, u16), Vec<&Latency>> = BTreeMap::new();
        let per_shard = self.latencies.len() / SHARDS;
        for (index, latency) in self.latencies.iter().enumerate() {
            if latency.count.load(Relaxed) > 0 {
                let index = index % per_shard;
                by_labels.entry((index / CODES.len(), CODES[index % CODES.len()])).or_default().push(latency);
            }
        }
        for (&(class, _, code), (_, latency)) in other.iter() {
            by_labels.entry((class, code)).or_default().push(latency);
        }
        for ((class, code), latencies) in by_labels {
            let labels = LatencyLabels { class: classes.name(class), code };
            encode_histogram(family.encode_family(&labels)?, &latencies)?;
        }
        Ok(())
    }
}

/// One histogram series, summing `latencies` (its shards, and the other-code map's methods).
fn encode_histogram(
    mut encoder: prometheus_client::encoding::MetricEncoder<'_>,
    latencies: &[&Latency],
) -> Result<(), std::fmt::Error> {
    let total = |read: &dyn Fn(&Latency) -> u64| latencies.iter().map(|l| read(l)).sum::<u64>();
    let count = total(&|l| l.count.load(Relaxed));
    let sum = Duration::from_nanos(total(&|l| l.sum_nanos.load(Relaxed))).as_secs_f64();
    let mut buckets: Vec<(f64, u64)> = BOUNDS.iter().copied().chain([f64::MAX]).map(|bound| (bound, 0)).collect();
    for (index, bucket) in buckets.iter_mut().enumerate() {
        bucket.1 = total(&|l| l.buckets[index].load(Relaxed));
    }
    encoder.encode_histogram::<NoLabelSet>(sum, count, &buckets, None)
}
