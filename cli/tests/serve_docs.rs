//! `kapi serve --docs-title` and `--docs-logo`: the API reference at `/docs/` carries the title and serves the logo;
//! a logo that is not an SVG or PNG image, or cannot be read, is refused before anything serves.

use crate::common;

use std::process::Command;

use common::Server;

const SVG: &str =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><rect width=\"10\" height=\"10\"/></svg>\n";

#[test]
fn the_title_is_on_every_page_and_the_logo_is_served() {
    let dir = tempfile::tempdir().expect("tempdir");
    let logo = dir.path().join("logo.svg");
    std::fs::write(&logo, SVG).expect("logo");
    let logo = logo.to_str().expect("UTF-8 path");
    let server = Server::kapi_serve(&["--docs-title", "Widgets & <Co>", "--docs-logo", logo]);
    let (code, index) = server.get("/docs/", "text/html");
    assert_eq!(code, 200, "{index}");
    assert!(index.contains("<title>Widgets &#38; &#60;Co&#62;</title>"), "{index}");
    assert!(index.contains("<img class=\"logo\" src=\"_assets/logo.svg\" alt=\"Widgets &#38; &#60;Co&#62;\">"));
    let (code, apps) = server.get("/docs/apps/v1", "text/html");
    assert_eq!(code, 200);
    assert!(apps.contains("<title>apps/v1 · Widgets &#38; &#60;Co&#62;</title>"), "{apps}");
    assert!(apps.contains("src=\"../_assets/logo.svg\""));
    let (code, head, body) = server.get_with("/docs/_assets/logo.svg", &[]);
    assert_eq!(code, 200, "{head}");
    assert!(head.to_ascii_lowercase().contains("content-type: image/svg+xml"), "{head}");
    assert_eq!(body, SVG);
}

#[test]
fn without_flags_the_reference_has_the_default_title_and_no_logo() {
    let server = Server::kapi_serve(&[]);
    let (code, index) = server.get("/docs/", "text/html");
    assert_eq!(code, 200);
    assert!(index.contains("<title>API reference</title>"), "{index}");
    assert!(!index.contains("<img"));
    assert_eq!(server.get("/docs/_assets/logo.svg", "*/*").0, 404);
    let (code, head, _) = server.get_with("/docs", &[]);
    assert_eq!(code, 301);
    assert!(head.to_ascii_lowercase().contains("location: /docs/"), "{head}");
}

/// Runs `kapi serve` expecting it to refuse its arguments; returns what it said.
fn refused(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_kapi"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(args)
        .output()
        .expect("kapi runs");
    assert!(!output.status.success(), "kapi serve {args:?} started");
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn a_logo_that_is_not_svg_or_png_or_cannot_be_read_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let gif = dir.path().join("logo.gif");
    std::fs::write(&gif, b"GIF89a\x01\x00\x01\x00").expect("gif");
    let said = refused(&["--docs-logo", gif.to_str().expect("UTF-8 path")]);
    assert!(said.contains("--docs-logo") && said.contains("not an SVG or PNG image"), "{said}");
    let missing = dir.path().join("missing.svg");
    let said = refused(&["--docs-logo", missing.to_str().expect("UTF-8 path")]);
    assert!(said.contains("--docs-logo: cannot read"), "{said}");
}
