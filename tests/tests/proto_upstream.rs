//! Every upstream Kubernetes 1.32 `generated.proto` (../shared/upstream/proto) that has a counterpart in
//! `generated/proto`, compared message by message: each field's name, number, label, type and type name. A
//! difference, an upstream message we lack, or a message only we have fails the test unless
//! `tests/proto-upstream-differences.toml` lists it with its reason; an entry that no longer matches a difference
//! fails it too, so the list only ever shrinks.
//!
//! Both trees are compiled with protox (no protoc needed, so nothing to skip when a tool is missing).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use kapi_tests::{project_root, shared};
use prost_types::field_descriptor_proto::{Label, Type};
use prost_types::{DescriptorProto, FileDescriptorSet};

/// The allow-list, relative to the project.
const ALLOW_LIST: &str = "tests/proto-upstream-differences.toml";

/// A field as compared: name, label, type and type name.
#[derive(Debug, Clone, PartialEq, Eq)]
struct FieldShape {
    name: String,
    label: i32,
    kind: i32,
    type_name: String,
}

impl std::fmt::Display for FieldShape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let label = Label::try_from(self.label).map_or("?", |l| l.as_str_name());
        let kind = Type::try_from(self.kind).map_or("?", |t| t.as_str_name());
        write!(f, "{} {label} {kind}", self.name)?;
        if self.type_name.is_empty() { Ok(()) } else { write!(f, " {}", self.type_name) }
    }
}

/// A message's fields by number.
type Fields = BTreeMap<i32, FieldShape>;

/// The reasons of the allow-list: upstream messages we lack, and shared messages whose fields differ.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct AllowList {
    absent: BTreeMap<String, String>,
    differs: BTreeMap<String, String>,
}

fn allow_list() -> AllowList {
    let path = project_root().join(ALLOW_LIST);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let list: AllowList = toml::from_str(&text).unwrap_or_else(|e| panic!("{ALLOW_LIST}: {e}"));
    for (name, reason) in list.absent.iter().chain(&list.differs) {
        assert!(!reason.trim().is_empty(), "{ALLOW_LIST}: `{name}` has no reason");
    }
    list
}

/// The upstream files (relative paths) that have a generated counterpart under `ours`.
fn counterpart_files(upstream: &Path, ours: &Path) -> Vec<String> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<String>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.file_name().is_some_and(|name| name == "generated.proto") {
                let relative = path.strip_prefix(root).expect("under the root");
                out.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut files = Vec::new();
    walk(&upstream.join("k8s.io"), upstream, &mut files);
    files.retain(|file| ours.join(file).is_file());
    files.sort();
    files
}

/// Every message (nested ones too) of `files` compiled under `root`, by full name.
fn messages(root: &Path, files: &[String]) -> BTreeMap<String, Fields> {
    fn walk(prefix: &str, messages: &[DescriptorProto], out: &mut BTreeMap<String, Fields>) {
        for message in messages {
            let name = format!("{prefix}.{}", message.name());
            let fields = message.field.iter().map(|f| {
                let shape = FieldShape {
                    name: f.name().to_owned(),
                    label: f.label.unwrap_or_default(),
                    kind: f.r#type.unwrap_or_default(),
                    type_name: f.type_name().to_owned(),
                };
                (f.number(), shape)
            });
            out.insert(name.clone(), fields.collect());
            walk(&name, &message.nested_type, out);
        }
    }
    let set: FileDescriptorSet = protox::compile(files, [root])
        .unwrap_or_else(|e| panic!("protox rejects the files under {}: {e:?}", root.display()));
    let mut out = BTreeMap::new();
    for file in set.file.iter().filter(|file| files.iter().any(|f| f == file.name())) {
        walk(file.package(), &file.message_type, &mut out);
    }
    out
}

/// What differs between two messages' fields, by number.
fn field_differences(ours: &Fields, theirs: &Fields) -> Vec<String> {
    let numbers: BTreeSet<&i32> = ours.keys().chain(theirs.keys()).collect();
    let show = |field: Option<&FieldShape>| field.map_or_else(|| "none".to_owned(), ToString::to_string);
    let differing = numbers.into_iter().filter(|n| ours.get(n) != theirs.get(n));
    differing.map(|n| format!("#{n}: ours {} / upstream {}", show(ours.get(n)), show(theirs.get(n)))).collect()
}

