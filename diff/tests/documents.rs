//! OpenAPI documents compared directly: the operation rules (paths, methods, parameters, bodies, responses), the
//! schema rules in the direction values travel, swagger 2.0 and YAML read like OpenAPI v3 JSON.

use kapi_diff::{Policy, Rule, document};
use serde_json::{Value, json};

/// A document with one `POST /pets` whose request body and 200 response are `request` and `response`.
fn pets(parameters: Value, request: Value, response: Value) -> Value {
    json!({
        "openapi": "3.0.3",
        "info": {"title": "pets", "version": "1.0.0"},
        "paths": {"/pets/{petId}": {"post": {
            "parameters": parameters,
            "requestBody": {"required": true, "content": {"application/json": {"schema": request}}},
            "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": response}}}}
        }}},
        "components": {"schemas": {"Pet": {"type": "object", "properties": {"name": {"type": "string"}}}}}
    })
}

fn path_parameter() -> Value {
    json!([{"in": "path", "name": "petId", "required": true, "schema": {"type": "string"}}])
}

/// `rule location: detail` for every finding between two documents.
fn findings(old: &Value, new: &Value) -> Vec<String> {
    let read = |value: &Value| document::read("test", &value.to_string()).expect("the document reads");
    document::compare(&read(old), &read(new), &Policy::default())
        .iter()
        .map(|f| format!("{} {}: {}", f.rule.id(), f.location(), f.detail))
        .collect()
}

fn object(properties: Value, required: &[&str]) -> Value {
    json!({"type": "object", "properties": properties, "required": required})
}

#[test]
fn a_response_field_made_optional_or_nullable_breaks_readers() {
    let old = pets(path_parameter(), json!({}), object(json!({"id": {"type": "string"}}), &["id"]));
    let new = pets(path_parameter(), json!({}), object(json!({"id": {"type": "string", "nullable": true}}), &[]));
    assert_eq!(
        findings(&old, &new),
        [
            "schema.field-optional POST /pets/{petId} response 200.id: `id` no longer required",
            "schema.nullable-added POST /pets/{petId} response 200.id: became nullable",
        ]
    );
    // The other way round narrows a response: nothing a reader minds.
    assert_eq!(findings(&new, &old), Vec::<String>::new());
}

#[test]
fn a_request_field_made_required_or_narrowed_breaks_senders_and_an_added_value_does_not() {
    let old = pets(path_parameter(), object(json!({"size": {"type": "string", "enum": ["S", "M"]}}), &[]), json!({}));
    let new =
        pets(path_parameter(), object(json!({"size": {"type": "string", "enum": ["S", "L"]}}), &["size"]), json!({}));
    assert_eq!(
        findings(&old, &new),
        [
            "schema.field-required POST /pets/{petId} request body.size: `size` became required",
            "schema.enum-value-removed POST /pets/{petId} request body.size: \"M\" removed",
        ]
    );
}

#[test]
fn an_enum_value_added_to_a_response_warns() {
    let old = pets(path_parameter(), json!({}), json!({"type": "string", "enum": ["a"]}));
    let new = pets(path_parameter(), json!({}), json!({"type": "string", "enum": ["a", "b"]}));
    assert_eq!(findings(&old, &new), ["schema.enum-value-added POST /pets/{petId} response 200: \"b\" added"]);
}

#[test]
fn read_only_fields_are_not_sent_and_write_only_ones_not_received() {
    let fields = |extra: Value| {
        let mut properties = json!({"name": {"type": "string"}});
        properties.as_object_mut().expect("an object").extend(extra.as_object().expect("an object").clone());
        object(properties, &[])
    };
    let old = pets(
        path_parameter(),
        fields(json!({"id": {"type": "string", "readOnly": true}})),
        fields(json!({"secret": {"type": "string", "writeOnly": true}})),
    );
    let new = pets(path_parameter(), fields(json!({})), fields(json!({})));
    assert_eq!(findings(&old, &new), Vec::<String>::new());
}

#[test]
fn parameters_removed_required_or_narrowed() {
    let old = pets(
        json!([
            {"in": "path", "name": "petId", "required": true, "schema": {"type": "string"}},
            {"in": "query", "name": "limit", "schema": {"type": "integer", "maximum": 100}},
            {"in": "header", "name": "X-Trace", "schema": {"type": "string"}}
        ]),
        json!({}),
        json!({}),
    );
    let mut new = pets(
        json!([
            // Renaming a path parameter changes no URL: the operation is the same.
            {"in": "path", "name": "id", "required": true, "schema": {"type": "string"}},
            {"in": "query", "name": "limit", "required": true, "schema": {"type": "integer", "maximum": 50}},
            {"in": "query", "name": "owner", "required": true, "schema": {"type": "string"}}
        ]),
        json!({}),
        json!({}),
    );
    let operations = new["paths"]["/pets/{petId}"].take();
    new["paths"] = json!({"/pets/{id}": operations});
    assert_eq!(
        findings(&old, &new),
        [
            "api.parameter-removed POST /pets/{petId} header parameter X-Trace: header parameter `X-Trace` removed",
            "schema.bound-tightened POST /pets/{petId} query parameter limit: maximum 100 -> 50",
            "api.parameter-required POST /pets/{petId} query parameter limit: `limit` became required",
            "api.parameter-required POST /pets/{petId} query parameter owner: required query parameter `owner` added",
        ]
    );
}

