//! Content negotiation: from an `Accept` header and the variants on offer to the variant to send, or none (406).
//!
//! The parser follows goautoneg, which kube-apiserver and kube-openapi use: lenient (media types such as
//! `application/com.github.proto-openapi.spec.v3@v1.0+protobuf` are not RFC tokens, yet kubectl sends them),
//! parameters kept, clauses with `q=0` dropped, then ordered by q, concrete before wildcard, header order last.

use smallvec::SmallVec;

/// One clause of an `Accept` header, borrowed from it: parsing a header allocates nothing unless it has more than
/// [`INLINE_CLAUSES`] clauses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MediaRange<'a> {
    kind: &'a str,
    subtype: &'a str,
    /// Everything after the media type's first `;`, parsed when a parameter is asked for.
    params: &'a str,
    q: f32,
}

/// Clauses kept without a heap allocation; kubectl sends at most three.
pub const INLINE_CLAUSES: usize = 8;

/// An `Accept` header's clauses in preference order.
pub type Clauses<'a> = SmallVec<[MediaRange<'a>; INLINE_CLAUSES]>;

impl<'a> MediaRange<'a> {
    /// The parameter `name` (matched case-insensitively; `q` is not one), unquoted.
    pub fn param(&self, name: &str) -> Option<&'a str> {
        parameters(self.params).find(|(key, _)| key.eq_ignore_ascii_case(name)).map(|(_, value)| value)
    }

    /// True when this clause admits `kind/subtype` (either side may be a `*` wildcard in the clause).
    pub fn admits(&self, kind: &str, subtype: &str) -> bool {
        (self.kind == "*" || self.kind.eq_ignore_ascii_case(kind))
            && (self.subtype == "*" || self.subtype.eq_ignore_ascii_case(subtype))
    }

    /// True when this clause names exactly `kind/subtype`, no wildcard.
    pub fn is(&self, kind: &str, subtype: &str) -> bool {
        self.kind.eq_ignore_ascii_case(kind) && self.subtype.eq_ignore_ascii_case(subtype)
    }

    fn is_wildcard_kind(&self) -> bool {
        self.kind == "*"
    }

    fn is_wildcard_subtype(&self) -> bool {
        self.subtype == "*"
    }
}

/// Parses an `Accept` header into clauses in preference order; a missing or blank header means `*/*`.
pub fn parse_accept(header: Option<&str>) -> Clauses<'_> {
    let header = header.map(str::trim).filter(|h| !h.is_empty()).unwrap_or("*/*");
    let mut clauses: Clauses<'_> = split_outside_quotes(header, ',').filter_map(parse_clause).collect();
    // A stable sort keeps header order among equals, as the protocol requires (and allocates nothing for a
    // handful of clauses: it is an insertion sort below twenty).
    clauses.sort_by(|a, b| {
        b.q.total_cmp(&a.q)
            .then_with(|| a.is_wildcard_kind().cmp(&b.is_wildcard_kind()))
            .then_with(|| a.is_wildcard_subtype().cmp(&b.is_wildcard_subtype()))
    });
    clauses
}

fn parse_clause(text: &str) -> Option<MediaRange<'_>> {
    let (media, params) = match split_outside_quotes(text, ';').next() {
        Some(first) => {
            // `first` is a prefix of `text`; the parameters are whatever follows it.
            let rest = &text[first.as_ptr() as usize - text.as_ptr() as usize + first.len()..];
            (first.trim(), rest)
        }
        None => return None,
    };
    let (kind, subtype) = match media {
        "*" => ("*", "*"),
        _ => {
            let (kind, subtype) = media.split_once('/')?;
            (kind.trim(), subtype.trim())
        }
    };
    if kind.is_empty() || subtype.is_empty() {
        return None;
    }
    let q = parameters(params)
        .filter(|(key, _)| key.eq_ignore_ascii_case("q"))
        .last()
        .map_or(1.0, |(_, value)| value.parse().unwrap_or(0.0));
    (q > 0.0).then_some(MediaRange { kind, subtype, params, q })
}

/// The `key=value` pairs of a clause's parameter text, keys and values trimmed, values unquoted; `q` included.
fn parameters(text: &str) -> impl Iterator<Item = (&str, &str)> {
    split_outside_quotes(text, ';').filter_map(|part| {
        let (key, value) = part.split_once('=')?;
        Some((key.trim(), value.trim().trim_matches('"')))
    })
}

/// Splits on `separator` except inside double quotes (a quoted parameter value may hold commas).
fn split_outside_quotes(text: &str, separator: char) -> impl Iterator<Item = &str> {
    let mut quoted = false;
    text.split(move |c: char| {
        if c == '"' {
            quoted = !quoted;
        }
        c == separator && !quoted
    })
    .filter(|part| !part.trim().is_empty())
}

/// The aggregated discovery versions (`apidiscovery.k8s.io/<v>`), newest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AggregatedVersion {
    /// `apidiscovery.k8s.io/v2`.
    V2,
    /// `apidiscovery.k8s.io/v2beta1`, all kubectl up to 1.29 ask for.
    V2beta1,
}

impl AggregatedVersion {
    /// The version as written in the `v=` parameter.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::V2 => "v2",
            Self::V2beta1 => "v2beta1",
        }
    }

    /// The version a `v=` parameter names, if this server knows it.
    fn from_param(value: &str) -> Option<Self> {
        [Self::V2, Self::V2beta1].into_iter().find(|version| version.as_str() == value)
    }
}

/// How a discovery document is put on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// `application/json`.
    Json,
    /// `application/vnd.kubernetes.protobuf`: the `k8s\0` magic, then a `runtime.Unknown` envelope.
    Protobuf,
}

