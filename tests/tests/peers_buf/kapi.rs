//! kapi diff's side: the same trees compiled and compared as `kapi diff OLD NEW` compares two directories of
//! `.proto` files (no model), with every stability level held to the rules' severity, as buf holds every package.

use kapi_diff::{Api, Policy, Protos, Severity, compare};
use kapi_model::Registry;

use super::finding::{Finding, Tree};

fn api(tree: &Tree) -> Api {
    let protos = Protos::compile(tree.clone()).unwrap_or_else(|e| panic!("the .proto files do not compile: {e}"));
    Api { model: Registry::new(), protos: Some(protos) }
}

/// kapi's wire findings between `old` and `new`.
pub fn findings(old: &Tree, new: &Tree) -> Vec<Finding> {
    let every_level = Policy {
        alpha: Some(Severity::Error),
        beta: Some(Severity::Error),
        generally_available: Some(Severity::Error),
    };
    compare(&api(old), &api(new), &every_level)
        .into_iter()
        .filter(|finding| finding.rule.id().starts_with("proto."))
        .map(|finding| {
            // The wire rules' details start with buf's coordinates: `<file> <subject>: …`, or `<file>: …`.
            let (head, _) = finding.detail.split_once(": ").unwrap_or((&finding.detail, ""));
            let (file, subject) = head.split_once(' ').unwrap_or((head, ""));
            let rule = finding.rule.id().to_owned();
            let kind = finding.kind.unwrap_or_default();
            let element = if rule == "proto.package-changed" {
                String::new()
            } else {
                kind.rsplit('.').next().unwrap_or_default().to_owned()
            };
            Finding { file: file.to_owned(), element, subject: subject.to_owned(), rule }
        })
        .collect()
}
