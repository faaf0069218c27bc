//! Round trips of realistic definitions and schemas through the types, and the model the types register.

use serde_json::{Value, json};

use super::*;

/// The fixture definitions: one namespaced with two versions, webhook conversion and a server's status; one
/// cluster-scoped with logical keywords, nullable defaults and nested maps of lists.
fn fixtures() -> Vec<(&'static str, Value)> {
    let texts = [("backups", include_str!("testdata/backups.json")), ("routes", include_str!("testdata/routes.json"))];
    texts.into_iter().map(|(name, text)| (name, serde_json::from_str(text).expect("fixture is JSON"))).collect()
}

/// Reads `value` as `T` and writes it back.
fn through<T: serde::Serialize + serde::de::DeserializeOwned>(value: &Value) -> Value {
    let typed: T = serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("reading {value}: {e}"));
    serde_json::to_value(&typed).expect("writing")
}

#[test]
fn realistic_definitions_round_trip_unchanged() {
    for (name, document) in fixtures() {
        assert_eq!(through::<CustomResourceDefinition>(&document), document, "{name}");
    }
}

#[test]
fn every_version_schema_round_trips_as_json_schema_props() {
    let mut schemas = 0;
    for (name, document) in fixtures() {
        for version in document["spec"]["versions"].as_array().expect("versions") {
            let schema = &version["schema"]["openAPIV3Schema"];
            assert_eq!(through::<JsonSchemaProps>(schema), *schema, "{name} {}", version["name"]);
            schemas += 1;
        }
    }
    assert_eq!(schemas, 3);
}

#[test]
fn the_fixture_reads_into_the_right_fields() {
    let (_, document) = &fixtures()[0];
    let crd: CustomResourceDefinition = serde_json::from_value(document.clone()).expect("fixture fits");
    assert_eq!((crd.spec.scope, crd.spec.names.kind.as_str()), (ResourceScope::Namespaced, "Backup"));
    let conversion = crd.spec.conversion.as_ref().expect("conversion");
    assert_eq!(conversion.strategy, ConversionStrategyType::Webhook);
    let client = conversion.webhook.as_ref().and_then(|w| w.client_config.as_ref()).expect("client config");
    assert_eq!(client.ca_bundle.as_deref(), Some(&b"-----BEGIN CERTIFICATE-----\n"[..]));
    let version = &crd.spec.versions[0];
    let root = version.schema.as_ref().and_then(|s| s.open_api_v3_schema.as_ref()).expect("schema");
    let spec = &root.properties.as_ref().expect("properties")["spec"];
    let rules = spec.x_kubernetes_validations.as_ref().expect("rules");
    assert_eq!((rules[1].reason.as_deref(), rules[1].optional_old_self), (Some("FieldValueForbidden"), Some(true)));
    let fields = spec.properties.as_ref().expect("spec properties");
    assert_eq!(fields["retention"].default, Some(json!({"keepLast": 7, "keepDaily": 7})));
    assert_eq!(fields["compressionRatio"].maximum, Some(1.into()));
    assert!(matches!(fields["options"].additional_properties, Some(JsonSchemaPropsOrBool::Allows(false))));
    assert!(matches!(fields["labels"].additional_properties, Some(JsonSchemaPropsOrBool::Schema(_))));
    assert!(matches!(fields["hooks"].items, Some(JsonSchemaPropsOrArray::Schema(_))));
    assert_eq!(version.subresources.as_ref().and_then(|s| s.status), Some(CustomResourceSubresourceStatus {}));
    assert_eq!(crd.status.stored_versions, ["v1beta1", "v1"]);
}

/// A schema with every keyword JSONSchemaProps has, each form of the polymorphic ones, `null`s where values are
/// free, and numbers in integer and fractional form. Not a valid custom resource schema (it uses `$ref`,
/// `definitions` and more), but every keyword must survive.
fn every_keyword() -> Value {
    serde_json::from_str(include_str!("testdata/every_keyword.json")).expect("fixture is JSON")
}

#[test]
fn every_keyword_round_trips() {
    let schema = every_keyword();
    let keywords = schema.as_object().expect("an object").len();
    assert_eq!(keywords, 44, "one entry per JSONSchemaProps field");
    assert_eq!(through::<JsonSchemaProps>(&schema), schema);
}

