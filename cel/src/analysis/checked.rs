//! The type checker's types as the estimator's: the checker types every call from the declarations of the server's
//! libraries, so the estimator keeps no table of result types of its own, only the costs.

use super::ty::{Node, Ty};
use crate::checker::{OPTIONAL, SELF_TYPE_NAME, Type};
use crate::escape::unescape;

/// The estimator's type for a checked type, objects placed at their data path below `root` (the rule's node).
pub(super) fn from_checked<'s>(ty: &Type<'s>, root: &Node<'s>) -> Ty<'s> {
    match ty {
        Type::Bool => Ty::Bool,
        Type::Int => Ty::Int,
        Type::Uint => Ty::Uint,
        Type::Double => Ty::Double,
        Type::String => Ty::String,
        Type::Bytes => Ty::Bytes,
        Type::Null => Ty::Null,
        Type::Duration => Ty::Duration,
        Type::Timestamp => Ty::Timestamp,
        Type::Meta(_) => Ty::Type,
        Type::List(element) => Ty::List(Box::new(from_checked(element, root))),
        Type::Map(key, value) => Ty::Map(Box::new(from_checked(key, root)), Box::new(from_checked(value, root))),
        Type::Object(object) => {
            Ty::Object(Node::new(object.schema(), data_path(&object.name, &root.path), object.resource_root()))
        }
        Type::Opaque(OPTIONAL, params) => {
            Ty::Optional(Box::new(params.first().map_or(Ty::Dyn, |inner| from_checked(inner, root))))
        }
        Type::Opaque(name, _) => match *name {
            "kubernetes.URL" => Ty::Library("URL"),
            "kubernetes.Quantity" => Ty::Library("Quantity"),
            "kubernetes.NamedFormat" => Ty::Library("Format"),
            "net.IP" => Ty::Library("IP"),
            "net.CIDR" => Ty::Library("CIDR"),
            _ => Ty::Dyn,
        },
        Type::Dyn | Type::Error | Type::Param(_) => Ty::Dyn,
    }
}

/// An object type's name (`selfType0.ports.@idx`) as a data path below the rule's node (`spec.ports[*]`).
fn data_path(name: &str, root: &str) -> String {
    let mut path = root.to_owned();
    for step in name.strip_prefix(SELF_TYPE_NAME).unwrap_or(name).split('.').filter(|step| !step.is_empty()) {
        match step {
            "@idx" | "@elem" => path.push_str("[*]"),
            field if path.is_empty() => path.push_str(&unescape(field)),
            field => {
                path.push('.');
                path.push_str(&unescape(field));
            }
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn object_names_become_data_paths() {
        assert_eq!(data_path("selfType0.ports.@idx", "spec"), "spec.ports[*]");
        assert_eq!(data_path("selfType0.a__dash__b.@elem.c", ""), "a-b[*].c");
        assert_eq!(data_path("selfType0", "spec"), "spec");
    }
}
