//! The side-by-side table in docs/IDENTITY.md, between two marker comments. The test writes the observed columns;
//! a person writes the last one, the reason a field differs. The test fails when the committed table is not what
//! it observed (`KAPI_UPDATE_DOCS=1` rewrites it, keeping the reasons) or when a field differs without a reason.

use std::collections::BTreeMap;
use std::path::PathBuf;

const BEGIN: &str = "<!-- kube-identity-table: written by cli/tests/kube_identity.rs (KAPI_UPDATE_DOCS=1 rewrites the \
                     observed columns); the last column is written by hand -->";
const END: &str = "<!-- end kube-identity-table -->";

/// One observed field: its shape on kube-apiserver and on kapi.
#[derive(Clone)]
pub struct Row {
    pub field: String,
    pub kube: String,
    pub kapi: String,
}

fn document() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/IDENTITY.md")
}

/// Compares `rows` (observed with `kube_version`) with the committed table; returns what is wrong, if anything.
pub fn check(kube_version: &str, rows: &[Row]) -> Result<(), String> {
    let path = document();
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (before, committed, after) = split(&text).ok_or_else(|| format!("{}: no {BEGIN} … {END}", path.display()))?;
    let (rendered, mut problems) = compare(committed, kube_version, rows);
    if rendered.trim() != committed.trim() {
        if std::env::var_os("KAPI_UPDATE_DOCS").is_some() && std::env::var_os("CI").is_none() {
            std::fs::write(&path, format!("{before}{BEGIN}\n{rendered}{END}{after}"))
                .map_err(|e| format!("{}: {e}", path.display()))?;
            eprintln!("rewrote the table in {}", path.display());
        } else {
            problems.push(format!(
                "the committed table is not what was observed (KAPI_UPDATE_DOCS=1 rewrites it); observed:\n{rendered}"
            ));
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(problems.join("\n")) }
}

/// The table for `rows` with the reasons `committed` gives, and the rows' problems: a field that differs without
/// a reason, a reason for a field no longer observed.
fn compare(committed: &str, kube_version: &str, rows: &[Row]) -> (String, Vec<String>) {
    let reasons = reasons(committed);
    let mut problems = Vec::new();
    let unexplained: Vec<&str> = rows
        .iter()
        .filter(|row| row.kube != row.kapi && !reasons.contains_key(&row.field))
        .map(|row| row.field.as_str())
        .collect();
    if !unexplained.is_empty() {
        problems.push(format!("fields that differ without a reason in docs/IDENTITY.md's table: {unexplained:?}"));
    }
    let stale: Vec<&String> = reasons.keys().filter(|field| !rows.iter().any(|row| &row.field == *field)).collect();
    if !stale.is_empty() {
        problems.push(format!("reasons for fields no longer observed: {stale:?}"));
    }
    (render(kube_version, rows, &reasons), problems)
}

/// The text before the table's first marker (with it excluded), the table, and the text from the end marker on.
fn split(text: &str) -> Option<(&str, &str, &str)> {
    let start = text.find(BEGIN)?;
    let end = text.find(END)?;
    let inside = text.get(start + BEGIN.len()..end)?;
    Some((&text[..start], inside.strip_prefix('\n').unwrap_or(inside), &text[end + END.len()..]))
}

/// The last column of each committed row, by field (the first column).
fn reasons(table: &str) -> BTreeMap<String, String> {
    table
        .lines()
        .skip(2)
        .filter_map(|line| {
            let cells: Vec<&str> = line.trim().trim_matches('|').split(" | ").map(str::trim).collect();
            let field = cells.first()?.trim_matches('`');
            let reason = if cells.len() >= 4 { cells[3..].join(" | ") } else { String::new() };
            (!reason.is_empty()).then(|| (field.to_owned(), reason))
        })
        .collect()
}

fn render(kube_version: &str, rows: &[Row], reasons: &BTreeMap<String, String>) -> String {
    let mut out =
        format!("| field | kube-apiserver {kube_version} | kapi serve | why they differ |\n|---|---|---|---|\n");
    for row in rows {
        let same = if row.kube == row.kapi { "same" } else { row.kapi.as_str() };
        let reason = reasons.get(&row.field).map_or("", String::as_str);
        out.push_str(&format!("| `{}` | {} | {same} | {reason} |\n", row.field, row.kube));
    }
    out
}

#[test]
fn reasons_are_kept_and_unexplained_differences_flagged() {
    let rows = [
        Row { field: "a".into(), kube: "`1`".into(), kapi: "`2`".into() },
        Row { field: "b".into(), kube: "x".into(), kapi: "x".into() },
    ];
    let written = BTreeMap::from([("a".to_owned(), "kapi counts from 2".to_owned())]);
    let table = render("v1", &rows, &written);
    assert_eq!(
        table,
        "| field | kube-apiserver v1 | kapi serve | why they differ |\n|---|---|---|---|\n\
         | `a` | `1` | `2` | kapi counts from 2 |\n| `b` | x | same |  |\n"
    );
    assert_eq!(reasons(&table), written);
    assert_eq!(compare(&table, "v1", &rows), (table.clone(), vec![]));

    let changed = [Row { field: "a".into(), kube: "`1`".into(), kapi: "`3`".into() }, rows[1].clone()];
    assert_eq!(compare(&table, "v1", &changed).1, Vec::<String>::new(), "a reason still covers a new difference");
    assert_ne!(compare(&table, "v1", &changed).0, table, "but the table is rewritten");
    let unexplained = [rows[0].clone(), Row { field: "b".into(), kube: "x".into(), kapi: "y".into() }];
    let problems = compare(&table, "v1", &unexplained).1;
    assert_eq!(problems, [r#"fields that differ without a reason in docs/IDENTITY.md's table: ["b"]"#]);
    assert_eq!(compare(&table, "v1", &rows[1..]).1, [r#"reasons for fields no longer observed: ["a"]"#]);
}
