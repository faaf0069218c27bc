//! A document read into operations: OpenAPI v3 as written, swagger 2.0 mapped onto the same shape (a `body`
//! parameter is the request body, a response's `schema` its body, under the media types the document declares).

use std::collections::BTreeMap;

use kapi_import::schema::{RefStyle, escape, read_lenient};
use kapi_model::{DefName, Registry, SchemaNode};
use serde_json::{Map, Value, json};

use super::prepare::prepare;

/// The methods an OpenAPI path item can hold, in the order they are written out.
const METHODS: [&str; 8] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/// One OpenAPI document, read for comparison.
#[derive(Debug, Clone)]
pub struct Document {
    /// `components.schemas` (or swagger's `definitions`), where the schemas' references lead.
    pub(crate) definitions: Registry,
    /// Every operation, by its path with parameter names blanked (`/pets/{}`) and its method.
    pub(crate) operations: BTreeMap<(String, String), Operation>,
}

/// A method on a path.
#[derive(Debug, Clone)]
pub(crate) struct Operation {
    /// `POST /pets`, as the document writes the path.
    pub name: String,
    /// By location and name (`query`, `status`); header names in lowercase, as HTTP compares them, and path
    /// parameters by their place in the path (`{0}`), since renaming one changes no URL.
    pub parameters: BTreeMap<(String, String), Parameter>,
    pub request_body: Option<Body>,
    /// By status code (`200`, `4XX`, `default`).
    pub responses: BTreeMap<String, Body>,
}

#[derive(Debug, Clone)]
pub(crate) struct Parameter {
    /// The name as written.
    pub name: String,
    pub required: bool,
    pub schema: SchemaNode,
}

/// A request or response body: its schema per media type.
#[derive(Debug, Clone)]
pub(crate) struct Body {
    pub required: bool,
    pub content: BTreeMap<String, SchemaNode>,
}

/// True when `text` holds an OpenAPI document, or is YAML: the test `kapi diff` uses to tell documents from model
/// files (always JSON), by content. Broken JSON is a document only if it names itself one, else a broken model.
pub fn is_document(text: &str) -> bool {
    match serde_json::from_str::<Value>(text) {
        Ok(value) => value.get("openapi").is_some() || value.get("swagger").is_some(),
        Err(_) if text.trim_start().starts_with(['{', '[']) => {
            text.contains("\"openapi\"") || text.contains("\"swagger\"")
        }
        Err(_) => true,
    }
}

