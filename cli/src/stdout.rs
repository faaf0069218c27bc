//! Writing results to standard output without panicking when the reader has gone (`kapi generate | head -1`).
//!
//! `println!` panics when a write fails. A closed pipe means the reader has what it wanted: kapi stops quietly,
//! as a command cut off by `head` does, with the status a shell gives a command a pipe closed on (128 + SIGPIPE).

use std::io::{ErrorKind, Write};

/// The exit status of a command whose output pipe closed.
const PIPE_CLOSED: i32 = 141;

/// Writes `text` and a newline.
pub fn line(text: &str) {
    write(format_args!("{text}\n"));
}

/// Writes `text` as it is.
pub fn text(text: &str) {
    write(format_args!("{text}"));
}

fn write(arguments: std::fmt::Arguments<'_>) {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_fmt(arguments).and_then(|()| stdout.flush()) {
        Ok(()) => {}
        Err(error) if error.kind() == ErrorKind::BrokenPipe => std::process::exit(PIPE_CLOSED),
        // Standard output is unusable otherwise too (a full disk); say so where it can still be read.
        Err(error) => {
            eprintln!("error: cannot write to standard output: {error}");
            std::process::exit(1);
        }
    }
}
