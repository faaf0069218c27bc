//! A reader that stops early (`kapi model | head -c 100`) ends kapi quietly, as it would any command: no panic, the
//! status of a closed pipe.

use std::io::Read;
use std::process::{Command, Stdio};

#[test]
fn a_closed_output_pipe_stops_kapi_without_a_panic() {
    let mut kapi = Command::new(env!("CARGO_BIN_EXE_kapi"))
        .arg("model")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kapi runs");
    // The model is about a megabyte, far more than a pipe holds: kapi is still writing when the pipe closes.
    let mut start = [0u8; 100];
    kapi.stdout.take().expect("stdout").read_exact(&mut start).expect("the model's first bytes");
    assert!(start.starts_with(b"{"), "{}", String::from_utf8_lossy(&start));
    let output = kapi.wait_with_output().expect("kapi ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(141), "{stderr}");
}