#[test]
fn unset_keywords_are_left_out() -> serde_json::Result<()> {
    assert_eq!(serde_json::to_value(JsonSchemaProps::default())?, json!({}));
    assert_eq!(serde_json::to_value(JsonSchemaProps::of_type("object"))?, json!({"type": "object"}));
    let empty_containers = json!({"properties": {}, "required": [], "enum": [], "allOf": []});
    assert_eq!(through::<JsonSchemaProps>(&empty_containers), empty_containers, "empty is not unset");
    let unknown = json!({"type": "string", "const": "a", "x-kubernetes-unions": [{"discriminator": "kind"}]});
    assert_eq!(through::<JsonSchemaProps>(&unknown), json!({"type": "string"}), "unknown keywords are dropped");
    Ok(())
}

#[test]
fn free_values_keep_null_and_numbers_keep_their_form() -> serde_json::Result<()> {
    let nulls: JsonSchemaProps = serde_json::from_value(json!({"default": null, "example": null}))?;
    assert_eq!((nulls.default, nulls.example), (Some(Value::Null), Some(Value::Null)));
    let absent: JsonSchemaProps = serde_json::from_value(json!({}))?;
    assert_eq!(absent.default, None);
    for number in [json!(5), json!(5.0), json!(-0.25), json!(1e300)] {
        let schema = json!({"minimum": number});
        assert_eq!(serde_json::to_string(&through::<JsonSchemaProps>(&schema))?, serde_json::to_string(&schema)?);
    }
    Ok(())
}

#[test]
fn polymorphic_keywords_read_each_form_and_reject_others() {
    let read = |value: Value| serde_json::from_value::<JsonSchemaProps>(value);
    let dependencies = read(json!({"dependencies": {"a": ["b"], "c": {"required": ["d"]}}})).expect("dependencies");
    let dependencies = dependencies.dependencies.expect("dependencies");
    assert_eq!(dependencies["a"], JsonSchemaPropsOrStringArray::Properties(vec!["b".to_owned()]));
    assert!(matches!(dependencies["c"], JsonSchemaPropsOrStringArray::Schema(_)));
    let tuple = read(json!({"items": [{"type": "string"}]})).expect("tuple items").items;
    assert_eq!(tuple, Some(JsonSchemaPropsOrArray::Schemas(vec![JsonSchemaProps::of_type("string")])));
    let error = read(json!({"additionalProperties": "yes"})).expect_err("a string is neither form").to_string();
    assert!(error.contains("a schema object or a boolean"), "{error}");
    let error = read(json!({"items": true})).expect_err("a boolean is neither form").to_string();
    assert!(error.contains("a schema object or an array of them"), "{error}");
}

#[test]
fn a_new_definition_is_a_manifest_without_status() -> serde_json::Result<()> {
    let spec = CustomResourceDefinitionSpec {
        group: "stable.example.com".to_owned(),
        names: CustomResourceDefinitionNames {
            plural: "crontabs".to_owned(),
            kind: "CronTab".to_owned(),
            ..Default::default()
        },
        versions: vec![CustomResourceDefinitionVersion {
            name: "v1".to_owned(),
            served: true,
            storage: true,
            schema: Some(CustomResourceValidation { open_api_v3_schema: Some(JsonSchemaProps::of_type("object")) }),
            ..Default::default()
        }],
        ..Default::default()
    };
    let manifest = serde_json::to_value(CustomResourceDefinition::new(spec))?;
    let expected = json!({
        "apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
        "metadata": {"name": "crontabs.stable.example.com"},
        "spec": {
            "group": "stable.example.com", "names": {"plural": "crontabs", "kind": "CronTab"}, "scope": "Namespaced",
            "versions": [{"name": "v1", "served": true, "storage": true,
                          "schema": {"openAPIV3Schema": {"type": "object"}}}]
        }
    });
    assert_eq!(manifest, expected);
    Ok(())
}

fn registry() -> kapi::Registry {
    let mut registry = kapi::Registry::new();
    registry.register_resource::<CustomResourceDefinition>();
    assert!(registry.errors().is_empty(), "{:?}", registry.errors());
    registry
}

