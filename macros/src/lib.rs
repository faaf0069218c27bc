//! Derive macros for kapi: `#[derive(Schema)]` and `#[derive(Resource)]`.
//!
//! Input is parsed once into an AST with typed attributes, every mistake is collected with its span, cross-field
//! rules run, and only then is code emitted. The expanded code is short: it calls `kapi::model::derive_support`.
//! The attribute vocabulary is documented in docs/ATTRIBUTES.md.

use proc_macro::TokenStream;
use syn::{DeriveInput, parse_macro_input};

mod expand;
mod internals;

use internals::ast::Container;
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
    match (cx.check(), container) {
        (Ok(()), Some(container)) => expand::schema::impl_schema(&container).into(),
        (Err(error), _) => error.to_compile_error().into(),
        (Ok(()), None) => TokenStream::new(),
    }
}

/// Implements `kapi::Resource` (the type must also derive `Schema`).
#[proc_macro_derive(Resource, attributes(kapi))]
pub fn derive_resource(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    // Attribute syntax errors are reported once, by the Schema derive; this context only keeps resource rules.
    let parse_cx = Ctxt::new();
    let container = Container::from_ast(&parse_cx, &input);
    let _already_reported = parse_cx.check();
    let Some(container) = container else { return TokenStream::new() };
    let cx = Ctxt::new();
    check::check_resource(&cx, &container);
    match cx.check() {
        Ok(()) => expand::resource::impl_resource(&container).into(),
        Err(error) => error.to_compile_error().into(),
    }
}
