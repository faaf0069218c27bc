//! Defaults are checked against their own schema when generating: one that breaks its `pattern`, bounds or enum is
//! an error naming the Rust type and the field; a required field with a default is a warning, or an error when
//! strict.

use kapi::{Registry, Schema};

/// A port whose default contradicts its own bounds, and a name whose default breaks its pattern.
#[derive(Schema)]
#[kapi(package = "example.com/checks/v1")]
#[allow(dead_code)]
struct Listener {
    /// The port.
    #[kapi(default = 0, minimum = 1, maximum = 65535)]
    port: Option<i32>,
    /// The listener's name.
    #[kapi(default = "Not A Label", pattern = "^[a-z-]+$")]
    name: Option<String>,
    /// The protocol.
    #[kapi(default = "SCTP", enum_values = ["TCP", "UDP"])]
    protocol: Option<String>,
}

/// A required field that also has a default.
#[derive(Schema)]
#[kapi(package = "example.com/checks/v1")]
#[allow(dead_code)]
struct Backend {
    /// The weight.
    #[kapi(default = 1)]
    weight: i32,
}

fn registry_with<T: Schema>() -> Registry {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry);
    registry.register::<T>();
    registry
}

#[test]
fn a_default_against_its_own_schema_stops_generation_naming_type_and_field() {
    let error = kapi_codegen::generate(&registry_with::<Listener>(), &kapi_codegen::Options::default())
        .expect_err("the defaults contradict their schema");
    let message = error.to_string();
    assert!(message.starts_with("3 default(s) or example(s) contradict their schema"), "{message}");
    for field in ["`Listener.port`", "`Listener.name`", "`Listener.protocol`"] {
        assert!(message.contains(field), "{field} not named in {message}");
    }
    assert!(message.contains("defaults_checked::Listener"), "the Rust type is named: {message}");
}

#[test]
fn a_required_field_with_a_default_warns_or_fails_when_strict() {
    let registry = registry_with::<Backend>();
    let artifacts = kapi_codegen::generate(&registry, &kapi_codegen::Options::default()).expect("only a warning");
    assert_eq!(artifacts.warnings().len(), 1, "{:?}", artifacts.warnings());
    assert!(artifacts.warnings()[0].starts_with("`Backend.weight`"), "{:?}", artifacts.warnings());
    let strict = kapi_codegen::Options { strict: true, ..kapi_codegen::Options::default() };
    let error = kapi_codegen::generate(&registry, &strict).expect_err("strict");
    assert!(error.to_string().contains("`Backend.weight`"), "{error}");
}
