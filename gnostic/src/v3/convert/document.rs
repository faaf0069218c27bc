//! The document itself and its frame: info, contact, license, tags, paths, components.

use super::bodies::{example_or_reference, header_or_reference, parameter_or_reference, request_body_or_reference};
use super::operation::{callback_or_reference, link_or_reference, path_item, response_or_reference};
use super::schema::schema_or_reference;
use super::security::{security_requirement, security_scheme_or_reference};
use super::servers::server;
use super::values::{extensions, external_docs};
use crate::reader::{Obj, Problems, is_extension};
use crate::v3::messages::{Components, Contact, Document, Info, License, NamedPathItem, Paths, Tag};
use serde_json::Value;

const DOCUMENT_KEYS: &[&str] =
    &["openapi", "info", "servers", "paths", "components", "security", "tags", "externalDocs"];

const COMPONENTS_KEYS: &[&str] = &[
    "schemas",
    "responses",
    "parameters",
    "examples",
    "requestBodies",
    "headers",
    "securitySchemes",
    "links",
    "callbacks",
];

/// Converts a whole OpenAPI 3 document (the value at `#`).
pub(crate) fn document(problems: &mut Problems, value: &Value) -> Document {
    let Some(o) = Obj::new(problems, value, "#".to_owned(), "the document") else { return Document::default() };
    o.check_keys(problems, DOCUMENT_KEYS, &["info", "openapi", "paths"]);
    Document {
        openapi: o.string(problems, "openapi"),
        info: o.object(problems, "info").map(|info_obj| info(problems, &info_obj)),
        servers: o.each_item(problems, "servers", server),
        paths: o.object(problems, "paths").map(|paths_obj| paths(problems, &paths_obj)),
        components: o.object(problems, "components").map(|c| components(problems, &c)),
        security: o.each_item(problems, "security", security_requirement),
        tags: o.each_item(problems, "tags", tag),
        external_docs: o.object(problems, "externalDocs").map(|d| external_docs(problems, &d)),
        specification_extension: extensions(&o),
    }
}

fn info(problems: &mut Problems, o: &Obj<'_>) -> Info {
    let keys = ["title", "description", "termsOfService", "contact", "license", "version", "summary"];
    o.check_keys(problems, &keys, &["title", "version"]);
    Info {
        title: o.string(problems, "title"),
        description: o.string(problems, "description"),
        terms_of_service: o.string(problems, "termsOfService"),
        contact: o.object(problems, "contact").map(|c| contact(problems, &c)),
        license: o.object(problems, "license").map(|l| license(problems, &l)),
        version: o.string(problems, "version"),
        specification_extension: extensions(o),
        summary: o.string(problems, "summary"),
    }
}

fn contact(problems: &mut Problems, o: &Obj<'_>) -> Contact {
    o.check_keys(problems, &["name", "url", "email"], &[]);
    Contact {
        name: o.string(problems, "name"),
        url: o.string(problems, "url"),
        email: o.string(problems, "email"),
        specification_extension: extensions(o),
    }
}

fn license(problems: &mut Problems, o: &Obj<'_>) -> License {
    o.check_keys(problems, &["name", "url"], &["name"]);
    License { name: o.string(problems, "name"), url: o.string(problems, "url"), specification_extension: extensions(o) }
}

fn tag(problems: &mut Problems, value: &Value, path: String) -> Tag {
    let Some(o) = Obj::new(problems, value, path, "a tag") else { return Tag::default() };
    o.check_keys(problems, &["name", "description", "externalDocs"], &["name"]);
    Tag {
        name: o.string(problems, "name"),
        description: o.string(problems, "description"),
        external_docs: o.object(problems, "externalDocs").map(|d| external_docs(problems, &d)),
        specification_extension: extensions(&o),
    }
}

/// `paths`: keys starting with `/` are path items, `x-` keys are extensions, anything else is a mistake.
fn paths(problems: &mut Problems, o: &Obj<'_>) -> Paths {
    let mut path = Vec::new();
    for (name, value) in o.entries() {
        if name.starts_with('/') {
            path.push(NamedPathItem {
                name: name.to_owned(),
                value: Some(path_item(problems, value, o.path_of(name))),
            });
        } else if !is_extension(name) {
            problems.add(o.path(), format_args!("path {name:?} must start with \"/\""));
        }
    }
    Paths { path, specification_extension: extensions(o) }
}

fn components(problems: &mut Problems, o: &Obj<'_>) -> Components {
    o.check_keys(problems, COMPONENTS_KEYS, &[]);
    Components {
        schemas: o.named(problems, "schemas", schema_or_reference),
        responses: o.named(problems, "responses", response_or_reference),
        parameters: o.named(problems, "parameters", parameter_or_reference),
        examples: o.named(problems, "examples", example_or_reference),
        request_bodies: o.named(problems, "requestBodies", request_body_or_reference),
        headers: o.named(problems, "headers", header_or_reference),
        security_schemes: o.named(problems, "securitySchemes", security_scheme_or_reference),
        links: o.named(problems, "links", link_or_reference),
        callbacks: o.named(problems, "callbacks", callback_or_reference),
        specification_extension: extensions(o),
    }
}
