//! Cross-attribute rules, one small function per rule, run after parsing and before expansion.

use kapi_model::{Keyword, name_syntax};
use serde_json::Value;

use super::ast::{Container, Data, Field, generic_inner, option_inner, simple_name, vec_item};
use super::attr::resource::ResourceAttrs;
use super::ctxt::Ctxt;

/// Runs every rule that applies to a `#[derive(Schema)]` input.
pub fn check_schema(cx: &Ctxt, cont: &Container) {
    check_generics(cx, cont);
    check_naming(cx, cont);
    check_enum_representation(cx, cont);
    check_union(cx, cont);
    check_container_keywords(cx, cont);
    super::check_proto::check_proto(cx, cont);
    super::check_enum::check_enums(cx, cont);
    for field in cont.all_fields() {
        check_skipped_field(cx, field);
        check_list_map(cx, field);
        check_default_fits(cx, field);
        check_bytes(cx, field);
        check_bounds_fit(cx, field);
        check_bound_order(cx, field);
        check_required_conflict(cx, field);
        check_flatten(cx, field);
        check_schema_source(cx, field);
    }
}

/// A definition name is per type; generic types would need one per instantiation.
fn check_generics(cx: &Ctxt, cont: &Container) {
    if let Some(param) = cont.generics.type_params().next() {
        cx.error_spanned_by(param, "kapi cannot derive Schema for generic types; give each instantiation its own type");
    }
}

/// A type is named one way, and an inline type has no name or definition-level facts.
fn check_naming(cx: &Ctxt, cont: &Container) {
    let attrs = &cont.attrs;
    if attrs.package.get().is_some() && attrs.definition.get().is_some() {
        cx.error_spanned_by(attrs.definition.tokens(), "`definition` and `package` both name the definition; keep one");
    }
    if attrs.inline.get().is_some() {
        let named = [attrs.package.tokens(), attrs.definition.tokens(), attrs.every_group_version.tokens()];
        for tokens in named.into_iter().filter(|t| !t.is_empty()) {
            cx.error_spanned_by(
                tokens,
                "an `inline` type has no definition, so it cannot be named or registered as a kind",
            );
        }
    }
}

/// serde has one representation per enum; `one_of` only changes how an untagged enum is written.
fn check_enum_representation(cx: &Ctxt, cont: &Container) {
    let is_enum = matches!(cont.data, Data::Enum(_));
    if cont.attrs.one_of.get().is_some() && !(is_enum && cont.serde.untagged) {
        cx.error_spanned_by(
            cont.attrs.one_of.tokens(),
            "`one_of` applies only to `#[serde(untagged)]` enums; tagged enums are always oneOf",
        );
    }
    if let (true, Some(untagged), Some(_)) = (is_enum, &cont.serde.untagged_span, &cont.serde.tag) {
        cx.error_spanned_by(untagged, "conflicting enum representations: `untagged` and `tag` cannot both be set");
    }
    if is_enum && cont.serde.content.is_some() && cont.serde.tag.is_none() {
        cx.error_spanned_by(cont.ident, "conflicting enum representations: `content` needs `tag` (adjacently tagged)");
    }
}

/// Union members only make sense inside a `union(...)` struct, and a union needs members.
fn check_union(cx: &Ctxt, cont: &Container) {
    let members: Vec<_> = cont.all_fields().into_iter().filter(|f| f.attrs.union_member.get().is_some()).collect();
    let declared = cont.attrs.union_discriminator.get().is_some();
    if !declared {
        for field in members {
            cx.error_spanned_by(
                field.attrs.union_member.tokens(),
                "`union_member` needs `#[kapi(union(...))]` on the type",
            );
        }
    } else if members.is_empty() {
        cx.error_spanned_by(
            cont.attrs.union_discriminator.tokens(),
            "a union needs at least one field marked `union_member`",
        );
    }
}