#[test]
fn paths_operations_responses_and_media_types_removed() {
    let old = json!({
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/a": {"get": {"responses": {"200": {"description": "ok", "content": {
                "application/json": {"schema": {"type": "string"}},
                "application/xml": {"schema": {"type": "string"}}
            }}, "201": {"description": "made"}, "404": {"description": "none"}}}, "delete": {"responses": {"204": {"description": "gone"}}}},
            "/b": {"get": {"responses": {"200": {"description": "ok"}}}}
        }
    });
    let new = json!({
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {"/a": {"get": {"responses": {
            "200": {"description": "ok", "content": {"application/json": {"schema": {"type": "string"}}}},
        }}}}
    });
    assert_eq!(
        findings(&old, &new),
        [
            "api.operation-removed DELETE /a: operation removed",
            "api.media-type-removed GET /a response 200 application/xml: media type removed",
            "api.response-removed GET /a response 201: success response 201 removed",
            "api.path-removed GET /b: path removed",
        ]
    );
}

#[test]
fn swagger_and_yaml_read_like_openapi_v3() {
    let swagger = |maximum: u64, name_type: &str| {
        format!(
            "swagger: '2.0'\ninfo: {{title: t, version: '1'}}\npaths:\n  /pets:\n    post:\n      parameters:\n      \
             - {{in: query, name: limit, type: integer, maximum: {maximum}}}\n      - {{in: body, name: body, \
             schema: {{$ref: '#/definitions/Pet'}}}}\n      responses:\n        '200': {{description: ok, schema: \
             {{$ref: '#/definitions/Pet'}}}}\ndefinitions:\n  Pet:\n    type: object\n    properties:\n      \
             name: {{type: {name_type}}}\n"
        )
    };
    let old = document::read("old.yaml", &swagger(100, "string")).expect("swagger reads");
    let new = document::read("new.yaml", &swagger(10, "integer")).expect("swagger reads");
    let found: Vec<String> = document::compare(&old, &new, &Policy::default())
        .iter()
        .map(|f| format!("{} {}", f.rule.id(), f.location()))
        .collect();
    assert_eq!(
        found,
        [
            "schema.bound-tightened POST /pets query parameter limit",
            "schema.type-changed POST /pets request body.name",
            "schema.type-changed POST /pets response 200.name",
        ]
    );
}

#[test]
fn unreadable_documents_are_clear_errors() {
    let error = document::read("broken.yaml", "openapi: 3.0.0\npaths: [1, 2]\n").expect_err("paths must be an object");
    assert_eq!(error, "broken.yaml: /paths: must be an object");
    let error = document::read(
        "x.json",
        r##"{"openapi": "3.0.0", "paths": {"/a": {"get": {"parameters": [
        {"$ref": "#/components/parameters/missing"}]}}}}"##,
    )
    .expect_err("a reference to nothing");
    assert_eq!(error, "x.json: /paths/~1a/get/parameters/0: `#/components/parameters/missing` points at nothing");
    assert!(document::read("y.yaml", ": : :\n- [").expect_err("not YAML").starts_with("y.yaml: neither JSON nor YAML"));
}

#[test]
fn a_body_made_required() {
    let body = |required: bool| {
        json!({"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/a": {"put": {
            "requestBody": {"required": required, "content": {"application/json": {"schema": {"type": "string"}}}},
            "responses": {"204": {"description": "done"}}
        }}}})
    };
    assert_eq!(findings(&body(false), &body(true)), ["api.request-body-required PUT /a request body: became required"]);
    assert_eq!(findings(&body(true), &body(false)), Vec::<String>::new());
}

#[test]
fn every_document_rule_has_a_case_here() {
    // The rules exercised above; a new document rule must add its case.
    let covered = [
        Rule::PathRemoved,
        Rule::OperationRemoved,
        Rule::ParameterRemoved,
        Rule::ParameterRequired,
        Rule::RequestBodyRequired,
        Rule::MediaTypeRemoved,
        Rule::ResponseRemoved,
        Rule::FieldOptional,
        Rule::NullableAdded,
    ];
    assert_eq!(covered.as_slice(), document::RULES);
}

#[test]
fn integer_widths_break_senders_when_narrowed_and_readers_when_widened() {
    let int = |format: &str| json!({"type": "integer", "format": format});
    let both = |format: &str| pets(path_parameter(), int(format), int(format));
    assert_eq!(
        findings(&both("int32"), &both("int64")),
        ["schema.format-changed POST /pets/{petId} response 200: format int32 -> int64"]
    );
    assert_eq!(
        findings(&both("int64"), &both("int32")),
        ["schema.format-changed POST /pets/{petId} request body: format int64 -> int32"]
    );
    // A type dropped widens: readers may now meet any value; senders lose nothing.
    let any = pets(path_parameter(), json!({}), json!({}));
    assert_eq!(
        findings(&both("int32"), &any),
        [
            "schema.type-changed POST /pets/{petId} response 200: type integer -> (any)",
            "schema.format-changed POST /pets/{petId} response 200: format int32 -> (none)",
        ]
    );
}
