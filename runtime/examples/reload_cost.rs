//! What a reload costs when a little of a large bundle changed, against building the same bundle from scratch.
//!
//! `reload_cost BEFORE_DIR AFTER_DIR [RUNS]` measures, median of RUNS each:
//! - a full start on AFTER: reading the directory (what a server reads of it, `kapi_runtime::SERVED_ENTRIES`), then
//!   building its bundle from scratch;
//! - a reload as `kapi serve --dir` does it: a live copy of BEFORE is read and served; AFTER's changes are then
//!   written into it the way `kapi generate` writes (only files whose bytes changed, each to a temporary file
//!   renamed into place, and the files AFTER lacks removed), and the live directory is read again, taking the
//!   unchanged files from the last read, and its bundle built reusing the serving one (timed to the swap; a changed
//!   OpenAPI v2 document is encoded after it, timed apart).
//!
//! Two more builds show where a reload's time goes: the same bundle again (nothing changed) from bytes read apart
//! (so compared byte by byte), and the reload with the OpenAPI v2 document left out of both bundles (it lists every
//! group, so any change re-encodes it). `benches/incremental.sh` runs it on the synthetic corpus.

use std::path::Path;
use std::time::{Duration, Instant};

use kapi_runtime::{Bundle, Files, LoadOptions, Tree};

const SWAGGER: &str = "openapi/v2/swagger.json";

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [before_dir, after_dir, rest @ ..] = args.as_slice() else {
        return Err("usage: reload_cost BEFORE_DIR AFTER_DIR [RUNS]".to_owned());
    };
    let runs: usize = rest.first().map_or(Ok(3), |runs| runs.parse()).map_err(|e| format!("RUNS: {e}"))?;
    let options = LoadOptions::default();
    let millis = |d: Duration| d.as_secs_f64() * 1000.0;

    // A full start: the whole directory read, every document encoded.
    let mut reads = Vec::new();
    let mut after = Files::new();
    for _ in 0..runs.max(1) {
        let started = Instant::now();
        after = read(after_dir)?;
        reads.push(started.elapsed());
    }
    let reading = median(reads);
    let (full, encoded_full, _) = median_build(&after, None, &options, runs)?;

    // Reloads of a live directory, each starting from BEFORE's bundle serving.
    let before = read(before_dir)?;
    let mut timings = Vec::new();
    for _ in 0..runs.max(1) {
        timings.push(live_reload(&before, &after, &options)?);
    }
    let pick = |field: fn(&Live) -> Duration| median(timings.iter().map(field).collect());
    let (reread, reload, deferred) = (pick(|t| t.reread), pick(|t| t.reload), pick(|t| t.deferred));
    let Live { read_from_disk, encoded, .. } = timings[0];

    let serving_after = build(after.clone(), None, &options)?;
    let copied: Files = after.iter().map(|(path, bytes)| (path.clone(), bytes.to_vec().into())).collect();
    let (again, _, _) = median_build(&copied, Some(&serving_after), &options, runs)?;
    drop((serving_after, copied));
    let without_v2 = |files: &Files| {
        files.iter().filter(|(path, _)| *path != SWAGGER).map(|(p, b)| (p.clone(), b.clone())).collect::<Files>()
    };
    let serving_v2less = build(without_v2(&before), None, &options)?;
    let (reload_v2less, _, _) = median_build(&without_v2(&after), Some(&serving_v2less), &options, runs)?;

    let bytes: usize = after.values().map(|b| b.len()).sum();
    println!("files: {} ({bytes} bytes)", after.len());
    println!(
        "full start: {:.0} ms reading the directory + {:.0} ms building, {encoded_full} documents encoded",
        millis(reading),
        millis(full)
    );
    println!(
        "reload of the live directory: {:.0} ms reading it again ({read_from_disk} files read, the rest reused) + \
         {:.0} ms building to the swap, {encoded} documents encoded or deferred;",
        millis(reread),
        millis(reload)
    );
    println!("  then, while the new bundle serves, the deferred OpenAPI v2 document: {:.0} ms", millis(deferred));
    println!("  the same bundle again from bytes read apart (compared byte by byte): {:.0} ms", millis(again));
    println!("  the reload without {SWAGGER} in either bundle: {:.0} ms", millis(reload_v2less));
    println!(
        "full start / reload = {:.1} (building alone: {:.1})",
        (full + reading).as_secs_f64() / (reload + reread).as_secs_f64(),
        full.as_secs_f64() / reload.as_secs_f64()
    );
    Ok(())
}

/// What one reload of a live directory took.
#[derive(Clone, Copy)]
struct Live {
    reread: Duration,
    reload: Duration,
    deferred: Duration,
    read_from_disk: usize,
    encoded: usize,
}

/// Serves a live copy of `before`, writes `after`'s changes into it, and times reading and reloading it.
fn live_reload(before: &Files, after: &Files, options: &LoadOptions) -> Result<Live, String> {
    let live = tempfile::tempdir().map_err(|e| e.to_string())?;
    for (path, bytes) in before {
        write(live.path(), path, bytes)?;
    }
    // Files changed within a second of a read are read again by the next one: let the copy age first.
    std::thread::sleep(Duration::from_millis(1100));
    let first = Tree::read(live.path()).map_err(|e| e.to_string())?;
    let serving = build(first.files().clone(), None, options)?;
    for (path, bytes) in after {
        if before.get(path) != Some(bytes) {
            write(live.path(), path, bytes)?;
        }
    }
    for path in before.keys().filter(|path| !after.contains_key(*path)) {
        std::fs::remove_file(live.path().join(path)).map_err(|e| format!("{path}: {e}"))?;
    }
    let started = Instant::now();
    let tree = Tree::read_reusing(live.path(), Some(&first)).map_err(|e| e.to_string())?;
    let reread = started.elapsed();
    let files = tree.files().clone();
    let started = Instant::now();
    let bundle = build(files, Some(&serving), options)?;
    let reload = started.elapsed();
    let deferred = bundle.encode_deferred().map_err(|e| e.to_string())?.unwrap_or_default();
    if tree.files() != after {
        return Err("the live directory does not hold AFTER's files".to_owned());
    }
    Ok(Live {
        reread,
        reload,
        deferred,
        read_from_disk: tree.read_from_disk(),
        encoded: bundle.encoded_documents().len(),
    })
}

/// Writes a file as `kapi generate` does: to a temporary file beside it, renamed into place.
fn write(root: &Path, path: &str, bytes: &[u8]) -> Result<(), String> {
    let target = root.join(path);
    let parent = target.parent().ok_or_else(|| format!("{path}: no parent"))?;
    std::fs::create_dir_all(parent).map_err(|e| format!("{path}: {e}"))?;
    let temporary = parent.join(".reload_cost.tmp");
    std::fs::write(&temporary, bytes).map_err(|e| format!("{path}: {e}"))?;
    std::fs::rename(&temporary, &target).map_err(|e| format!("{path}: {e}"))
}

/// What `kapi serve --dir` reads of a directory ([`kapi_runtime::SERVED_ENTRIES`]).
fn read(dir: &str) -> Result<Files, String> {
    Tree::read(Path::new(dir)).map(|tree| tree.files().clone()).map_err(|e| e.to_string())
}

fn build(files: Files, previous: Option<&Bundle>, options: &LoadOptions) -> Result<Bundle, String> {
    Bundle::from_files_reusing(files, options, previous).map_err(|e| e.to_string())
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// The median time of building `files` (reusing `previous`, if any) until it can be swapped in, with how many
/// documents a build encoded and the median time of what it deferred to after the swap.
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
    Ok((median(times), encoded, median(deferred)))
}
