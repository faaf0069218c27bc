//! Writes a synthetic corpus as a model file for `kapi generate --model` / `kapi serve --model`.
//!
//! `synthetic-corpus --groups N [--kinds-per-group K] [--minimal] [--change-group I] --out FILE`: N custom groups
//! of K kinds each (see `kapi_tests::synthetic`), added to the whole corpus, or with `--minimal` to what every
//! server speaks; `--change-group I` then gives group I's spec one more field (an edited CRD, for incremental work).

use std::path::PathBuf;
use std::process::ExitCode;

use kapi_tests::synthetic::{Base, Shape, change_group, synthetic_model};

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("synthetic-corpus: {message}");
            eprintln!(
                "usage: synthetic-corpus --groups N [--kinds-per-group K] [--minimal] [--change-group I] --out FILE"
            );
            ExitCode::from(2)
        }
    }
}

fn run(args: Vec<String>) -> Result<(), String> {
    let (mut groups, mut kinds_per_group, mut base, mut out, mut changed) = (None, 1, Base::Corpus, None, None);
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--groups" => groups = Some(number(&value("--groups")?)?),
            "--kinds-per-group" => kinds_per_group = number(&value("--kinds-per-group")?)?,
            "--minimal" => base = Base::Minimal,
            "--out" => out = Some(PathBuf::from(value("--out")?)),
            "--change-group" => changed = Some(number(&value("--change-group")?)?),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    let groups = groups.ok_or("--groups is required")?;
    let out = out.ok_or("--out is required")?;
    let mut model = synthetic_model(base, Shape { groups, kinds_per_group });
    if let Some(index) = changed
        && change_group(&mut model, index) == 0
    {
        return Err(format!("--change-group {index}: there are only {groups} groups"));
    }
    let text = serde_json::to_string_pretty(&model).map_err(|e| e.to_string())?;
    // Written beside the target and renamed, so a reader never sees half a file.
    let partial = out.with_extension("partial");
    std::fs::write(&partial, text + "\n").map_err(|e| format!("cannot write {}: {e}", partial.display()))?;
    std::fs::rename(&partial, &out).map_err(|e| format!("cannot rename to {}: {e}", out.display()))
}

fn number(text: &str) -> Result<usize, String> {
    text.parse().map_err(|_| format!("`{text}` is not a count"))
}
