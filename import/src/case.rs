//! Word-case conversions shared by reading documents and writing Rust.

/// `text` with each `separator` dropped and the letter after it upper-cased: `list-map-keys` with `-` is
/// `listMapKeys`, and `host_ip` with `_` is `hostIp` (what serde's `rename_all = "camelCase"` gives).
pub fn lower_camel(text: &str, separator: char) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in text.chars() {
        if c == separator {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` with every run of characters other than ASCII letters and digits dropped and the letter after it, and
/// the first, upper-cased: `ports` is `Ports`, `max-surge` is `MaxSurge`.
pub fn upper_camel(text: &str) -> String {
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
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases() {
        assert_eq!(lower_camel("list-map-keys", '-'), "listMapKeys");
        assert_eq!(lower_camel("api_version", '_'), "apiVersion");
        assert_eq!(lower_camel("type_", '_'), "type");
        assert_eq!(upper_camel("max-surge"), "MaxSurge");
        assert_eq!(upper_camel("ports"), "Ports");
    }
}
