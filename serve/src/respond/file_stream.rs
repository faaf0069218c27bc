//! A body in a file as an axum response body, read a piece at a time: what the router sends where the fast path
//! would use `sendfile(2)` (TLS, a connection handed to hyper), without reading a document of hundreds of megabytes
//! into memory per request.

use axum::body::{Body, Bytes};

use crate::body_file::BodyFile;

/// How much is read and sent at a time.
const PIECE_BYTES: usize = 256 * 1024;

/// The file's bytes as a streamed body. Each piece is read on the worker thread: a read of this size from the page
/// cache takes tens of microseconds, less than handing it to the blocking pool would.
pub(crate) fn body(file: BodyFile) -> Body {
    let pieces = futures_util::stream::unfold((file, 0_usize), |(file, offset)| async move {
        if offset >= file.len() {
            return None;
        }
        let piece = file.read_piece(offset, PIECE_BYTES);
        let next = offset + piece.as_ref().map_or(0, Vec::len);
        // After an error the stream ends (the response is then cut short, as a failed sendfile cuts it).
        let next = if piece.is_err() { file.len() } else { next };
        Some((piece.map(Bytes::from), (file, next)))
    });
    Body::from_stream(pieces)
}