/// Reads `text` (named `origin` in messages): an OpenAPI v3 or swagger 2.0 document, JSON or YAML.
pub fn read(origin: &str, text: &str) -> Result<Document, String> {
    match kapi_import::document::read(origin, text)? {
        kapi_import::Document::OpenApiV3(value) => Reader::new(origin, &value, Dialect::OpenApiV3).read(),
        kapi_import::Document::Swagger(value) => Reader::new(origin, &value, Dialect::Swagger).read(),
        kapi_import::Document::Crds(_) => Err(format!(
            "{origin}: holds CustomResourceDefinitions, not an OpenAPI document (compare CRDs by the trees generated \
             from them)"
        )),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dialect {
    OpenApiV3,
    Swagger,
}

struct Reader<'a> {
    origin: &'a str,
    root: &'a Value,
    dialect: Dialect,
}

impl<'a> Reader<'a> {
    fn new(origin: &'a str, root: &'a Value, dialect: Dialect) -> Self {
        Self { origin, root, dialect }
    }

    fn error(&self, pointer: &str, message: &str) -> String {
        format!("{}: {pointer}: {message}", self.origin)
    }

    fn read(&self) -> Result<Document, String> {
        let mut definitions = Registry::new();
        let schemas_pointer = match self.dialect {
            Dialect::OpenApiV3 => "/components/schemas",
            Dialect::Swagger => "/definitions",
        };
        if let Some(schemas) = self.root.pointer(schemas_pointer) {
            let schemas = schemas.as_object().ok_or_else(|| self.error(schemas_pointer, "must be an object"))?;
            for (name, schema) in schemas {
                let node = self.schema(schema, &format!("{schemas_pointer}/{}", escape(name)))?;
                definitions.import_definition(DefName::new(name.clone()), node, self.origin);
            }
        }
        if let Some(error) = definitions.errors().first() {
            return Err(format!("{}: {error}", self.origin));
        }
        let mut operations = BTreeMap::new();
        let empty = Map::new();
        let paths = match self.root.get("paths") {
            Some(Value::Object(paths)) => paths,
            None => &empty,
            Some(_) => return Err(self.error("/paths", "must be an object")),
        };
        for (path, item) in paths {
            let pointer = format!("/paths/{}", escape(path));
            let item = self.resolve(item, &pointer)?;
            let shared = self.parameters(path, item.get("parameters"), &format!("{pointer}/parameters"))?;
            for method in METHODS {
                let Some(operation) = item.get(method) else { continue };
                let here = format!("{pointer}/{method}");
                let operation = self.operation(path, method, operation, &shared, &here)?;
                operations.insert((blank_parameters(path), method.to_uppercase()), operation);
            }
        }
        Ok(Document { definitions, operations })
    }

    /// `value`, or what its `$ref` points at in this document.
    fn resolve(&self, value: &'a Value, pointer: &str) -> Result<&'a Value, String> {
        let mut current = value;
        for _ in 0..8 {
            let Some(reference) = current.get("$ref") else { return Ok(current) };
            let target = reference.as_str().and_then(|r| r.strip_prefix('#')).ok_or_else(|| {
                self.error(pointer, &format!("only references inside the document are read ({reference})"))
            })?;
            current = self
                .root
                .pointer(target)
                .ok_or_else(|| self.error(pointer, &format!("`#{target}` points at nothing")))?;
        }
        Err(self.error(pointer, "a chain of references too long, or a cycle"))
    }

    fn schema(&self, value: &Value, pointer: &str) -> Result<SchemaNode, String> {
        let style = match self.dialect {
            Dialect::OpenApiV3 => RefStyle::Components,
            Dialect::Swagger => RefStyle::Definitions,
        };
        read_lenient(&prepare(value), style, pointer).map_err(|e| format!("{}: {e}", self.origin))
    }

    fn operation(
        &self,
        path: &str,
        method: &str,
        operation: &Value,
        shared: &BTreeMap<(String, String), Parameter>,
        pointer: &str,
    ) -> Result<Operation, String> {
        let mut parameters = shared.clone();
        let mut request_body = None;
        let consumes = self.media_types(operation, "consumes");
        for (index, parameter) in self.list(operation.get("parameters"), &format!("{pointer}/parameters"))? {
            let here = format!("{pointer}/parameters/{index}");
            let parameter = self.resolve(parameter, &here)?;
            if parameter.get("in").and_then(Value::as_str) == Some("body") {
                let schema = self.schema(parameter.get("schema").unwrap_or(&json!({})), &format!("{here}/schema"))?;
                let content = consumes.iter().map(|media| (media.clone(), schema.clone())).collect();
                request_body = Some(Body { required: flag(parameter, "required"), content });
                continue;
            }
            let (key, read) = self.parameter(path, parameter, &here)?;
            parameters.insert(key, read);
        }
        if let Some(body) = operation.get("requestBody") {
            let here = format!("{pointer}/requestBody");
            let body = self.resolve(body, &here)?;
            request_body = Some(Body { required: flag(body, "required"), content: self.content(body, &here)? });
        }
        let mut responses = BTreeMap::new();
        if let Some(listed) = operation.get("responses") {
            let listed = listed.as_object().ok_or_else(|| self.error(pointer, "`responses` must be an object"))?;
            let produces = self.media_types(operation, "produces");
            for (status, response) in listed {
                let here = format!("{pointer}/responses/{}", escape(status));
                let response = self.resolve(response, &here)?;
                let content = match self.dialect {
                    Dialect::OpenApiV3 => self.content(response, &here)?,
                    Dialect::Swagger => match response.get("schema") {
                        Some(schema) => {
                            let schema = self.schema(schema, &format!("{here}/schema"))?;
                            produces.iter().map(|media| (media.clone(), schema.clone())).collect()
                        }
                        None => BTreeMap::new(),
                    },
                };
                responses.insert(status.clone(), Body { required: true, content });
            }
        }
        Ok(Operation { name: format!("{} {path}", method.to_uppercase()), parameters, request_body, responses })
    }

    /// The entries of an optional list, with their indexes.
    fn list(&self, value: Option<&'a Value>, pointer: &str) -> Result<Vec<(usize, &'a Value)>, String> {
        match value {
            None => Ok(Vec::new()),
            Some(Value::Array(items)) => Ok(items.iter().enumerate().collect()),
            Some(_) => Err(self.error(pointer, "must be a list")),
        }
    }

    fn parameters(
        &self,
        path: &str,
        value: Option<&'a Value>,
        pointer: &str,
    ) -> Result<BTreeMap<(String, String), Parameter>, String> {
        let mut parameters = BTreeMap::new();
        for (index, parameter) in self.list(value, pointer)? {
            let here = format!("{pointer}/{index}");
            let parameter = self.resolve(parameter, &here)?;
            let (key, read) = self.parameter(path, parameter, &here)?;
            parameters.insert(key, read);
        }
        Ok(parameters)
    }

    /// A parameter other than swagger's `body`: its schema is `schema` (v3), the first media type's schema
    /// (v3's `content`), or the schema keywords written on the parameter itself (swagger).
    fn parameter(&self, path: &str, parameter: &Value, pointer: &str) -> Result<((String, String), Parameter), String> {
        let text = |key: &str| {
            parameter
                .get(key)
                .and_then(Value::as_str)
                .ok_or_else(|| self.error(pointer, &format!("a parameter needs `{key}`")))
        };
        let (location, name) = (text("in")?, text("name")?);
        let key = match location {
            "header" => name.to_lowercase(),
            "path" => path_position(path, name).map_or_else(|| name.to_owned(), |index| format!("{{{index}}}")),
            _ => name.to_owned(),
        };
        let schema = if let Some(schema) = parameter.get("schema") {
            self.schema(schema, &format!("{pointer}/schema"))?
        } else if let Some(Value::Object(content)) = parameter.get("content") {
            match content.iter().next() {
                Some((media, entry)) => self.schema(
                    entry.get("schema").unwrap_or(&json!({})),
                    &format!("{pointer}/content/{}/schema", escape(media)),
                )?,
                None => self.schema(&json!({}), pointer)?,
            }
        } else {
            let keywords: Map<String, Value> = parameter
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(key, _)| !PARAMETER_ONLY.contains(&key.as_str()))
                .map(|(key, value)| (key.clone(), value.clone()))
                .collect();
            self.schema(&Value::Object(keywords), pointer)?
        };
        let required = flag(parameter, "required") || location == "path";
        Ok(((location.to_owned(), key), Parameter { name: name.to_owned(), required, schema }))
    }

    /// A v3 `content` map: each media type's schema (none written: any value).
    fn content(&self, holder: &Value, pointer: &str) -> Result<BTreeMap<String, SchemaNode>, String> {
        let mut content = BTreeMap::new();
        let Some(media_types) = holder.get("content") else { return Ok(content) };
        let media_types = media_types.as_object().ok_or_else(|| self.error(pointer, "`content` must be an object"))?;
        for (media, entry) in media_types {
            let here = format!("{pointer}/content/{}/schema", escape(media));
            content.insert(media.clone(), self.schema(entry.get("schema").unwrap_or(&json!({})), &here)?);
        }
        Ok(content)
    }

    /// Swagger's `consumes` or `produces`: the operation's, else the document's, else JSON.
    fn media_types(&self, operation: &Value, key: &str) -> Vec<String> {
        let listed = |holder: &Value| -> Option<Vec<String>> {
            let list: Vec<String> =
                holder.get(key)?.as_array()?.iter().filter_map(Value::as_str).map(str::to_owned).collect();
            (!list.is_empty()).then_some(list)
        };
        listed(operation).or_else(|| listed(self.root)).unwrap_or_else(|| vec!["application/json".to_owned()])
    }
}

/// A parameter's keywords that are not its schema's (swagger writes the schema's beside them).
const PARAMETER_ONLY: [&str; 9] =
    ["in", "name", "required", "description", "collectionFormat", "allowEmptyValue", "style", "explode", "example"];

fn flag(value: &Value, key: &str) -> bool {
    value.get(key).and_then(Value::as_bool).unwrap_or(false)
}

/// Where `{name}` stands among the parameters of `path` (`/pets/{petId}/toys/{toyId}`: `toyId` is 1).
fn path_position(path: &str, name: &str) -> Option<usize> {
    path.split('{').skip(1).position(|rest| rest.split('}').next() == Some(name))
}

/// `/pets/{petId}` as `/pets/{}`: renaming a path parameter changes no URL.
fn blank_parameters(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut in_name = false;
    for c in path.chars() {
        match c {
            '{' => {
                in_name = true;
                out.push('{');
            }
            '}' => {
                in_name = false;
                out.push('}');
            }
            _ if in_name => {}
            _ => out.push(c),
        }
    }
    out
}
