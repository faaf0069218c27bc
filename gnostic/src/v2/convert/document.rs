//! The document itself and its small parts: info, contact, license, tags, paths.

use super::operation::{path_item, response};
use super::parameters::parameter;
use super::schema::schema;
use super::security::{security_definitions_item, security_requirement};
use super::values::{extensions, external_docs};
use crate::reader::{Obj, Problems, is_extension};
use crate::v2::messages::{Contact, Document, Info, License, NamedPathItem, Paths, Tag};
use serde_json::Value;

const DOCUMENT_KEYS: &[&str] = &[
    "swagger",
    "info",
    "host",
    "basePath",
    "schemes",
    "consumes",
    "produces",
    "paths",
    "definitions",
    "parameters",
    "responses",
    "security",
    "securityDefinitions",
    "tags",
    "externalDocs",
];

/// The swagger version gnostic accepts.
const SWAGGER_VERSION: &str = "2.0";

/// Converts a whole swagger document (the value at `#`).
pub(crate) fn document(problems: &mut Problems, value: &Value) -> Document {
    let Some(o) = Obj::new(problems, value, "#".to_owned(), "the document") else { return Document::default() };
    o.check_keys(problems, DOCUMENT_KEYS, &["info", "paths", "swagger"]);
    let swagger = o.string(problems, "swagger");
    if o.get("swagger").is_some() && swagger != SWAGGER_VERSION {
        problems.add(&o.path_of("swagger"), format_args!("must be {SWAGGER_VERSION:?}, found {swagger:?}"));
    }
    Document {
        swagger,
        info: o.object(problems, "info").map(|info_obj| info(problems, &info_obj)),
        host: o.string(problems, "host"),
        base_path: o.string(problems, "basePath"),
        schemes: o.strings(problems, "schemes"),
        consumes: o.strings(problems, "consumes"),
        produces: o.strings(problems, "produces"),
        paths: o.object(problems, "paths").map(|paths_obj| paths(problems, &paths_obj)),
        definitions: o.named(problems, "definitions", schema),
        parameters: o.named(problems, "parameters", parameter),
        responses: o.named(problems, "responses", response),
        security: o.each_item(problems, "security", security_requirement),
        security_definitions: o.named(problems, "securityDefinitions", security_definitions_item),
        tags: o.each_item(problems, "tags", tag),
        external_docs: o.object(problems, "externalDocs").map(|d| external_docs(problems, &d)),
        vendor_extension: extensions(&o),
    }
}

fn info(problems: &mut Problems, o: &Obj<'_>) -> Info {
    o.check_keys(
        problems,
        &["title", "version", "description", "termsOfService", "contact", "license"],
        &["title", "version"],
    );
    Info {
        title: o.string(problems, "title"),
        version: o.string(problems, "version"),
        description: o.string(problems, "description"),
        terms_of_service: o.string(problems, "termsOfService"),
        contact: o.object(problems, "contact").map(|c| contact(problems, &c)),
        license: o.object(problems, "license").map(|l| license(problems, &l)),
        vendor_extension: extensions(o),
    }
}

fn contact(problems: &mut Problems, o: &Obj<'_>) -> Contact {
    o.check_keys(problems, &["name", "url", "email"], &[]);
    Contact {
        name: o.string(problems, "name"),
        url: o.string(problems, "url"),
        email: o.string(problems, "email"),
        vendor_extension: extensions(o),
    }
}

fn license(problems: &mut Problems, o: &Obj<'_>) -> License {
    o.check_keys(problems, &["name", "url"], &["name"]);
    License { name: o.string(problems, "name"), url: o.string(problems, "url"), vendor_extension: extensions(o) }
}

fn tag(problems: &mut Problems, value: &Value, path: String) -> Tag {
    let Some(o) = Obj::new(problems, value, path, "a tag") else { return Tag::default() };
    o.check_keys(problems, &["name", "description", "externalDocs"], &["name"]);
    Tag {
        name: o.string(problems, "name"),
        description: o.string(problems, "description"),
        external_docs: o.object(problems, "externalDocs").map(|d| external_docs(problems, &d)),
        vendor_extension: extensions(&o),
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
    Paths { vendor_extension: extensions(o), path }
}
