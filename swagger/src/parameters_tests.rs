use super::*;

fn convert(list: Value, consumes: &[&str]) -> (Parameters, Findings) {
    let root = Map::new();
    let context = Context::new(&root);
    let consumes: Vec<String> = consumes.iter().map(|media| (*media).to_owned()).collect();
    let mut findings = Findings::new();
    let list = list.as_array().cloned().expect("a list");
    let out = convert_parameters(&list, "/p", &consumes, &context, &mut findings).expect("converts");
    (out, findings)
}

#[test]
fn body_becomes_a_request_body_per_consumed_media_type() {
    let list = json!([{"in": "body", "name": "body", "required": true, "description": "the object",
        "schema": {"$ref": "#/definitions/a.B"}}]);
    let (out, _) = convert(list, &["application/json", "application/yaml"]);
    assert!(out.parameters.is_empty());
    let reference = json!({"schema": {"$ref": "#/components/schemas/a.B"}});
    let expected = json!({"required": true, "description": "the object",
        "content": {"application/json": reference, "application/yaml": reference}});
    assert_eq!(out.request_body, Some(expected));
}

#[test]
fn value_keywords_move_into_the_schema() {
    let list = json!([{"in": "query", "name": "limit", "description": "d", "type": "integer", "format": "int64",
        "minimum": 1, "default": 10, "uniqueItems": true, "x-kubernetes-a": true}]);
    let (out, _) = convert(list, &[]);
    let expected = json!({"in": "query", "name": "limit", "description": "d", "x-kubernetes-a": true,
        "schema": {"type": "integer", "format": "int64", "minimum": 1, "default": 10, "uniqueItems": true}});
    assert_eq!(out.parameters, [expected]);
    assert_eq!(out.request_body, None);
}

#[test]
fn collection_formats_become_styles() {
    let list = json!([
        {"in": "query", "name": "csv", "type": "array", "items": {"type": "string"}, "collectionFormat": "csv"},
        {"in": "query", "name": "multi", "type": "array", "items": {"type": "string"}, "collectionFormat": "multi"},
        {"in": "query", "name": "pipes", "type": "array", "items": {"type": "string"}, "collectionFormat": "pipes"},
        {"in": "header", "name": "h", "type": "array", "items": {"type": "string"}},
    ]);
    let (out, findings) = convert(list, &[]);
    let styles: Vec<(Option<&Value>, Option<&Value>)> =
        out.parameters.iter().map(|p| (p.get("style"), p.get("explode"))).collect();
    assert_eq!(styles[0], (Some(&json!("form")), Some(&json!(false))));
    assert_eq!(styles[1], (Some(&json!("form")), Some(&json!(true))));
    assert_eq!(styles[2], (Some(&json!("pipeDelimited")), Some(&json!(false))));
    assert_eq!(styles[3], (None, None));
    assert!(out.parameters.iter().all(|p| p.get("collectionFormat").is_none()));
    assert!(findings.is_empty());
}

#[test]
fn tab_separated_arrays_are_reported() {
    let list = json!([{"in": "query", "name": "t", "type": "array", "items": {"type": "string"},
        "collectionFormat": "tsv"}]);
    let (_, findings) = convert(list, &[]);
    assert_eq!(findings, [("/p/0/collectionFormat".to_owned(), Unrestored::CollectionFormat)]);
}

#[test]
fn form_fields_become_one_form_body() {
    let list = json!([
        {"in": "formData", "name": "file", "type": "file", "required": true},
        {"in": "formData", "name": "note", "type": "string"},
    ]);
    let (out, _) = convert(list, &["multipart/form-data", "application/json"]);
    let body = out.request_body.expect("a body");
    let schema = &body["content"]["multipart/form-data"]["schema"];
    assert_eq!(schema["properties"]["file"], json!({"type": "string", "format": "binary"}));
    assert_eq!(schema["required"], json!(["file"]));
    assert!(body["content"].get("application/json").is_none());
}

#[test]
fn a_parameter_without_a_name_is_an_error() {
    let root = Map::new();
    let context = Context::new(&root);
    let list = [json!({"in": "query", "type": "string"})];
    let error = convert_parameters(&list, "/p", &[], &context, &mut Findings::new()).expect_err("malformed");
    assert_eq!(error.to_string(), "parameter at /p/0 has no `in` or no `name`");
}