/// Keys about a list's items only mean something on a field.
fn check_container_keywords(cx: &Ctxt, cont: &Container) {
    if let Some(tokens) = cont.attrs.keywords.tokens(Keyword::ListMapKeys) {
        cx.error_spanned_by(tokens, "`list_map_keys` belongs on a list field, not on a type");
    }
}

/// serde never writes a skipped field, so attributes on it would be silently ignored; only `proto = N` means
/// something there (a field that only the protobuf form carries).
fn check_skipped_field(cx: &Ctxt, field: &Field) {
    let wire_only = field.attrs.proto.get().is_some() && field.attrs.keys.iter().all(|key| is_wire_key(key));
    if field.serde.skip && !wire_only && field.original.attrs.iter().any(|a| a.path().is_ident("kapi")) {
        cx.error_spanned_by(
            &field.member,
            "this field is skipped by serde, so its kapi attributes have no effect (only `proto = N` and `proto_name` \
             may stand here, for a field only the protobuf form carries)",
        );
    }
}

/// Map lists are keyed by fields of their items. (That the field is a list of structs with those fields is checked
/// on types, by the expansion: see `expand::placement`.)
fn check_list_map(cx: &Ctxt, field: &Field) {
    let keywords = &field.attrs.keywords;
    let is_map = keywords.choice(Keyword::ListType) == Some("map");
    match (keywords.strings(Keyword::ListMapKeys), is_map) {
        (Some(_), false) => cx.error_spanned_by(
            keywords.tokens(Keyword::ListMapKeys).cloned().unwrap_or_default(),
            "`list_map_keys` needs `list_type = \"map\"`",
        ),
        (None, true) => cx.error_spanned_by(
            keywords.tokens(Keyword::ListType).cloned().unwrap_or_default(),
            "`list_type = \"map\"` needs `list_map_keys = [...]`",
        ),
        _ => {}
    }
}

/// What a field's type can hold, judged from how the type is written.
#[derive(PartialEq, Eq)]
enum Shape {
    String,
    Integer,
    Number,
    Boolean,
    Array,
    Object,
    Unknown,
}

fn shape_of(ty: &syn::Type) -> Shape {
    let ty = option_inner(ty).unwrap_or(ty);
    if generic_inner(ty, "Vec").is_some() {
        return Shape::Array;
    }
    let Some(name) = simple_name(ty) else {
        let is_map = |n| matches!(ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == n));
        return if is_map("BTreeMap") || is_map("HashMap") { Shape::Object } else { Shape::Unknown };
    };
    match name.as_str() {
        "String" | "str" | "char" => Shape::String,
        "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "isize" | "usize" => Shape::Integer,
        "f32" | "f64" => Shape::Number,
        "bool" => Shape::Boolean,
        _ => Shape::Unknown,
    }
}

