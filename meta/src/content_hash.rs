//! The content hash every kapi artifact is known by: what the OpenAPI v3 index puts in `?hash=` and what a server
//! sends as the ETag. Generator and server must agree on it byte for byte, so it is written once, here.

use sha2::{Digest, Sha512};

/// The uppercase hex SHA-512 of `bytes`, as kube-apiserver writes it.
pub fn content_hash(bytes: &[u8]) -> String {
    let mut hasher = ContentHasher::default();
    hasher.update(bytes);
    hasher.finish()
}

/// [`content_hash`] of bytes given piece by piece: a server hashes a document of hundreds of megabytes as it reads
/// it from its file, without holding it whole.
#[derive(Debug, Clone, Default)]
pub struct ContentHasher(Sha512);

impl ContentHasher {
    /// Adds the next piece.
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// The hash of every piece added, in order.
    pub fn finish(self) -> String {
        hex(&self.0.finalize())
    }
}

fn hex(digest: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(digest.len() * 2);
    for byte in digest {
        out.push(char::from(HEX[usize::from(byte >> 4)]));
        out.push(char::from(HEX[usize::from(byte & 0x0f)]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{ContentHasher, content_hash};

    #[test]
    fn is_uppercase_hex_sha512() {
        let hash = content_hash(b"");
        assert_eq!(hash.len(), 128);
        assert!(hash.starts_with("CF83E1357EEFB8BDF1542850D66D8007D620E4050B5715DC83F4A921D36CE9CE"), "{hash}");
        assert!(hash.ends_with("A538327AF927DA3E"), "{hash}");
    }

    #[test]
    fn pieces_hash_as_the_whole() {
        let mut hasher = ContentHasher::default();
        hasher.update(b"ab");
        hasher.update(b"");
        hasher.update(b"c");
        assert_eq!(hasher.finish(), content_hash(b"abc"));
    }
}
