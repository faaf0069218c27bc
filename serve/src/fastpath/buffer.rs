//! A connection's read buffer: allocated once per connection, requests parsed where they landed, consumed bytes
//! reclaimed by moving the unread rest to the front only when the tail runs out.

/// Large enough for any request kubectl sends; a head that does not fit goes to hyper, which reads up to the
/// configured head limit.
pub(crate) const CAPACITY: usize = 16 * 1024;

#[derive(Debug)]
pub(crate) struct ReadBuffer {
    bytes: Box<[u8]>,
    start: usize,
    end: usize,
}

impl Default for ReadBuffer {
    fn default() -> Self {
        Self { bytes: vec![0; CAPACITY].into_boxed_slice(), start: 0, end: 0 }
    }
}

impl ReadBuffer {
    /// A buffer holding `unread` (bytes a stream's client sent while it lasted), or `None` when they do not fit.
    pub fn with_unread(unread: &[u8]) -> Option<Self> {
        let mut buffer = Self::default();
        let spare = buffer.spare();
        let len = unread.len();
        spare.get_mut(..len)?.copy_from_slice(unread);
        buffer.filled(len);
        Some(buffer)
    }

    /// The bytes read and not yet consumed.
    pub fn unread(&self) -> &[u8] {
        &self.bytes[self.start..self.end]
    }

    /// True when no more bytes fit even after compacting.
    pub fn is_full(&self) -> bool {
        self.end - self.start == self.bytes.len()
    }

    /// Room to read into, compacting first when the tail is used up.
    pub fn spare(&mut self) -> &mut [u8] {
        if self.start == self.end {
            self.start = 0;
            self.end = 0;
        } else if self.end == self.bytes.len() {
            self.bytes.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        &mut self.bytes[self.end..]
    }

    /// Records `len` bytes read into [`ReadBuffer::spare`].
    pub fn filled(&mut self, len: usize) {
        self.end = (self.end + len).min(self.bytes.len());
    }

    /// Drops the first `len` unread bytes (one answered request).
    pub fn consume(&mut self, len: usize) {
        self.start = (self.start + len).min(self.end);
    }

    /// The unread bytes, for whoever takes the connection over.
    pub fn take_unread(&mut self) -> Vec<u8> {
        let unread = self.unread().to_vec();
        self.start = self.end;
        unread
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn consumed_bytes_are_reclaimed_and_the_rest_kept_in_order() {
        let mut buffer = ReadBuffer::default();
        let spare = buffer.spare();
        spare[..6].copy_from_slice(b"abcdef");
        buffer.filled(6);
        buffer.consume(4);
        assert_eq!(buffer.unread(), b"ef");
        let len = buffer.spare().len();
        buffer.filled(len);
        assert!(!buffer.is_full(), "four consumed bytes are still reclaimable");
        assert_eq!(buffer.spare().len(), 4, "compacted");
        assert_eq!(&buffer.unread()[..2], b"ef");
        buffer.filled(4);
        assert!(buffer.is_full());
        assert_eq!(buffer.take_unread().len(), CAPACITY);
        assert!(buffer.unread().is_empty());
    }
}
