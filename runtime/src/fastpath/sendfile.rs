//! Sending a head and a large body held in an in-memory file: the socket corked (`TCP_CORK`, what nginx's
//! `tcp_nopush` sets) so the head and the body leave in full segments even as the body goes out in several
//! `sendfile(2)` calls while the send buffer drains; then the body with `sendfile(2)`, which hands the file's pages
//! to the socket without copying them through the process; then uncorked, which sends the last partial segment.

use std::io::{self, IoSlice};

use rustix::fs::sendfile;
use rustix::net::sockopt::set_tcp_cork;
use rustix::net::{SendAncillaryBuffer, SendFlags, sendmsg};
use tokio::io::Interest;
use tokio::net::TcpStream;

use crate::body_file::BodyFile;

/// Writes `head` and then all of `body`'s file to `stream`.
pub(crate) async fn send_head_and_file(stream: &TcpStream, head: &[IoSlice<'_>], body: &BodyFile) -> io::Result<()> {
    set_tcp_cork(stream, true)?;
    let sent = send_corked(stream, head, body).await;
    // Uncorking flushes what is left; a connection that failed is closed anyway.
    let uncorked = set_tcp_cork(stream, false);
    sent.and(uncorked.map_err(io::Error::from))
}

async fn send_corked(stream: &TcpStream, head: &[IoSlice<'_>], body: &BodyFile) -> io::Result<()> {
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