/// Whether `name` or a message it is nested in (a map entry goes with its message) is listed.
fn listed_with_parent(name: &str, listed: &BTreeMap<String, String>) -> bool {
    let mut current = name;
    loop {
        if listed.contains_key(current) {
            return true;
        }
        match current.rsplit_once('.') {
            Some((parent, _)) => current = parent,
            None => return false,
        }
    }
}

/// The problems found comparing `ours` with `theirs` under `allowed`, and how many shared messages are identical.
fn compare(
    ours: &BTreeMap<String, Fields>,
    theirs: &BTreeMap<String, Fields>,
    allowed: &AllowList,
) -> (Vec<String>, usize) {
    let mut problems = Vec::new();
    let mut identical = 0;
    for (name, their_fields) in theirs {
        match ours.get(name) {
            None if listed_with_parent(name, &allowed.absent) => {}
            None => problems.push(format!("{name}: upstream has it and we do not (list it in [absent] if meant)")),
            Some(our_fields) if our_fields == their_fields => {
                identical += 1;
                if allowed.differs.contains_key(name) {
                    problems.push(format!("{name}: identical now; remove it from [differs]"));
                }
            }
            Some(_) if allowed.differs.contains_key(name) => {}
            Some(our_fields) => {
                let details = field_differences(our_fields, their_fields).join("; ");
                problems.push(format!("{name} differs from upstream: {details}"));
            }
        }
    }
    for name in ours.keys().filter(|name| !theirs.contains_key(*name)) {
        problems.push(format!("{name}: we have it and upstream does not"));
    }
    for name in allowed.absent.keys() {
        if ours.contains_key(name) {
            problems.push(format!("{name}: generated now; remove it from [absent]"));
        } else if !theirs.contains_key(name) {
            problems.push(format!("{name}: listed in [absent] but upstream has no such message"));
        }
    }
    for name in allowed.differs.keys().filter(|name| !(ours.contains_key(*name) && theirs.contains_key(*name))) {
        problems.push(format!("{name}: listed in [differs] but not a message both have"));
    }
    (problems, identical)
}

#[test]
fn every_upstream_proto_file_matches_or_is_allow_listed() {
    let upstream: PathBuf = shared().join("upstream/proto");
    let ours = project_root().join("generated/proto");
    let files = counterpart_files(&upstream, &ours);
    // 1.32's group-versions, apimachinery's packages and the aggregator's: fewer means a tree went missing.
    assert!(files.len() >= 39, "only {} upstream files have a generated counterpart: {files:?}", files.len());
    let (our_messages, their_messages) = (messages(&ours, &files), messages(&upstream, &files));
    let allowed = allow_list();
    let (problems, identical) = compare(&our_messages, &their_messages, &allowed);
    assert!(problems.is_empty(), "{} problems over {} files:\n{}", problems.len(), files.len(), problems.join("\n"));
    assert!(identical >= 700, "only {identical} messages compared identical");
}

#[test]
fn differences_and_stale_entries_are_reported() {
    let field = |name: &str| FieldShape { name: name.into(), label: 1, kind: 9, type_name: String::new() };
    let message = |name: &str| Fields::from([(1, field(name))]);
    let theirs = BTreeMap::from([
        ("p.Same".to_owned(), message("a")),
        ("p.Renamed".to_owned(), message("uID")),
        ("p.Missing".to_owned(), message("a")),
        ("p.Listed".to_owned(), message("a")),
        ("p.Listed.ValuesEntry".to_owned(), message("key")),
    ]);
    let ours = BTreeMap::from([
        ("p.Same".to_owned(), message("a")),
        ("p.Renamed".to_owned(), message("uid")),
        ("p.Extra".to_owned(), message("a")),
    ]);
    let allowed = AllowList {
        absent: BTreeMap::from([("p.Listed".into(), "a reason".into()), ("p.Same".into(), "stale".into())]),
        differs: BTreeMap::new(),
    };
    let (problems, identical) = compare(&ours, &theirs, &allowed);
    assert_eq!(identical, 1);
    assert_eq!(
        problems,
        [
            "p.Missing: upstream has it and we do not (list it in [absent] if meant)",
            "p.Renamed differs from upstream: #1: ours uid LABEL_OPTIONAL TYPE_STRING / upstream uID LABEL_OPTIONAL \
             TYPE_STRING",
            "p.Extra: we have it and upstream does not",
            "p.Same: generated now; remove it from [absent]",
        ]
    );
}
