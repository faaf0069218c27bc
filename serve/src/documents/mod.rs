//! The documents a bundle serves at fixed paths — discovery, OpenAPI and `/version` — answered from the path,
//! query and headers alone. The router's handler and the connection fast path ([`crate::fastpath`]) both answer
//! through [`answer`], so the two cannot disagree.

mod pending;
mod route;

use std::borrow::Cow;
use std::collections::BTreeMap;

use axum::http::HeaderValue;

use crate::bundle::Bundle;
use crate::discovery::{Root, Variants};
use crate::last_modified::LastModified;
use crate::negotiate::{DiscoveryChoice, OpenApiChoice, Spec, negotiate_discovery, negotiate_openapi, parse_accept};
use crate::openapi::{Document, GroupVersionDocument};
use crate::plug::remote::{RemoteDocument, RemoteDocuments};
use crate::respond::{
    Caching, Conditional, ContentTypeOverride, Prepared, Reply, RequestHeaders, Unavailable, Undecided,
};
use crate::status::Failure;
use crate::variants::Representation;
pub(crate) use pending::Pending;
pub(crate) use route::{DocumentPath, document_path};

/// The v3 protobuf media type in its older `@v1.0` spelling, echoed to clients that ask for it so.
static V3_PROTOBUF_AT_SPELLING: ContentTypeOverride = ContentTypeOverride {
    value: HeaderValue::from_static("application/com.github.proto-openapi.spec.v3@v1.0+protobuf"),
    line: b"content-type: application/com.github.proto-openapi.spec.v3@v1.0+protobuf\r\n",
};

/// What a document path answers.
#[derive(Debug)]
pub(crate) enum Answer<'b> {
    /// A representation of the document: 200, or 304 when the client's copy is current.
    Document(Prepared<'b>),
    /// A stale `?hash=`: 301 to the current one, carrying the current ETag.
    Redirect { location: &'b HeaderValue, etag: &'b HeaderValue },
    /// An OpenAPI document another server answers.
    Remote { document: &'b dyn RemoteDocument, key: Cow<'b, str> },
    /// 404 or 406.
    Failure(Failure),
    /// A document that cannot be sent (503; logged where answered).
    Unavailable(Unavailable),
    /// Something to compute first ([`Pending::compute_off_loop`]); then the same request is answered again.
    Pending(Pending),
}

/// The answer for a decided reply.
fn decided(decided: Result<Prepared<'_>, Undecided>) -> Answer<'_> {
    match decided {
        Ok(prepared) => Answer::Document(prepared),
        Err(Undecided::Unavailable(unavailable)) => Answer::Unavailable(unavailable),
        Err(Undecided::NotEncoded(rep)) => Answer::Pending(Pending::Encodings(rep)),
    }
}

/// The answer to `GET path?query` with `headers` from `bundle`. Nothing is computed here: what the answer needs
/// and no request computed yet is [`Answer::Pending`].
pub(crate) fn answer<'b>(
    bundle: &'b Bundle,
    path: DocumentPath<'b>,
    query: Option<&str>,
    headers: &(impl RequestHeaders + ?Sized),
) -> Answer<'b> {
    let discovery = &bundle.discovery;
    let found = match path {
        DocumentPath::CoreRoot => return root(bundle, &discovery.api, headers),
        DocumentPath::GroupsRoot => return root(bundle, &discovery.apis, headers),
        DocumentPath::CoreVersion(version) => discovery.core_versions.get(version.as_ref()),
        DocumentPath::Group(group) => discovery.groups.get(group.as_ref()),
        DocumentPath::GroupVersion(group_version) => discovery.group_versions.get(group_version.as_ref()),
        DocumentPath::OpenApiRoot => {
            return bundle.openapi.root.as_ref().map_or(not_found(), |root| {
                decided(plain(bundle, Caching::Unspecified, false).decide_encoded(root, headers))
            });
        }
        DocumentPath::OpenApiV3(key) => {
            let documents = &bundle.openapi.documents;
            return group_version_document(bundle, documents, Some(&bundle.remote), key, query, headers);
        }
        // The same caching as v3's, from local documents only.
        DocumentPath::OpenApiV31Root => {
            return bundle.openapi_v31.root.as_ref().map_or(not_found(), |root| {
                decided(plain(bundle, Caching::Unspecified, false).decide_encoded(root, headers))
            });
        }
        DocumentPath::OpenApiV31(key) => {
            return group_version_document(bundle, &bundle.openapi_v31.documents, None, key, query, headers);
        }
        DocumentPath::OpenApiV2 => {
            let served = bundle.openapi.v2.as_ref().and_then(|v2| v2.served());
            return served.map_or(not_found(), |v2| openapi(&v2.last_modified, &v2.document, Spec::V2, headers));
        }
        DocumentPath::Version => {
            return decided(plain(bundle, Caching::Unspecified, false).decide_encoded(&bundle.version, headers));
        }
    };
    found.map_or(not_found(), |variants| legacy(bundle, variants, headers))
}

