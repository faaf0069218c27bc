//! Derive macros for kapi: `#[derive(Schema)]` and `#[derive(Resource)]`.
//!
//! Input is parsed once into an AST with typed attributes, every mistake is collected with its span, cross-field
//! rules run, and only then is code emitted. The expanded code is short: it calls `kapi::model::derive_support`.
//! The attribute vocabulary is documented in docs/ATTRIBUTES.md.

use proc_macro::TokenStream;
use syn::{DeriveInput, parse_macro_input};

mod expand;
mod internals;
mod versioned;

use internals::ast::Container;
use internals::attr::container::ContainerAttrs;
use internals::check;
use internals::ctxt::Ctxt;

/// Implements `kapi::Schema`.
#[proc_macro_derive(Schema, attributes(kapi))]
pub fn derive_schema(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    let cx = Ctxt::new();
    let container = Container::from_ast(&cx, &input);
    if let Some(container) = &container {
        check::check_schema(&cx, container);
    }
    // Beside the errors, a fallback impl: uses of the type elsewhere then add no errors of their own.
    let expanded = match (cx.check(), container) {
        (Ok(()), Some(container)) => expand::schema::impl_schema(&container),
        (Ok(()), None) => proc_macro2::TokenStream::new(),
        (Err(error), Some(container)) => {
            let mut tokens = error.to_compile_error();
            tokens.extend(expand::schema::fallback_schema(&container));
            tokens
        }
        (Err(error), None) => {
            let mut tokens = error.to_compile_error();
            tokens.extend(expand::fallback::schema(&input.ident, &input.generics, &krate_of(&input)));
            tokens
        }
    };
    expanded.into()
}

/// Implements `kapi::Resource` (the type must also derive `Schema`).
#[proc_macro_derive(Resource, attributes(kapi))]
pub fn derive_resource(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    // Attribute syntax errors are reported once, by the Schema derive; this context only keeps resource rules.
    let parse_cx = Ctxt::new();
    let container = Container::from_ast(&parse_cx, &input);
    let _already_reported = parse_cx.check();
    let krate = container.as_ref().map_or_else(|| krate_of(&input), |c| c.attrs.krate());
    let fallback = expand::fallback::resource(&input.ident, &input.generics, &krate);
    let Some(container) = container else { return fallback.into() };
    let cx = Ctxt::new();
    check::check_resource(&cx, &container);
    let expanded = match cx.check() {
        Ok(()) => expand::resource::impl_resource(&container),
        Err(error) => {
            let mut tokens = error.to_compile_error();
            tokens.extend(fallback);
            tokens
        }
    };
    expanded.into()
}

/// Writes the types of a module once, with each field's history, and generates one module per version (`v1alpha1`,
/// `v1beta1`, `v1`, ...) with conversions between each version and the storage version, `converters()` for a
/// conversion webhook, and round-trip tests. What only some versions have (a printer column or a CEL rule naming a
/// renamed field, scale paths) is written `#[versioned(since = v1, kapi(...))]` (or `before = V`,
/// `versions(a, b)`) on the type or field. See docs/VERSIONS.md.
///
/// ```ignore
/// #[kapi::versioned(versions(v1alpha1, v1beta1, v1), storage = v1, package = "example.com/backups")]
/// pub mod backup {
///     pub struct BackupSpec {
///         #[versioned(renamed(before = v1, from = volume))]
///         pub source: String,
///         #[versioned(added = v1beta1)]
///         pub retention_days: Option<i32>,
///     }
/// }
/// ```
#[proc_macro_attribute]
pub fn versioned(args: TokenStream, input: TokenStream) -> TokenStream {
    versioned::expand(args.into(), input.into()).unwrap_or_else(syn::Error::into_compile_error).into()
}

/// The `crate = "..."` path of an input kapi cannot derive for (whose errors the Schema derive reports).
fn krate_of(input: &DeriveInput) -> syn::Path {
    let cx = Ctxt::new();
    let krate = ContainerAttrs::from_attrs(&cx, &input.attrs).krate();
    let _reported_elsewhere = cx.check();
    krate
}
