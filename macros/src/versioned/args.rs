//! The arguments of `#[kapi::versioned(...)]`: the versions, oldest first, the storage version and the package.

use proc_macro2::{Span, TokenStream};
use syn::meta::ParseNestedMeta;
use syn::{Ident, LitStr};

/// One version and how its CRD version is marked.
pub struct VersionArg {
    pub name: Ident,
    /// `deprecated` or `deprecated = "warning"`: the CRD marks the version deprecated, with that warning.
    pub deprecated: Option<Option<LitStr>>,
    /// `served = false`: the CRD lists the version but the API server does not serve it.
    pub served: Option<bool>,
}

/// `versions(v1alpha1(deprecated = "...", served = false), v1beta1, v1), storage = v1, package = "example.com/backups"`.
pub struct Args {
    pub versions: Vec<VersionArg>,
    /// The index of the storage version in `versions`: the hub every conversion passes through.
    pub hub: usize,
    /// Each version's types go in package `<package>/<version>`.
    pub package: String,
    /// The path the generated code names kapi by.
    pub krate: syn::Path,
}

impl Args {
    pub fn parse(tokens: TokenStream) -> syn::Result<Self> {
        let (mut versions, mut storage, mut package, mut krate) = (Vec::new(), None, None, None);
        let parser = syn::meta::parser(|meta| {
            if meta.path.is_ident("versions") {
                meta.parse_nested_meta(|version| {
                    versions.push(version_arg(&version)?);
                    Ok(())
                })
            } else if meta.path.is_ident("storage") {
                storage = Some(version_value(&meta)?);
                Ok(())
            } else if meta.path.is_ident("package") {
                package = Some(meta.value()?.parse::<LitStr>()?);
                Ok(())
            } else if meta.path.is_ident("crate") {
                krate = Some(meta.value()?.parse::<LitStr>()?.parse::<syn::Path>()?);
                Ok(())
            } else {
                Err(meta.error("unknown argument; expected versions(...), storage, package or crate"))
            }
        });
        syn::parse::Parser::parse2(parser, tokens)?;
        let call_site = Span::call_site();
        let package = package.ok_or_else(|| syn::Error::new(call_site, "missing `package = \"...\"`"))?.value();
        if versions.len() < 2 {
            return Err(syn::Error::new(call_site, "`versions(...)` needs at least two versions, oldest first"));
        }
        for (i, version) in versions.iter().enumerate() {
            if !is_version(&version.name.to_string()) {
                let message = "not a Kubernetes version name (v1, v2beta1, v1alpha3)";
                return Err(syn::Error::new(version.name.span(), message));
            }
            if versions[..i].iter().any(|earlier| earlier.name == version.name) {
                return Err(syn::Error::new(version.name.span(), "this version is listed twice"));
            }
        }
        let storage = storage.ok_or_else(|| syn::Error::new(call_site, "missing `storage = <version>`"))?;
        let hub = versions
            .iter()
            .position(|v| v.name == storage)
            .ok_or_else(|| syn::Error::new(storage.span(), "the storage version must be one of `versions(...)`"))?;
        let krate = krate.unwrap_or_else(|| syn::parse_quote!(::kapi));
        Ok(Self { versions, hub, package, krate })
    }

    /// The index of the version named `name`, or an error at its span.
    pub fn index_of(&self, name: &Ident) -> syn::Result<usize> {
        self.versions.iter().position(|v| v.name == *name).ok_or_else(|| {
            let known: Vec<String> = self.versions.iter().map(|v| v.name.to_string()).collect();
            syn::Error::new(name.span(), format!("unknown version; the versions are {}", known.join(", ")))
        })
    }
}

fn version_arg(meta: &ParseNestedMeta) -> syn::Result<VersionArg> {
    let name = meta.path.require_ident()?.clone();
    let (mut deprecated, mut served) = (None, None);
    if meta.input.peek(syn::token::Paren) {
        meta.parse_nested_meta(|inner| {
            if inner.path.is_ident("deprecated") {
                deprecated = Some(if inner.input.peek(syn::Token![=]) { Some(inner.value()?.parse()?) } else { None });
            } else if inner.path.is_ident("served") {
                served = Some(inner.value()?.parse::<syn::LitBool>()?.value);
            } else {
                return Err(inner.error("expected `deprecated`, `deprecated = \"warning\"` or `served = false`"));
            }
            Ok(())
        })?;
    }
    Ok(VersionArg { name, deprecated, served })
}

/// A version written bare (`v1`) or quoted (`"v1"`).
pub fn version_value(meta: &ParseNestedMeta) -> syn::Result<Ident> {
    let input = meta.value()?;
    if input.peek(LitStr) {
        let text: LitStr = input.parse()?;
        return syn::parse_str::<Ident>(&text.value()).map_err(|_| syn::Error::new(text.span(), "not a version"));
    }
    input.parse()
}

/// `v<major>`, optionally `alpha<n>` or `beta<n>` after it.
fn is_version(text: &str) -> bool {
    let Some(rest) = text.strip_prefix('v') else { return false };
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 || rest.starts_with('0') {
        return false;
    }
    let tail = &rest[digits..];
    let number = tail.strip_prefix("alpha").or_else(|| tail.strip_prefix("beta"));
    match number {
        None => tail.is_empty(),
        Some(n) => !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) && !n.starts_with('0'),
    }
}
