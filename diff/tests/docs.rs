//! docs/DIFF.md lists every rule with its id, default severity and reason, as the code has them.

use kapi_diff::Rule;

#[test]
fn the_rules_table_in_the_docs_is_the_code_s() {
    let mut table = String::from("| rule | severity (GA) | why it matters |\n| --- | --- | --- |\n");
    for rule in Rule::ALL {
        table.push_str(&format!("| `{}` | {} | {} |\n", rule.id(), rule.severity().as_str(), rule.reason()));
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/DIFF.md");
    let docs = std::fs::read_to_string(path).expect("docs/DIFF.md");
    assert!(docs.contains(&table), "docs/DIFF.md should hold this table:\n{table}");
}
