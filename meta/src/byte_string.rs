//! Byte strings as Kubernetes writes them in JSON: standard base64 with padding (Go's `[]byte`).
//!
//! Use with serde on `Option<Vec<u8>>` fields marked `#[kapi(bytes)]`:
//! `#[serde(default, skip_serializing_if = "Option::is_none", with = "crate::byte_string::optional")]`, and on
//! `Vec<u8>` fields with `with = "crate::byte_string::required"`.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// `bytes` in standard base64 with `=` padding.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The bytes of standard, padded base64 text; `None` if `text` is not that.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let chunks = text.as_bytes().chunks_exact(4);
    if !chunks.remainder().is_empty() {
        return None;
    }
    let count = chunks.len();
    let mut out = Vec::with_capacity(count * 3);
    for (index, chunk) in chunks.enumerate() {
        let padding = chunk.iter().rev().take_while(|&&c| c == b'=').count();
        if padding > 2 || (padding > 0 && index + 1 != count) {
            return None;
        }
        let mut n = 0u32;
        for &c in &chunk[..4 - padding] {
            let value = ALPHABET.iter().position(|&a| a == c)?;
            n = (n << 6) | value as u32;
        }
        n <<= 6 * padding as u32;
        let decoded = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&decoded[..3 - padding]);
    }
    Some(out)
}

/// Serde adapters for `Option<Vec<u8>>` written as a base64 string.
pub mod optional {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the bytes as a base64 string (or `null`).
    pub fn serialize<S: Serializer>(value: &Option<Vec<u8>>, serializer: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(bytes) => serializer.serialize_str(&super::encode(bytes)),
            None => serializer.serialize_none(),
        }
    }

    /// Reads a base64 string (or `null`).
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Vec<u8>>, D::Error> {
        let Some(text) = Option::<String>::deserialize(deserializer)? else { return Ok(None) };
        super::decode(&text).map(Some).ok_or_else(|| D::Error::custom("invalid base64 in a byte string"))
    }
}

/// Serde adapters for `Vec<u8>` written as a base64 string.
pub mod required {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the bytes as a base64 string.
    pub fn serialize<S: Serializer>(value: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&super::encode(value))
    }

    /// Reads a base64 string.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(deserializer)?;
        super::decode(&text).ok_or_else(|| D::Error::custom("invalid base64 in a byte string"))
    }
}

#[cfg(test)]
mod tests {
    use super::{decode, encode};

    #[test]
    fn required_byte_strings_travel_as_base64() -> serde_json::Result<()> {
        #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        struct Holder(#[serde(with = "super::required")] Vec<u8>);
        let json = serde_json::to_string(&Holder(b"foo".to_vec()))?;
        assert_eq!(json, "\"Zm9v\"");
        assert_eq!(serde_json::from_str::<Holder>(&json)?, Holder(b"foo".to_vec()));
        assert!(serde_json::from_str::<Holder>("\"Zm9\"").is_err());
        Ok(())
    }

    #[test]
    fn encoding_matches_rfc_4648_test_vectors() {
        let vectors = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in vectors {
            assert_eq!(encode(plain.as_bytes()), encoded);
            assert_eq!(decode(encoded).as_deref(), Some(plain.as_bytes()));
        }
    }

    #[test]
    fn every_byte_value_round_trips() {
        let bytes: Vec<u8> = (0..=255).collect();
        assert_eq!(decode(&encode(&bytes)), Some(bytes));
    }

    #[test]
    fn malformed_text_is_rejected() {
        for text in ["Zg=", "Z===", "Zg==Zg==", "Zm9*", "Zm9v\n"] {
            assert_eq!(decode(text), None, "{text:?}");
        }
    }
}