/// A default the field could never hold is a mistake, not a schema.
fn check_default_fits(cx: &Ctxt, field: &Field) {
    let Some((expr, value)) = field.attrs.keywords.json(Keyword::Default) else { return };
    let fits = match (shape_of(field.ty), value) {
        (Shape::Unknown, _) => true,
        (Shape::String, Value::String(_)) | (Shape::Boolean, Value::Bool(_)) => true,
        (Shape::Integer, Value::Number(n)) => n.is_i64() || n.is_u64(),
        (Shape::Number, Value::Number(_)) => true,
        (Shape::Array, Value::Array(_)) | (Shape::Object, Value::Object(_)) => true,
        _ => false,
    };
    if !fits {
        let ty = field.ty;
        let written = quote::quote!(#ty).to_string().replace(' ', "");
        cx.error_spanned_by(expr, format!("this default does not fit the field's type `{written}`"));
    }
}

/// Byte strings are `Vec<u8>`. Judged on how the type is written, because the expansion swaps the type for
/// `ByteString` the same way.
fn check_bytes(cx: &Ctxt, field: &Field) {
    let bytes = &field.attrs.bytes;
    let is_u8 = |item: &syn::Type| matches!(item, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("u8"));
    if bytes.get().is_some() && !vec_item(field.ty).is_some_and(is_u8) {
        cx.error_spanned_by(bytes.tokens(), "`bytes` needs a `Vec<u8>` (or `Option<Vec<u8>>`) field");
    }
}

/// Bounds constrain one kind of value; on another type they would never apply. (List and object bounds are checked
/// on types, by the expansion, which sees through aliases: see `expand::placement`.)
fn check_bounds_fit(cx: &Ctxt, field: &Field) {
    let shape = shape_of(field.ty);
    if shape == Shape::Unknown || field.attrs.bytes.get().is_some() {
        return;
    }
    let keywords = &field.attrs.keywords;
    let rules: [(&[Keyword], bool, &str); 2] = [
        (
            &[Keyword::MinLength, Keyword::MaxLength, Keyword::Pattern],
            shape == Shape::String,
            "string bounds apply only to string fields",
        ),
        (
            &[Keyword::Minimum, Keyword::Maximum, Keyword::MultipleOf],
            matches!(shape, Shape::Integer | Shape::Number),
            "numeric bounds apply only to number fields",
        ),
    ];
    for (bounds, _, message) in rules.into_iter().filter(|(_, fits, _)| !fits) {
        for tokens in bounds.iter().filter_map(|keyword| keywords.tokens(*keyword)) {
            cx.error_spanned_by(tokens, message);
        }
    }
}

/// A lower bound above its upper bound admits nothing.
fn check_bound_order(cx: &Ctxt, field: &Field) {
    let keywords = &field.attrs.keywords;
    let number = |k| keywords.number(k).and_then(serde_json::Number::as_f64);
    if let (Some(min), Some(max)) = (number(Keyword::Minimum), number(Keyword::Maximum))
        && min > max
    {
        cx.error_spanned_by(
            keywords.tokens(Keyword::Minimum).cloned().unwrap_or_default(),
            "`minimum` is greater than `maximum`",
        );
    }
    let pairs = [
        (Keyword::MinLength, Keyword::MaxLength),
        (Keyword::MinItems, Keyword::MaxItems),
        (Keyword::MinProperties, Keyword::MaxProperties),
    ];
    for (low, high) in pairs {
        if let (Some(min), Some(max)) = (keywords.count(low), keywords.count(high))
            && min > max
        {
            let name = |k: Keyword| keywords.entry(k).and_then(|e| e.attribute.name).unwrap_or_default();
            cx.error_spanned_by(
                keywords.tokens(low).cloned().unwrap_or_default(),
                format!("`{}` is greater than `{}`", name(low), name(high)),
            );
        }
    }
}

/// A field cannot be both.
fn check_required_conflict(cx: &Ctxt, field: &Field) {
    if field.attrs.optional.get().is_some() && field.attrs.required.get().is_some() {
        cx.error_spanned_by(field.attrs.required.tokens(), "a field cannot be both `optional` and `required`");
    }
}

/// A flattened field has no schema position of its own for keywords to land on; only `proto = N` means something
/// there (the protobuf message carries the flattened type as one embedded message field).
fn check_flatten(cx: &Ctxt, field: &Field) {
    let embedded = field.attrs.proto.get().is_some() && field.attrs.keys.iter().all(|key| is_wire_key(key));
    if field.serde.flatten && !embedded && field.original.attrs.iter().any(|a| a.path().is_ident("kapi")) {
        cx.error_spanned_by(
            &field.member,
            "a `#[serde(flatten)]` field merges into its parent; put kapi attributes on the flattened type (only \
             `proto = N` and `proto_name` may stand here, for an embedded message on the wire)",
        );
    }
}

/// A field's schema comes from one place; a second source would be silently ignored.
fn check_schema_source(cx: &Ctxt, field: &Field) {
    let attrs = &field.attrs;
    let sources = [
        ("schema_with", attrs.schema_with.get().is_some(), attrs.schema_with.tokens()),
        ("schemars", attrs.schemars.get().is_some(), attrs.schemars.tokens()),
        ("schemaless", attrs.schemaless.get().is_some(), attrs.schemaless.tokens()),
        ("bytes", attrs.bytes.get().is_some(), attrs.bytes.tokens()),
    ];
    let set: Vec<_> = sources.iter().filter(|(_, present, _)| *present).collect();
    if let [(first, ..), rest @ ..] = set.as_slice() {
        for (name, _, tokens) in rest {
            cx.error_spanned_by(*tokens, format!("`{name}` and `{first}` both supply the field's schema; keep one"));
        }
    }
}

/// Rules for `#[derive(Resource)]`.
pub fn check_resource(cx: &Ctxt, cont: &Container) {
    if matches!(cont.data, Data::Enum(_)) {
        cx.error_spanned_by(cont.ident, "a Resource must be a struct (an object with apiVersion, kind and metadata)");
    }
    let resource = &cont.attrs.resource;
    if resource.group.get().is_none() {
        cx.error_spanned_by(cont.ident, "a Resource needs `#[kapi(group = \"...\")]` (\"\" for the core group)");
    }
    if resource.version.get().is_none() {
        cx.error_spanned_by(cont.ident, "a Resource needs `#[kapi(version = \"...\")]`");
    }
    if cont.attrs.inline.get().is_some() {
        cx.error_spanned_by(cont.attrs.inline.tokens(), "a Resource needs a definition; remove `inline`");
    }
    check_resource_names(cx, resource);
    let subresource_verbs = resource.subresources.iter().flat_map(|s| &s.verbs);
    for verb in resource.verbs.get().into_iter().flatten().chain(subresource_verbs) {
        let text = verb.value();
        if text.is_empty() || !text.chars().all(|c| c.is_ascii_lowercase()) {
            cx.error_spanned_by(verb, "verbs are lower-case words such as \"get\" or \"list\"");
        }
    }
    check_subresource_names(cx, resource);
}

/// A subresource's name is a URL path segment after the object's name; `status` and `scale` have keys of their
/// own, and one name serves one subresource.
fn check_subresource_names(cx: &Ctxt, resource: &ResourceAttrs) {
    let mut seen = Vec::new();
    for subresource in &resource.subresources {
        let name = subresource.name.value();
        if let Some(problem) = name_syntax::resource_word_problem("subresource name", &name) {
            cx.error_spanned_by(&subresource.name, problem);
        } else if name == "status" || name == "scale" {
            cx.error_spanned_by(
                &subresource.name,
                format!("write the `{name}` subresource with its own key, `{name}`"),
            );
        } else if seen.contains(&name) {
            cx.error_spanned_by(&subresource.name, format!("subresource `{name}` is declared twice"));
        }
        seen.push(name);
    }
}

/// The names a resource is served under become URL path segments and discovery words, so each must follow the
/// syntax Kubernetes gives it (the same rules `kapi_codegen::generate` applies to a model file).
fn check_resource_names(cx: &Ctxt, resource: &ResourceAttrs) {
    let single = [
        (&resource.group, name_syntax::group_problem as fn(&str) -> Option<String>),
        (&resource.version, name_syntax::version_problem),
        (&resource.plural, |name| name_syntax::resource_word_problem("plural", name)),
        (&resource.singular, |name| name_syntax::resource_word_problem("singular", name)),
        (&resource.kind, |kind| name_syntax::kind_problem("kind", kind)),
    ];
    for (attr, problem) in single {
        if let Some(problem) = attr.get().and_then(|name| problem(name)) {
            cx.error_spanned_by(attr.tokens(), problem);
        }
    }
    let lists = [(&resource.short_names, "short name"), (&resource.categories, "category")];
    for (attr, role) in lists {
        for name in attr.get().into_iter().flatten() {
            if let Some(problem) = name_syntax::resource_word_problem(role, &name.value()) {
                cx.error_spanned_by(name, problem);
            }
        }
    }
}

/// The attributes that describe a field's protobuf form alone: the only ones a wire-only or embedded field takes.
fn is_wire_key(key: &str) -> bool {
    key == "proto" || key == "proto_name"
}
