//! What a reload costs when a little of a large bundle changed, against building the same bundle from scratch.
//!
//! `reload_cost BEFORE_DIR AFTER_DIR [RUNS]`: builds BEFORE's bundle, then AFTER's both ways, RUNS times each
//! (median reported): from scratch, and reusing BEFORE's bundle as `kapi serve` does on a reload (timed to the
//! swap; a changed OpenAPI v2 document is encoded after it, timed apart). Reading the
//! directory is timed on its own (a reload reads the whole tree; both builds then start from the same bytes).
//! Two more reloads show where a reload's time goes: the same bundle again (nothing changed), and the reload with
//! the OpenAPI v2 document left out of both bundles (it lists every group, so any change re-encodes it).
//! `benches/incremental.sh` runs it on the synthetic corpus.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use kapi_runtime::{Bundle, LoadOptions, read_tree};

type Files = BTreeMap<String, Vec<u8>>;

const SWAGGER: &str = "openapi/v2/swagger.json";

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [before_dir, after_dir, rest @ ..] = args.as_slice() else {
        return Err("usage: reload_cost BEFORE_DIR AFTER_DIR [RUNS]".to_owned());
    };
    let runs: usize = rest.first().map_or(Ok(3), |runs| runs.parse()).map_err(|e| format!("RUNS: {e}"))?;
    let options = LoadOptions::default();
    let before = read(before_dir)?;
    let started = Instant::now();
    let after = read(after_dir)?;
    let reading = started.elapsed();

    let (full, encoded_full, _) = median_build(&after, None, &options, runs)?;
    let serving = build(before.clone(), None, &options)?;
    let (reload, encoded_reload, deferred) = median_build(&after, Some(&serving), &options, runs)?;
    drop(serving);
    let serving_after = build(after.clone(), None, &options)?;
    let (again, _, _) = median_build(&after, Some(&serving_after), &options, runs)?;
    drop(serving_after);
    let without_v2 = |files: &Files| {
        files.iter().filter(|(path, _)| *path != SWAGGER).map(|(p, b)| (p.clone(), b.clone())).collect::<Files>()
    };
    let serving_v2less = build(without_v2(&before), None, &options)?;
    let (reload_v2less, _, _) = median_build(&without_v2(&after), Some(&serving_v2less), &options, runs)?;

    let millis = |d: Duration| d.as_secs_f64() * 1000.0;
    let bytes: usize = after.values().map(Vec::len).sum();
    println!("files: {} ({bytes} bytes); reading the directory: {:.0} ms", after.len(), millis(reading));
    println!("full build: {:.0} ms, {encoded_full} documents encoded", millis(full));
    println!(
        "reload reusing the serving bundle: {:.0} ms to the swap, {encoded_reload} documents encoded or deferred;",
        millis(reload)
    );
    println!("  then, while the new bundle serves, the deferred OpenAPI v2 document: {:.0} ms", millis(deferred));
    println!("  the same bundle again (nothing changed): {:.0} ms", millis(again));
    println!("  the reload without {SWAGGER} in either bundle: {:.0} ms", millis(reload_v2less));
    println!(
        "full / reload = {:.1}; with the directory read in both: {:.1}",
        full.as_secs_f64() / reload.as_secs_f64(),
        (full + reading).as_secs_f64() / (reload + reading).as_secs_f64()
    );
    Ok(())
}

fn read(dir: &str) -> Result<Files, String> {
    read_tree(Path::new(dir)).map_err(|e| e.to_string())
}

fn build(files: Files, previous: Option<&Bundle>, options: &LoadOptions) -> Result<Bundle, String> {
    Bundle::from_files_reusing(files, options, previous).map_err(|e| e.to_string())
}

/// The median time of building `files` (reusing `previous`, if any) until it can be swapped in, with how many
/// documents a build encoded and the median time of what it deferred to after the swap. The files are copied before
/// the clock starts: a server's reload owns the bytes it has just read.
fn median_build(
    files: &Files,
    previous: Option<&Bundle>,
    options: &LoadOptions,
    runs: usize,
) -> Result<(Duration, usize, Duration), String> {
    let mut times = Vec::new();
    let mut deferred = Vec::new();
    let mut encoded = 0;
    for _ in 0..runs.max(1) {
        let copy = files.clone();
        let started = Instant::now();
        let bundle = build(copy, previous, options)?;
        times.push(started.elapsed());
        encoded = bundle.encoded_documents().len();
        deferred.push(bundle.encode_deferred().map_err(|e| e.to_string())?.unwrap_or_default());
    }
    times.sort();
    deferred.sort();
    Ok((times[times.len() / 2], encoded, deferred[deferred.len() / 2]))
}
