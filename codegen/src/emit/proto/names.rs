//! Names in .proto files: packages from Go-style package paths, identifiers from JSON names.

use kapi_model::{DefName, DefinitionInfo};

use super::ir::Package;

/// The package a definition's message lives in: its Go-style package, or (for definitions named without one) the
/// dotted prefix of its definition name.
pub(crate) fn package_of(name: &DefName, info: &DefinitionInfo) -> Package {
    let path = match &info.package {
        Some(package) => package.clone(),
        None => name.as_str().rsplit_once('.').map_or("kapi", |(prefix, _)| prefix).to_owned(),
    };
    package_at(path)
}

/// The full protobuf name of a definition's message (`k8s.io.api.coordination.v1.Lease`), for code that maps
/// between the model and the generated messages.
pub fn message_name(name: &DefName, info: &DefinitionInfo) -> String {
    format!("{}.{}", package_of(name, info).name, name.short_name())
}

/// The package at a Go-style path: `k8s.io/api/apps/v1` is `k8s.io.api.apps.v1` (as go-to-protobuf names it),
/// with anything that is not an identifier character made one.
pub(crate) fn package_at(path: String) -> Package {
    let name = path.split(['/', '.']).filter(|part| !part.is_empty()).map(identifier).collect::<Vec<_>>().join(".");
    Package { path, name }
}

/// `text` as a protobuf identifier: letters, digits and `_`, not starting with a digit.
pub(crate) fn identifier(text: &str) -> String {
    let mut out: String = text.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}

/// A message name made from a field name: `webhook` gives `Webhook`, `max-surge` gives `MaxSurge`.
pub(crate) fn upper_camel(text: &str) -> String {
    let mut out = String::new();
    let mut upper = true;
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(if upper { c.to_ascii_uppercase() } else { c });
            upper = false;
        } else {
            upper = true;
        }
    }
    identifier(&out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packages_follow_go_to_protobuf() {
        let info = DefinitionInfo { package: Some("k8s.io/api/coordination/v1".into()), ..Default::default() };
        let package = package_of(&DefName::new("io.k8s.api.coordination.v1.Lease"), &info);
        assert_eq!(package.name, "k8s.io.api.coordination.v1");
        assert_eq!(package.file_path(), "k8s.io/api/coordination/v1/generated.proto");
        let unnamed = package_of(&DefName::new("com.example.v1.Widget"), &DefinitionInfo::default());
        assert_eq!((unnamed.path.as_str(), unnamed.name.as_str()), ("com.example.v1", "com.example.v1"));
        assert_eq!(package_at("sigs.k8s.io/gateway-api/apis/v1".into()).name, "sigs.k8s.io.gateway_api.apis.v1");
    }

    #[test]
    fn identifiers_are_made_valid() {
        assert_eq!(identifier("holderIdentity"), "holderIdentity");
        assert_eq!(identifier("x-kubernetes-foo"), "x_kubernetes_foo");
        assert_eq!(identifier("3d"), "_3d");
        assert_eq!(upper_camel("webhook"), "Webhook");
        assert_eq!(upper_camel("max-surge"), "MaxSurge");
    }
}
