//! The identity lease's name, derived as kube-apiserver derives its own (the apiserver-identity design): the
//! prefix `apiserver-` and a hash of the host name together with the component, so a restart on one host takes
//! its lease back, and two components on one host (kube-apiserver and kapi, or two aggregated servers) never
//! share a name. With the same host name and component the name is the one kube-apiserver would pick.

use sha2::{Digest, Sha256};

/// What every identity lease name starts with, whatever the component.
pub const LEASE_NAME_PREFIX: &str = "apiserver-";

/// How many bytes of the digest the name keeps (26 base32 characters).
const DIGEST_BYTES: usize = 16;

/// `apiserver-<lowercase unpadded base32 of the first 16 bytes of SHA-256(host name, component)>`, each of the two
/// prefixed with its length as two big-endian bytes so that no two pairs hash the same input. A part longer than
/// 65 535 bytes is cut there (kube-apiserver refuses to start instead; kapi's settings check refuses it earlier).
pub fn lease_name(component: &str, hostname: &str) -> String {
    let mut hasher = Sha256::new();
    for part in [hostname, component] {
        let bytes = &part.as_bytes()[..part.len().min(usize::from(u16::MAX))];
        let length = u16::try_from(bytes.len()).unwrap_or(u16::MAX);
        hasher.update(length.to_be_bytes());
        hasher.update(bytes);
    }
    let digest = hasher.finalize();
    format!("{LEASE_NAME_PREFIX}{}", base32_lowercase(&digest[..DIGEST_BYTES]))
}

/// RFC 4648 base32 in lowercase, without padding: five bits a character, the last one zero-filled.
fn base32_lowercase(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";
    let mut out = String::with_capacity(bytes.len().div_ceil(5) * 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for &byte in bytes {
        buffer = (buffer << 8) | u32::from(byte);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(char::from(ALPHABET[((buffer >> bits) & 31) as usize]));
        }
        buffer &= (1 << bits) - 1;
    }
    if bits > 0 {
        out.push(char::from(ALPHABET[((buffer << (5 - bits)) & 31) as usize]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base32_follows_rfc_4648_without_padding() {
        // RFC 4648 section 10's vectors, lowercased and unpadded.
        let cases =
            [("", ""), ("f", "my"), ("fo", "mzxq"), ("foo", "mzxw6"), ("foob", "mzxw6yq"), ("fooba", "mzxw6ytb")];
        for (input, expected) in cases {
            assert_eq!(base32_lowercase(input.as_bytes()), expected, "{input:?}");
        }
        assert_eq!(base32_lowercase(b"foobar"), "mzxw6ytboi");
    }

    #[test]
    fn names_hash_the_host_and_the_component_together() {
        let name = lease_name("kube-apiserver", "node-a.example");
        assert_eq!(name, lease_name("kube-apiserver", "node-a.example"), "stable across restarts");
        assert_ne!(name, lease_name("kube-apiserver", "node-b.example"));
        assert_ne!(name, lease_name("kapi-server", "node-a.example"), "components on one host differ");
        assert_ne!(lease_name("ab", "c"), lease_name("a", "bc"), "the length prefixes keep the parts apart");
        assert!(name.starts_with(LEASE_NAME_PREFIX) && name.len() == LEASE_NAME_PREFIX.len() + 26, "{name}");
        assert!(name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'), "{name}");
        assert!(lease_name("kapi-server", &"x".repeat(70_000)).len() < 64, "any host name gives a valid name");
    }

    #[test]
    fn the_name_is_the_one_kube_apiserver_picks_for_the_same_host() {
        // Computed outside kapi (Python's hashlib and base64) from the recipe; the kube_identity CLI test checks
        // the recipe against a running kube-apiserver's own lease.
        assert_eq!(lease_name("kube-apiserver", "node-1"), "apiserver-lgabes5ywnaqeagh5dny4zlzs4");
    }
}
