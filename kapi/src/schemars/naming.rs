//! Definition names for imported schemas, and the `$ref` values schemars writes for them.

use kapi_model::DefName;

/// Where schemars points its references (`SchemaSettings::draft2020_12`'s definitions path).
const DEFS_PREFIX: &str = "#/$defs/";

/// The namespace of a type's definitions: the module path of the first Rust path in its schema id, `::` written
/// `.` (`my_crate::shapes::Shape` gives `my_crate.shapes`; `[my_crate::Node]`, the id of `Vec<Node>`, gives
/// `my_crate`). `None` when the id holds no such path (`string`, or a hand-written id).
pub(super) fn namespace_of(schema_id: &str) -> Option<String> {
    let runs = schema_id.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'));
    runs.filter_map(|run| {
        let segments: Vec<&str> = run.split("::").collect();
        let (_, module) = segments.split_last()?;
        (!module.is_empty() && segments.iter().all(|s| is_identifier(s))).then(|| module.join("."))
    })
    .next()
}

fn is_identifier(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_') && chars.all(|c| c.is_alphanumeric() || c == '_')
}

/// The definition a `$defs` key is stored as.
pub(super) fn definition_name(namespace: Option<&str>, key: &str) -> DefName {
    match namespace {
        Some(namespace) if !namespace.is_empty() => DefName::new(format!("{namespace}.{key}")),
        _ => DefName::new(key),
    }
}

/// The `$defs` key a `$ref` value points at, decoded (percent-encoding, then JSON pointer escapes); `None` for
/// anything but `#/$defs/<key>`.
pub(super) fn defs_key(reference: &str) -> Option<String> {
    let encoded = reference.strip_prefix(DEFS_PREFIX)?;
    let decoded = percent_decode(encoded)?;
    if decoded.contains('/') {
        return None;
    }
    Some(decoded.replace("~1", "/").replace("~0", "~"))
}

/// `key` as one JSON pointer segment, for locating problems.
pub(super) fn escape_pointer(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// Percent-decodes; `None` for a malformed escape or bytes that are not UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text.as_bytes();
    while let Some((&byte, tail)) = rest.split_first() {
        if byte == b'%' {
            let hex = std::str::from_utf8(tail.get(..2)?).ok()?;
            bytes.push(u8::from_str_radix(hex, 16).ok()?);
            rest = &tail[2..];
        } else {
            bytes.push(byte);
            rest = tail;
        }
    }
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn namespaces_come_from_the_first_rust_path_in_the_id() {
        assert_eq!(namespace_of("my_crate::shapes::Shape").as_deref(), Some("my_crate.shapes"));
        assert_eq!(namespace_of("[my_crate::Node]").as_deref(), Some("my_crate"));
        assert_eq!(namespace_of("Option<Map<a::b::C>>").as_deref(), Some("a.b"));
        assert_eq!(namespace_of("uint8"), None);
        assert_eq!(namespace_of("::Odd"), None);
        assert_eq!(namespace_of(""), None);
    }

    #[test]
    fn references_decode_to_defs_keys() {
        assert_eq!(defs_key("#/$defs/Node").as_deref(), Some("Node"));
        assert_eq!(defs_key("#/$defs/a~1b~0c%20d").as_deref(), Some("a/b~c d"));
        assert_eq!(defs_key("#/definitions/Node"), None);
        assert_eq!(defs_key("#/$defs/Node/properties/x"), None);
        assert_eq!(defs_key("#/$defs/bad%2"), None);
        assert_eq!(defs_key("#/$defs/%FF"), None);
        assert_eq!(escape_pointer("a/b~c"), "a~1b~0c");
        assert_eq!(definition_name(Some("x.y"), "Node").as_str(), "x.y.Node");
        assert_eq!(definition_name(None, "Node").as_str(), "Node");
    }
}
