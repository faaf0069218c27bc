//! Mutations of the metadata every object has: its name (a DNS subdomain, or a DNS label for some kinds; its
//! length), generateName, namespace, label keys and values, annotation keys and total size, finalizer names,
//! owner references, and fields a create may not set.

use serde_json::{Value, json};

use super::mutation::Mutation;

/// Each metadata mutation of `base`: what it tests and the new `metadata`.
pub fn metadata_mutations(base: &Value) -> Vec<Mutation> {
    let metadata = base.get("metadata").cloned().unwrap_or_else(|| json!({}));
    let mut out = Vec::new();
    let mut push = |concept: &str, what: &str, change: &dyn Fn(&mut serde_json::Map<String, Value>)| {
        let mut object = base.clone();
        let mut changed = metadata.clone();
        if let Some(fields) = changed.as_object_mut() {
            change(fields);
        }
        object["metadata"] = changed;
        out.push(Mutation {
            concept: format!("metadata:{concept}"),
            field: "metadata".to_owned(),
            what: what.to_owned(),
            object,
        });
    };
    let set = |key: &'static str, value: Value| {
        move |m: &mut serde_json::Map<String, Value>| {
            m.insert(key.to_owned(), value.clone());
        }
    };
    push("name", "upper case and an underscore", &set("name", json!("Bad_Name")));
    push("name", "a leading hyphen", &set("name", json!("-name")));
    push("name", "dots (a subdomain, not a label)", &set("name", json!("a.b.c")));
    push("name", "63 characters", &set("name", json!("a".repeat(63))));
    push("name", "64 characters (over a label's length)", &set("name", json!("a".repeat(64))));
    push("name", "253 characters", &set("name", json!(format!("{}.{}", "a".repeat(63), "b".repeat(189)))));
    push("name", "254 characters (over a subdomain's length)", &set("name", json!("a".repeat(254))));
    push("name", "empty", &set("name", json!("")));
    push("name", "missing", &|m| {
        m.remove("name");
    });
    push("generateName", "a valid prefix instead of a name", &|m| {
        m.remove("name");
        m.insert("generateName".into(), json!("gen-"));
    });
    push("generateName", "an invalid prefix instead of a name", &|m| {
        m.remove("name");
        m.insert("generateName".into(), json!("Bad_Prefix-"));
    });
    if metadata.get("namespace").is_some() {
        push("namespace", "an invalid namespace", &set("namespace", json!("Bad_Namespace")));
    }
    push("labels", "a valid label", &set("labels", json!({"app.kubernetes.io/name": "demo", "tier": "web-1"})));
    push("labels", "a key with a space", &set("labels", json!({"bad key": "x"})));
    push("labels", "a key with an invalid prefix", &set("labels", json!({"Bad_Prefix/name": "x"})));
    push("labels", "a key name of 64 characters", &set("labels", json!({"a".repeat(64): "x"})));
    push("labels", "a value of 63 characters", &set("labels", json!({"app": "v".repeat(63)})));
    push("labels", "a value of 64 characters", &set("labels", json!({"app": "v".repeat(64)})));
    push("labels", "a value with a space", &set("labels", json!({"app": "bad value"})));
    push("labels", "an empty value", &set("labels", json!({"app": ""})));
    push("labels", "a value that is a number", &set("labels", json!({"app": 5})));
    push("annotations", "a valid annotation", &set("annotations", json!({"example.com/note": "any text, even this!"})));
    push("annotations", "a key with a space", &set("annotations", json!({"bad key": "x"})));
    push("annotations", "an empty key", &set("annotations", json!({"": "x"})));
    push("annotations", "over 256 KiB in total", &set("annotations", json!({"big": "x".repeat(262_145)})));
    push("finalizers", "a qualified finalizer", &set("finalizers", json!(["example.com/cleanup"])));
    push("finalizers", "a finalizer with a space", &set("finalizers", json!(["bad finalizer"])));
    push("finalizers", "an unqualified finalizer", &set("finalizers", json!(["cleanup"])));
    let owner = json!({"apiVersion": "v1", "kind": "ConfigMap", "name": "owner", "uid": "6d5c8b36-0b0d-4d1e-9a52-1d5b1c3f0e71"});
    push("ownerReferences", "a complete owner reference", &set("ownerReferences", json!([owner.clone()])));
    for missing in ["apiVersion", "kind", "name", "uid"] {
        let mut partial = owner.clone();
        partial.as_object_mut().map(|o| o.remove(missing));
        let what = format!("an owner reference without {missing}");
        push("ownerReferences", &what, &set("ownerReferences", json!([partial])));
    }
    let mut two_controllers = vec![owner.clone(), owner.clone()];
    for (index, reference) in two_controllers.iter_mut().enumerate() {
        reference["controller"] = json!(true);
        reference["uid"] = json!(format!("6d5c8b36-0b0d-4d1e-9a52-1d5b1c3f0e7{index}"));
    }
    push("ownerReferences", "two controllers", &set("ownerReferences", json!(two_controllers)));
    push("resourceVersion", "set on create", &set("resourceVersion", json!("12")));
    push("unknown field", "an undeclared metadata field", &set("kapiUnknownField", json!("x")));
    out
}