fn definition(registry: &kapi::Registry, name: &str) -> kapi::model::Definition {
    let name = kapi::model::DefName::from_package(PACKAGE, name);
    registry.definition(&name).unwrap_or_else(|| panic!("{name} is not registered")).clone()
}

#[test]
fn the_types_register_under_upstreams_definition_names() {
    let registry = registry();
    let prefix = "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.";
    let names: Vec<&str> =
        registry.definitions().keys().filter_map(|name| name.as_str().strip_prefix(prefix)).collect();
    assert_eq!(
        names,
        [
            "CustomResourceColumnDefinition",
            "CustomResourceConversion",
            "CustomResourceDefinition",
            "CustomResourceDefinitionCondition",
            "CustomResourceDefinitionList",
            "CustomResourceDefinitionNames",
            "CustomResourceDefinitionSpec",
            "CustomResourceDefinitionStatus",
            "CustomResourceDefinitionVersion",
            "CustomResourceSubresourceScale",
            "CustomResourceSubresourceStatus",
            "CustomResourceSubresources",
            "CustomResourceValidation",
            "ExternalDocumentation",
            "JSON",
            "JSONSchemaProps",
            "JSONSchemaPropsOrArray",
            "JSONSchemaPropsOrBool",
            "JSONSchemaPropsOrStringArray",
            "SelectableField",
            "ServiceReference",
            "ValidationRule",
            "WebhookClientConfig",
            "WebhookConversion",
        ]
    );
}

#[test]
fn the_resource_is_cluster_scoped_with_a_status_subresource() {
    let registry = registry();
    let resource = &registry.resources()[0];
    assert_eq!(resource.group_version.api_version(), API_VERSION);
    assert_eq!((resource.plural.as_str(), resource.scope), ("customresourcedefinitions", kapi::model::Scope::Cluster));
    assert_eq!(
        (resource.short_names.as_slice(), resource.categories.as_slice()),
        (&["crd".to_owned(), "crds".to_owned()][..], &["api-extensions".to_owned()][..])
    );
    let subresources: Vec<&str> = resource.subresources.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(subresources, ["status"]);
    assert_eq!(resource.list_kind.as_deref(), Some("CustomResourceDefinitionList"));
}

#[test]
fn json_schema_props_numbers_its_fields_as_upstream_does() {
    let numbers = definition(&registry(), "JSONSchemaProps").info.proto.numbers;
    let mut used: Vec<u32> = numbers.values().copied().collect();
    used.sort_unstable();
    assert_eq!(used, (1..=44).collect::<Vec<_>>(), "every field numbered once, 1 to 44");
    let spot_checks = [("$schema", 2), ("$ref", 3), ("default", 8), ("enum", 20), ("items", 24), ("not", 28)];
    for (field, number) in spot_checks.into_iter().chain([("x-kubernetes-validations", 44)]) {
        assert_eq!(numbers.get(field), Some(&number), "{field}");
    }
}

#[test]
fn polymorphic_values_are_only_described_but_have_wire_fields() {
    let registry = registry();
    for (name, fields) in [
        ("JSONSchemaPropsOrArray", [("schema", 1), ("jSONSchemas", 2)]),
        ("JSONSchemaPropsOrBool", [("allows", 1), ("schema", 2)]),
        ("JSONSchemaPropsOrStringArray", [("schema", 1), ("property", 2)]),
    ] {
        let definition = definition(&registry, name);
        let body = definition.schema.keywords();
        assert!(body.description.is_some() && body.instance_type.is_none() && body.properties.is_empty(), "{name}");
        let wire: Vec<&str> = definition.info.proto.wire_only.keys().map(String::as_str).collect();
        assert_eq!(wire, fields.map(|(field, _)| field), "{name}");
        for (field, number) in fields {
            assert_eq!(definition.info.proto.numbers.get(field), Some(&number), "{name}.{field}");
        }
    }
    let json = definition(&registry, "JSON");
    assert!(json.schema.keywords().instance_type.is_none());
    assert_eq!(json.info.proto.message.map(|m| m.fields.len()), Some(1), "JSON travels as its text");
}