fn not_found() -> Answer<'static> {
    Answer::Failure(Failure::NotFound)
}

/// A reply revalidated as `http.ServeContent` does, against the bundle's load time.
fn plain(bundle: &Bundle, caching: Caching, vary_accept: bool) -> Reply<'_> {
    plain_since(&bundle.last_modified, caching, vary_accept)
}

/// A reply revalidated as `http.ServeContent` does, against `last_modified`.
fn plain_since(last_modified: &LastModified, caching: Caching, vary_accept: bool) -> Reply<'_> {
    Reply {
        conditional: Conditional::Http {
            last_modified: last_modified.time,
            header: &last_modified.header,
            line: &last_modified.line,
        },
        caching,
        vary_accept,
        content_type: None,
    }
}

/// `/api` or `/apis`: aggregated (v2 or v2beta1) or legacy, as JSON or protobuf.
fn root<'b>(bundle: &'b Bundle, root: &'b Root, headers: &(impl RequestHeaders + ?Sized)) -> Answer<'b> {
    if root.is_empty() {
        return not_found();
    }
    let aggregated =
        Reply { conditional: Conditional::Exact, caching: Caching::Public, vary_accept: true, content_type: None };
    match negotiate_discovery(&parse_accept(headers.text("accept")), |choice| root.variant(choice)) {
        Some((DiscoveryChoice::Aggregated(..), rep)) => decided(aggregated.decide_encoded(rep, headers)),
        Some((DiscoveryChoice::Legacy(_), rep)) => {
            decided(plain(bundle, Caching::Unspecified, true).decide_encoded(rep, headers))
        }
        None => Answer::Failure(Failure::DiscoveryNotAcceptable),
    }
}

/// A legacy per-group or per-group-version document, as JSON or protobuf (a clause asking for an aggregated
/// form does not fit it).
fn legacy<'b>(bundle: &'b Bundle, variants: &'b Variants, headers: &(impl RequestHeaders + ?Sized)) -> Answer<'b> {
    let offer = |choice| match choice {
        DiscoveryChoice::Legacy(encoding) => variants.get(encoding),
        DiscoveryChoice::Aggregated(..) => None,
    };
    match negotiate_discovery(&parse_accept(headers.text("accept")), offer) {
        Some((_, rep)) => decided(plain(bundle, Caching::Unspecified, true).decide_encoded(rep, headers)),
        None => Answer::Failure(Failure::DiscoveryNotAcceptable),
    }
}

