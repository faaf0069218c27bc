//! `Accept` and `Accept-Encoding` parsing and negotiation on arbitrary header text: never a panic, and every
//! choice is one the header asked for and the server offered.
#![no_main]

use kapi_runtime::negotiate::{
    DiscoveryChoice, Encoding, OpenApiChoice, Spec, accepts_gzip, negotiate_discovery, negotiate_openapi, parse_accept,
};
use libfuzzer_sys::fuzz_target;

/// The input: a byte of flags, a byte of offered discovery choices, then `Accept` and `Accept-Encoding` on two
/// lines (so the seeds are real headers as clients send them).
#[derive(Debug)]
struct Input<'a> {
    accept: Option<&'a str>,
    accept_encoding: Option<&'a str>,
    protobuf: bool,
    v3: bool,
    /// Which discovery choices the server offers, one bit each.
    offered: u8,
}

impl<'a> Input<'a> {
    fn parse(data: &'a [u8]) -> Option<Self> {
        let (&[flags, offered], rest) = data.split_first_chunk::<2>()?;
        let text = std::str::from_utf8(rest).ok()?;
        let (accept, accept_encoding) = match text.split_once('\n') {
            Some((accept, encoding)) => (accept, Some(encoding)),
            None => (text, None),
        };
        Some(Self {
            accept: (flags & 1 == 0).then_some(accept),
            accept_encoding: accept_encoding.filter(|_| flags & 2 == 0),
            protobuf: flags & 4 != 0,
            v3: flags & 8 != 0,
            offered,
        })
    }
}

fn bit(choice: DiscoveryChoice) -> u8 {
    use kapi_runtime::negotiate::AggregatedVersion::{V2, V2beta1};
    match choice {
        DiscoveryChoice::Legacy(Encoding::Json) => 1,
        DiscoveryChoice::Legacy(Encoding::Protobuf) => 2,
        DiscoveryChoice::Aggregated(V2, Encoding::Json) => 4,
        DiscoveryChoice::Aggregated(V2, Encoding::Protobuf) => 8,
        DiscoveryChoice::Aggregated(V2beta1, Encoding::Json) => 16,
        DiscoveryChoice::Aggregated(V2beta1, Encoding::Protobuf) => 32,
    }
}

fuzz_target!(|data: &[u8]| {
    let Some(input) = Input::parse(data) else { return };
    let clauses = parse_accept(input.accept);
    assert_eq!(clauses, parse_accept(input.accept), "parsing is deterministic");
    if input.accept.is_none_or(|header| header.trim().is_empty()) {
        assert!(clauses.len() == 1 && clauses[0].admits("x", "y"), "no header means */*");
    }

    let spec = if input.v3 { Spec::V3 } else { Spec::V2 };
    match negotiate_openapi(&clauses, spec, input.protobuf) {
        Some(OpenApiChoice::Json) => {
            assert!(clauses.iter().any(|c| c.admits("application", "json")), "JSON chosen but not accepted");
        }
        Some(OpenApiChoice::Protobuf { at_spelling }) => {
            assert!(input.protobuf, "protobuf chosen but not offered");
            let (at, dot) = spec.protobuf_subtypes();
            let subtype = if at_spelling { at } else { dot };
            assert!(clauses.iter().any(|c| c.admits("application", subtype)), "protobuf chosen but not accepted");
        }
        None => {}
    }

    let chosen = negotiate_discovery(&clauses, |choice| (input.offered & bit(choice) != 0).then_some(bit(choice)));
    if let Some((choice, found)) = chosen {
        assert_eq!(found, bit(choice), "the offer's answer comes back with its choice");
        assert!(input.offered & found != 0, "a choice that was not offered");
        let encoding = match choice {
            DiscoveryChoice::Legacy(encoding) | DiscoveryChoice::Aggregated(_, encoding) => encoding,
        };
        assert!(clauses.iter().any(|c| c.admits("application", encoding.subtype())), "encoding not accepted");
    }
    if input.offered == 0 {
        assert!(chosen.is_none());
    }

    let gzip = accepts_gzip(input.accept_encoding);
    if let Some(header) = input.accept_encoding {
        let lower = header.to_ascii_lowercase();
        if gzip {
            assert!(lower.contains("gzip") || lower.contains('*'), "gzip accepted from {header:?}");
        }
    } else {
        assert!(!gzip, "no Accept-Encoding means identity only");
    }
});
