//! Sending a head and a large body held in an in-memory file: the head with `MSG_MORE`, so the kernel holds it
//! for the body rather than sending it in a segment of its own, then the body with `sendfile(2)`, which hands the
//! file's pages to the socket without copying them through the process. `sendfile` itself marks every piece but
//! the last of what it was asked to send as "more to come", so the body leaves in full segments and the last one
//! is pushed at once: what nginx's `tcp_nopush` gets from setting and clearing `TCP_CORK`, without those two
//! system calls per response.

use std::io::{self, IoSlice};

use rustix::fs::sendfile;
use rustix::net::{SendAncillaryBuffer, SendFlags, sendmsg};
use tokio::io::Interest;
use tokio::net::TcpStream;

use crate::body_file::BodyFile;

/// Writes `head` and then all of `body`'s file to `stream`.
pub(crate) async fn send_head_and_file(stream: &TcpStream, head: &[IoSlice<'_>], body: &BodyFile) -> io::Result<()> {
    let mut slices = [IoSlice::new(&[]); 16];
    let count = head.len().min(slices.len());
    slices[..count].copy_from_slice(&head[..count]);
    let mut remaining = &mut slices[..count];
    while !remaining.is_empty() {
        let sent = stream
            .async_io(Interest::WRITABLE, || {
                sendmsg(stream, remaining, &mut SendAncillaryBuffer::default(), SendFlags::MORE | SendFlags::NOSIGNAL)
                    .map_err(io::Error::from)
            })
            .await?;
        if sent == 0 {
            return Err(io::ErrorKind::WriteZero.into());
        }
        IoSlice::advance_slices(&mut remaining, sent);
    }
    let mut offset = 0_u64;
    let len = body.len() as u64;
    while offset < len {
        let sent = stream
            .async_io(Interest::WRITABLE, || {
                let count = usize::try_from(len - offset).unwrap_or(usize::MAX);
                sendfile(stream, body.file(), Some(&mut offset), count).map_err(io::Error::from)
            })
            .await?;
        if sent == 0 {
            return Err(io::ErrorKind::WriteZero.into());
        }
    }
    Ok(())
}
