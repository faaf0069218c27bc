//! The protobuf field-number ledger through the CLI: `kapi generate` numbers against the ledger already in the
//! output folder, so removing, adding and reordering fields renumbers nothing, and `kapi check` refuses a change
//! that would renumber a field or reuse a reserved number, naming the message, field and number.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::{Value, json};

const LEASE_SPEC: &str = "io.k8s.api.coordination.v1.LeaseSpec";
const LEASE_SPEC_MESSAGE: &str = "k8s.io.api.coordination.v1.LeaseSpec";
const LEASE_PROTO: &str = "proto/k8s.io/api/coordination/v1/generated.proto";

fn kapi(args: &[&str]) -> Output {
    let output = Command::new(env!("CARGO_BIN_EXE_kapi")).args(args).output().expect("kapi runs");
    assert!(output.status.code().is_some(), "kapi was killed");
    output
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

fn corpus_model() -> Value {
    let model = kapi(&["model"]);
    assert!(model.status.success(), "{}", text(&model));
    serde_json::from_slice(&model.stdout).expect("model JSON")
}

/// Writes `model` to `dir/name` and returns the path.
fn model_file(dir: &Path, name: &str, model: &Value) -> String {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_vec(model).expect("json")).expect("write model");
    path.to_str().expect("utf-8").to_owned()
}

fn ledger_entry(out: &Path) -> Value {
    let ledger: Value = serde_json::from_slice(&std::fs::read(out.join("proto/field-numbers.json")).expect("ledger"))
        .expect("ledger JSON");
    ledger["messages"][LEASE_SPEC_MESSAGE].clone()
}

/// LeaseSpec without `strategy`, with `alpha` and `beta` added unnumbered, and its properties reversed.
fn changed_lease_spec(model: &mut Value) {
    let spec = &mut model["definitions"][LEASE_SPEC];
    let properties = spec["schema"]["properties"].as_object_mut().expect("properties");
    properties.remove("strategy");
    let mut reordered: Vec<(String, Value)> = properties.clone().into_iter().collect();
    reordered.reverse();
    reordered.push(("alpha".into(), json!({"type": "string"})));
    reordered.push(("beta".into(), json!({"type": "boolean"})));
    *properties = reordered.into_iter().collect();
    spec["info"]["proto"]["numbers"].as_object_mut().expect("numbers").remove("strategy");
}

#[test]
fn fields_keep_their_numbers_and_renumbering_is_refused() {
    let work = tempfile::tempdir().expect("tempdir");
    let out = work.path().join("out");
    let dir = out.to_str().expect("utf-8");
    assert!(kapi(&["generate", "--out", dir]).status.success());
    let before = ledger_entry(&out);
    assert_eq!(before["fields"]["holderIdentity"], 1);
    assert_eq!(before["fields"]["strategy"], 6);

    let mut model = corpus_model();
    changed_lease_spec(&mut model);
    let changed = model_file(work.path(), "changed.json", &model);
    let generated = kapi(&["generate", "--out", dir, "--model", &changed]);
    assert!(generated.status.success(), "{}", text(&generated));
    let after = ledger_entry(&out);
    for (field, number) in before["fields"].as_object().expect("fields") {
        if field != "strategy" {
            assert_eq!(&after["fields"][field], number, "{field} was renumbered");
        }
    }
    assert_eq!((&after["fields"]["alpha"], &after["fields"]["beta"]), (&json!(8), &json!(9)));
    assert_eq!(after["reserved"], json!({"strategy": 6}));
    let proto = std::fs::read_to_string(out.join(LEASE_PROTO)).expect("coordination proto");
    assert!(proto.contains("  reserved 6;\n  reserved \"strategy\";\n"), "{proto}");
    let fresh = kapi(&["check", "--dir", dir, "--model", &changed]);
    assert!(fresh.status.success(), "{}", text(&fresh));

    // A source that gives `alpha` another number, and `gamma` the reserved one.
    model["definitions"][LEASE_SPEC]["info"]["proto"]["numbers"]["alpha"] = json!(3);
    model["definitions"][LEASE_SPEC]["schema"]["properties"]["gamma"] = json!({"type": "string"});
    model["definitions"][LEASE_SPEC]["info"]["proto"]["numbers"]["gamma"] = json!(6);
    let renumbering = model_file(work.path(), "renumbering.json", &model);
    let refused = kapi(&["check", "--dir", dir, "--model", &renumbering]);
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused));
    let message = text(&refused);
    assert!(
        message.contains(&format!(
            "message `{LEASE_SPEC_MESSAGE}`: field `alpha` has number 8 in the ledger but the source asks for 3"
        )),
        "{message}"
    );
    assert!(
        message.contains("field `gamma` asks for number 6, which is reserved (it was field `strategy`)"),
        "{message}"
    );
    let untouched = kapi(&["generate", "--out", dir, "--model", &renumbering]);
    assert_eq!(untouched.status.code(), Some(2), "generate refuses too");
    assert_eq!(ledger_entry(&out), after, "a refused generation writes nothing");
}
