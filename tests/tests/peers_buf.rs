//! kapi diff's wire rules beside `buf breaking` with buf's `WIRE_JSON` category (issue 43, acceptance 4): on every
//! pair of kapi's wire fixtures, on generated/ at two revisions, and on generated/ with edits made here, both tools
//! must find the same set of (file, message or enum, field or value, rule) findings, buf's rule ids mapped to kapi's
//! (peers_buf/buf.rs, docs/peers/buf.md). Each test prints its table (scripts/peers/buf.sh shows them).

mod buf;
mod finding;
mod kapi;
mod pairs;

use std::collections::BTreeMap;
use std::path::Path;

use finding::Finding;
use pairs::Pair;

/// What comparing one pair found.
struct Outcome {
    name: String,
    buf: Vec<Finding>,
    kapi: Vec<Finding>,
}

impl Outcome {
    fn same(&self) -> bool {
        self.buf == self.kapi
    }

    /// The table's row: the pair, each tool's count, the rules found, and whether the sets agree.
    fn row(&self) -> String {
        let mut rules: BTreeMap<&str, usize> = BTreeMap::new();
        for finding in &self.kapi {
            *rules.entry(finding.rule.as_str()).or_default() += 1;
        }
        let rules: Vec<String> = rules
            .into_iter()
            .map(|(rule, n)| if n == 1 { format!("`{rule}`") } else { format!("`{rule}` ×{n}") })
            .collect();
        let rules = if rules.is_empty() { "none".to_owned() } else { rules.join(", ") };
        let verdict = if self.same() { "same" } else { "**differ**" };
        format!("| {} | {} | {} | {rules} | {verdict} |", self.name, self.buf.len(), self.kapi.len())
    }

    /// What one tool found that the other did not.
    fn difference(&self) -> String {
        let only = |mine: &[Finding], theirs: &[Finding]| -> Vec<String> {
            mine.iter().filter(|f| !theirs.contains(f)).map(ToString::to_string).collect()
        };
        format!(
            "{}:\n  buf only: {:#?}\n  kapi only: {:#?}",
            self.name,
            only(&self.buf, &self.kapi),
            only(&self.kapi, &self.buf)
        )
    }
}

/// Runs both tools on every pair (buf on a few threads: each run takes a fraction of a second) and prints the
/// table under `title`; fails when a pair's findings differ.
fn compare_all(buf_binary: &Path, title: &str, pairs: Vec<Pair>) {
    let chunk = pairs.len().div_ceil(4).max(1);
    let mut outcomes: Vec<Outcome> = std::thread::scope(|scope| {
        let workers: Vec<_> = pairs
            .chunks(chunk)
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|pair| {
                            let mut buf = buf::findings(buf_binary, &pair.old, &pair.new);
                            let mut kapi = kapi::findings(&pair.old, &pair.new);
                            buf.sort();
                            kapi.sort();
                            Outcome { name: pair.name.clone(), buf, kapi }
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|worker| worker.join().expect("a comparison")).collect()
    });
    outcomes.sort_by(|a, b| a.name.cmp(&b.name));
    let same = outcomes.iter().filter(|o| o.same()).count();
    let findings: usize = outcomes.iter().map(|o| o.buf.len()).sum();
    println!("\n{title}: {same}/{} pairs with the same findings ({findings} buf findings)\n", outcomes.len());
    println!("| pair | buf | kapi | kapi's rules | findings |");
    println!("| --- | ---: | ---: | --- | --- |");
    for outcome in &outcomes {
        println!("{}", outcome.row());
    }
    let differing: Vec<String> = outcomes.iter().filter(|o| !o.same()).map(Outcome::difference).collect();
    assert!(differing.is_empty(), "buf and kapi differ:\n{}", differing.join("\n"));
}

#[test]
fn buf_and_kapi_agree_on_every_wire_fixture() {
    let Some(buf) = buf::binary() else { return };
    let pairs = pairs::fixtures();
    assert!(pairs.len() >= 60, "{} fixture pairs", pairs.len());
    compare_all(&buf, "kapi's wire fixtures (diff/tests/wire_pairs)", pairs);
}

/// Two commits of generated/ around go-to-protobuf's embedded structs (da71131) and its field names (fe6d45b):
/// fields moved into embedded messages and renamed.
const REVISIONS: [(&str, &str); 2] = [("da71131^", "cd87101"), ("4cd3dca^", "cd87101")];

#[test]
fn buf_and_kapi_agree_on_generated_at_two_revisions() {
    let Some(buf) = buf::binary() else { return };
    let mut pairs = Vec::new();
    for (old, new) in REVISIONS {
        match (pairs::generated_at(old), pairs::generated_at(new)) {
            (Some(old_tree), Some(new_tree)) => {
                pairs.push(Pair { name: format!("generated/ {old} → {new}"), old: old_tree, new: new_tree })
            }
            _ => {
                let message = format!("this clone lacks commit {old} or {new}");
                assert!(std::env::var_os("CI").is_none(), "{message}");
                eprintln!("\n!!! SKIPPING generated/ {old} → {new}: {message} !!!\n");
            }
        }
    }
    compare_all(&buf, "generated/ at two revisions", pairs);
}

#[test]
fn buf_and_kapi_agree_on_generated_with_edits() {
    let Some(buf) = buf::binary() else { return };
    let base = pairs::generated_now();
    let mut pairs = vec![
        Pair { name: "generated/ unchanged".into(), old: base.clone(), new: base.clone() },
        Pair {
            name: format!("generated/ with {} edits", pairs::EDITS.len()),
            old: base.clone(),
            new: pairs::generated_edited(&base),
        },
    ];
    // Each edit alone, so that a difference names its edit.
    for (index, edit) in pairs::EDITS.iter().enumerate() {
        let mut tree = base.clone();
        let single = pairs::generated_edited_with(&mut tree, &[*edit]);
        pairs.push(Pair { name: format!("generated/ edit {}: {}", index + 1, edit.0), old: base.clone(), new: single });
    }
    compare_all(&buf, "generated/ with edits", pairs);
}
