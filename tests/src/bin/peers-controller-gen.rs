//! Prints the table of docs/peers/controller-gen.md: every difference between kapi's CRDs (`generated/crds/`) and
//! controller-gen's for the same kinds (the Go types of `tests/peers-data/controller-gen`), with its verdict from
//! `tests/peers-controller-gen-differences.toml`. Exits 1 when a difference has no verdict or an entry of the list
//! matches nothing, 2 when controller-gen cannot be built or run. `scripts/peers/controller-gen.sh` runs it.

use std::process::ExitCode;

use kapi_tests::controller_gen;

fn main() -> ExitCode {
    let run = || -> Result<controller_gen::Comparison, String> {
        let binary = controller_gen::binary()?;
        let out = tempfile::tempdir().map_err(|e| format!("a temporary directory: {e}"))?;
        controller_gen::compare_all(&controller_gen::generate(&binary, out.path())?)
    };
    let comparison = match run() {
        Ok(comparison) => comparison,
        Err(message) => {
            eprintln!("peers-controller-gen: {message}");
            return ExitCode::from(2);
        }
    };
    print!("{}", comparison.table());
    let (explained, unexplained) = (comparison.rows.len() - comparison.unexplained().len(), comparison.unexplained());
    println!();
    println!(
        "{} differences in {} CRDs: {explained} explained, {} unexplained, {} stale allow-list entries",
        comparison.rows.len(),
        controller_gen::CRDS.len(),
        unexplained.len(),
        comparison.stale.len()
    );
    for difference in &unexplained {
        println!("unexplained: {difference}");
    }
    for entry in &comparison.stale {
        println!("stale: {} {} {} {} matches no difference", entry.crd, entry.version, entry.path, entry.keyword);
    }
    if unexplained.is_empty() && comparison.stale.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