/// `/openapi/v3/<key>[?hash=H]` (or v3.1's): immutable when `H` is current, redirected when stale, forwarded when
/// `remote` lists it.
fn group_version_document<'b>(
    bundle: &'b Bundle,
    documents: &'b BTreeMap<String, GroupVersionDocument>,
    remote: Option<&'b RemoteDocuments>,
    key: Cow<'b, str>,
    query: Option<&str>,
    headers: &(impl RequestHeaders + ?Sized),
) -> Answer<'b> {
    let Some(entry) = documents.get(key.as_ref()) else {
        return match remote.and_then(|remote| remote.get(key.as_ref())) {
            Some(document) => Answer::Remote { document: document.as_ref(), key },
            None => not_found(),
        };
    };
    let (rep, content_type) = match choose(&entry.document, Spec::V3, headers) {
        Ok(Some(chosen)) => chosen,
        Ok(None) => return Answer::Failure(Failure::OpenApiNotAcceptable),
        Err(pending) => return Answer::Pending(pending),
    };
    let caching = match query_param(query, "hash") {
        // The hash names the document (its JSON), whichever encoding is asked for: the index's, which the
        // document's bytes are checked to have when first hashed.
        Some(hash) if hash != entry.hash => {
            if !rep.is_encoded() {
                return Answer::Pending(Pending::Encodings(rep.clone()));
            }
            return match rep.encoded() {
                Ok(encoded) => Answer::Redirect { location: &entry.location, etag: encoded.etag() },
                Err(reason) => Answer::Unavailable(Unavailable(reason.to_owned())),
            };
        }
        Some(_) => Caching::Immutable,
        None => Caching::Unspecified,
    };
    decided(Reply { content_type, ..plain(bundle, caching, true) }.decide_encoded(rep, headers))
}

/// `/openapi/v2`: swagger as JSON or gnostic protobuf.
fn openapi<'b>(
    last_modified: &'b LastModified,
    document: &'b Document,
    spec: Spec,
    headers: &(impl RequestHeaders + ?Sized),
) -> Answer<'b> {
    match choose(document, spec, headers) {
        Ok(Some((rep, _))) => {
            decided(plain_since(last_modified, Caching::Unspecified, true).decide_encoded(rep, headers))
        }
        Ok(None) => Answer::Failure(Failure::OpenApiNotAcceptable),
        Err(pending) => Answer::Pending(pending),
    }
}

/// The variant `Accept` asks for, with the media type to echo when the client used the `@v1.0` spelling for v3.
/// The protobuf form is encoded only when the client would take it ([`Pending::Protobuf`] until it is); if it
/// cannot be, it is not offered, and the choice is made again without it.
fn choose<'a>(
    document: &'a Document,
    spec: Spec,
    headers: &(impl RequestHeaders + ?Sized),
) -> Result<Option<(&'a Representation, Option<&'static ContentTypeOverride>)>, Pending> {
    let clauses = parse_accept(headers.text("accept"));
    let Some(choice) = negotiate_openapi(&clauses, spec, document.protobuf.is_some()) else { return Ok(None) };
    let choice = match (choice, &document.protobuf) {
        (OpenApiChoice::Protobuf { .. }, Some(lazy)) if !lazy.is_encoded() => {
            return Err(Pending::Protobuf(lazy.clone()));
        }
        (OpenApiChoice::Protobuf { .. }, _) if document.protobuf().is_none() => {
            let Some(choice) = negotiate_openapi(&clauses, spec, false) else { return Ok(None) };
            choice
        }
        (choice, _) => choice,
    };
    Ok(match choice {
        OpenApiChoice::Json => Some((&document.json, None)),
        OpenApiChoice::Protobuf { at_spelling } => {
            let echo = (at_spelling && spec == Spec::V3).then_some(&V3_PROTOBUF_AT_SPELLING);
            document.protobuf().map(|rep| (rep, echo))
        }
    })
}

/// The first value of `name` in a raw query string; `?timeout=32s` and anything else is ignored.
fn query_param<'q>(query: Option<&'q str>, name: &str) -> Option<&'q str> {
    query?.split('&').filter_map(|pair| pair.split_once('=')).find(|(key, _)| *key == name).map(|(_, value)| value)
}