impl Encoding {
    /// The order a clause that admits both (a wildcard) tries them: JSON first, as kube-apiserver lists its
    /// serializers.
    const PREFERENCE: [Self; 2] = [Self::Json, Self::Protobuf];

    /// The media subtype (`application/<subtype>`).
    pub fn subtype(self) -> &'static str {
        match self {
            Self::Json => "json",
            Self::Protobuf => "vnd.kubernetes.protobuf",
        }
    }
}

/// What `/api` or `/apis` (or a legacy per-group document) answers with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscoveryChoice {
    /// An `APIGroupDiscoveryList`.
    Aggregated(AggregatedVersion, Encoding),
    /// `APIVersions` (`/api`), `APIGroupList` (`/apis`), `APIGroup` or `APIResourceList`.
    Legacy(Encoding),
}

const AGGREGATED_GROUP: &str = "apidiscovery.k8s.io";
const AGGREGATED_KIND: &str = "APIGroupDiscoveryList";

/// The document a clause asks for, before its encoding is settled.
#[derive(Debug, Clone, Copy)]
enum Wanted {
    Legacy,
    Aggregated(AggregatedVersion),
}

/// The first clause an offered variant satisfies, with what `offer` found for it. `offer` answers whether (and
/// with what) a choice is served. A clause asking for some other `g`/`v`/`as` is a form this server cannot
/// produce, so it is skipped rather than answered with the legacy document.
pub fn negotiate_discovery<T>(
    clauses: &[MediaRange],
    mut offer: impl FnMut(DiscoveryChoice) -> Option<T>,
) -> Option<(DiscoveryChoice, T)> {
    clauses.iter().find_map(|clause| {
        let wanted = wanted(clause)?;
        Encoding::PREFERENCE.into_iter().filter(|encoding| clause.admits("application", encoding.subtype())).find_map(
            |encoding| {
                let choice = match wanted {
                    Wanted::Legacy => DiscoveryChoice::Legacy(encoding),
                    Wanted::Aggregated(version) => DiscoveryChoice::Aggregated(version, encoding),
                };
                offer(choice).map(|found| (choice, found))
            },
        )
    })
}

/// The `g`/`v`/`as` form a clause asks for: none (the legacy document), a known aggregated version, or
/// something this server does not serve (`None`). Other parameters (`charset`, `profile`, …) do not matter.
fn wanted(clause: &MediaRange) -> Option<Wanted> {
    let (g, v, r#as) = (clause.param("g"), clause.param("v"), clause.param("as"));
    if g.is_none() && v.is_none() && r#as.is_none() {
        return Some(Wanted::Legacy);
    }
    if g != Some(AGGREGATED_GROUP) || r#as != Some(AGGREGATED_KIND) {
        return None;
    }
    v.and_then(AggregatedVersion::from_param).map(Wanted::Aggregated)
}

/// Which OpenAPI specification a document belongs to; the protobuf media types name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spec {
    /// Swagger 2.0 at `/openapi/v2`.
    V2,
    /// OpenAPI 3 at `/openapi/v3/<gv>`.
    V3,
}

/// What an OpenAPI document is sent as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenApiChoice {
    /// `application/json`.
    Json,
    /// gnostic protobuf; `at_spelling` is the older `…spec.v3@v1.0+protobuf` form, echoed back as asked.
    Protobuf {
        /// The client wrote `@v1.0` rather than `.v1.0`.
        at_spelling: bool,
    },
}

impl Spec {
    /// The protobuf subtype in its two spellings: (`@v1.0`, `.v1.0`).
    pub fn protobuf_subtypes(self) -> (&'static str, &'static str) {
        match self {
            Self::V2 => {
                ("com.github.proto-openapi.spec.v2@v1.0+protobuf", "com.github.proto-openapi.spec.v2.v1.0+protobuf")
            }
            Self::V3 => {
                ("com.github.proto-openapi.spec.v3@v1.0+protobuf", "com.github.proto-openapi.spec.v3.v1.0+protobuf")
            }
        }
    }
}

/// The first clause JSON or (when offered) protobuf satisfies; JSON wins wildcards, as in kube-openapi.
pub fn negotiate_openapi(clauses: &[MediaRange], spec: Spec, protobuf: bool) -> Option<OpenApiChoice> {
    let (at_form, dot_form) = spec.protobuf_subtypes();
    clauses.iter().find_map(|clause| {
        if clause.admits("application", "json") {
            Some(OpenApiChoice::Json)
        } else if protobuf && clause.is("application", at_form) {
            Some(OpenApiChoice::Protobuf { at_spelling: true })
        } else if protobuf && clause.is("application", dot_form) {
            Some(OpenApiChoice::Protobuf { at_spelling: false })
        } else {
            None
        }
    })
}

/// True when `Accept-Encoding` admits gzip (named, or through `*`, with q > 0).
pub fn accepts_gzip(header: Option<&str>) -> bool {
    let Some(header) = header else { return false };
    let mut wildcard = None;
    for coding in header.split(',') {
        let mut parts = coding.split(';');
        let name = parts.next().unwrap_or_default().trim();
        let q = parts
            .filter_map(|p| p.split_once('='))
            .find(|(key, _)| key.trim().eq_ignore_ascii_case("q"))
            .map_or(1.0, |(_, value)| value.trim().parse::<f32>().unwrap_or(0.0));
        if name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip") {
            return q > 0.0;
        }
        if name == "*" {
            wildcard = Some(q > 0.0);
        }
    }
    wildcard.unwrap_or(false)
}

#[cfg(test)]
#[path = "negotiate_tests.rs"]
mod tests;
