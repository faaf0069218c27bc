//! The connection fast path on arbitrary bytes as they arrive on a connection, over the repository's generated
//! bundle: never a panic, and whatever it answers is a well-formed HTTP/1.1 response whose `content-length` is its
//! body's length, whose ETag is the hash of the identity bytes, and whose status is 200 or 304.
#![no_main]

use std::io::Read as _;
use std::sync::OnceLock;

use kapi_fuzz::generated_bundle_files;
use kapi_meta::content_hash::content_hash;
use kapi_runtime::Bundle;
use kapi_runtime::fuzzing::fast_path_response;
use libfuzzer_sys::fuzz_target;

fn bundle() -> &'static Bundle {
    static BUNDLE: OnceLock<Bundle> = OnceLock::new();
    BUNDLE.get_or_init(|| Bundle::from_files(generated_bundle_files()).expect("the generated bundle loads"))
}

fuzz_target!(|data: &[u8]| {
    let Some((head, body)) = fast_path_response(bundle(), data) else { return };
    let mut headers = [httparse::EMPTY_HEADER; 32];
    let mut response = httparse::Response::new(&mut headers);
    let parsed = response.parse(&head).expect("a well-formed head");
    assert_eq!(parsed, httparse::Status::Complete(head.len()), "the head is whole and nothing follows it");
    let code = response.code.expect("a status");
    assert!(code == 200 || code == 304, "status {code}");
    let header = |name: &str| {
        response
            .headers
            .iter()
            .find(|h| h.name.eq_ignore_ascii_case(name))
            .map(|h| std::str::from_utf8(h.value).expect("ascii"))
    };
    assert!(header("date").is_some(), "no date");
    let etag = header("etag").expect("an etag");
    let Some(body) = body else { return };
    assert_eq!(code, 200, "a body only with a 200");
    let length: usize = header("content-length").expect("a length").parse().expect("a number");
    assert_eq!(length, body.len());
    let identity = if header("content-encoding") == Some("gzip") {
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(&body[..]).read_to_end(&mut decoded).expect("gzip");
        decoded
    } else {
        body.to_vec()
    };
    assert_eq!(etag, format!("\"{}\"", content_hash(&identity)));
});
