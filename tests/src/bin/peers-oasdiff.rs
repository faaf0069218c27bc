//! Prints the tables of docs/peers/oasdiff.md: `kapi diff` beside `oasdiff breaking` on oasdiff's own pairs and on
//! ours (see kapi_tests::oasdiff). Exits 1 when kapi misses a break oasdiff reports, or what a case expects of it.

use std::process::ExitCode;

use kapi_tests::oasdiff::{self, Outcome};

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(error) => {
            eprintln!("peers-oasdiff: {error}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<bool, String> {
    let binary = oasdiff::binary()?;
    let work = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut upstream = Vec::new();
    for case in oasdiff::upstream_cases()? {
        upstream.push(oasdiff::run(&binary, case)?);
    }
    let mut own = Vec::new();
    for case in oasdiff::own_pairs(work.path())? {
        own.push(oasdiff::run(&binary, case)?);
    }
    println!(
        "oasdiff {} (`oasdiff breaking BASE REVISION --format json --fail-on ERR`) beside `kapi diff BASE REVISION`\n",
        oasdiff::pinned_version()?
    );
    println!("oasdiff's pairs:\n\n{}", oasdiff::upstream_table(&upstream));
    println!("Our pairs (upstream Kubernetes 1.32 documents, one edit each):\n\n{}", oasdiff::own_table(&own));
    let all: Vec<&Outcome> = upstream.iter().chain(&own).collect();
    let agreeing = all.iter().filter(|outcome| outcome.agrees()).count();
    let peer_breaks: usize = all.iter().map(|outcome| outcome.oasdiff.len()).sum();
    let missed: usize = all.iter().map(|outcome| outcome.missed().len()).sum();
    println!(
        "{agreeing}/{} cases agree; oasdiff reported {peer_breaks} findings, kapi missed {missed} of them",
        all.len()
    );
    for outcome in &all {
        for peer in outcome.missed() {
            println!("missed: {} {} at {}", outcome.case.name, peer.id, peer.operation_name());
        }
    }
    Ok(agreeing == all.len())
}
