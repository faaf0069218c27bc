//! Resource metadata keys of `#[kapi(...)]`, read by `#[derive(Resource)]`.

use syn::meta::ParseNestedMeta;

use super::crd::{CrdAttrs, parse_crd};
use super::values::{self, Attr, set_flag};
use crate::internals::ctxt::Ctxt;

/// `scale(...)`; `kind` is the Rust type of the Scale body, kapi-meta's autoscaling/v1 Scale unless written.
pub struct ScaleAttrs {
    pub spec_replicas_path: String,
    pub status_replicas_path: String,
    pub label_selector_path: Option<String>,
    pub kind: syn::Path,
}

/// One `subresource(...)`: a subresource other than `status` and `scale`.
pub struct SubresourceAttrs {
    pub name: syn::LitStr,
    /// Verbs as discovery lists them; unless written, a connect subresource's follow from its methods and any other
    /// subresource gets the status subresource's (get, patch, update).
    pub verbs: Vec<syn::LitStr>,
    /// The kind sent and returned when not the parent's.
    pub kind: Option<syn::Path>,
    /// The kind whose fields are the query parameters.
    pub options: Option<syn::Path>,
    /// `connect = ["GET", ...]`: the HTTP methods of a connect subresource.
    pub connect: Vec<syn::LitStr>,
    /// `subpath`: a connect subresource also served at `<name>/{path}`.
    pub subpath: bool,
    /// Media types of a textual answer (`text/plain`).
    pub text_media_types: Vec<syn::LitStr>,
}

/// Resource metadata as written.
pub struct ResourceAttrs {
    pub group: Attr<String>,
    pub version: Attr<String>,
    pub kind: Attr<String>,
    pub plural: Attr<String>,
    pub singular: Attr<String>,
    pub scope: Attr<String>,
    pub verbs: Attr<Vec<syn::LitStr>>,
    pub short_names: Attr<Vec<syn::LitStr>>,
    pub categories: Attr<Vec<syn::LitStr>>,
    pub list: Attr<syn::Path>,
    pub status: Attr<()>,
    pub delete_returns_object: Attr<()>,
    pub scale: Attr<ScaleAttrs>,
    pub subresources: Vec<SubresourceAttrs>,
    pub crd: Attr<CrdAttrs>,
    /// `kube`: also implement kube-core's `Resource`, `HasSpec` and `HasStatus` (kapi's `kube` feature).
    pub kube: Attr<()>,
    /// `__register_versions = path`: written by `#[kapi::versioned]` on each version of a kind, a function
    /// registering every version.
    pub register_versions: Attr<syn::Path>,
}

impl ResourceAttrs {
    pub fn new() -> Self {
        Self {
            group: Attr::none("group"),
            version: Attr::none("version"),
            kind: Attr::none("kind"),
            plural: Attr::none("plural"),
            singular: Attr::none("singular"),
            scope: Attr::none("scope"),
            verbs: Attr::none("verbs"),
            short_names: Attr::none("short_names"),
            categories: Attr::none("categories"),
            list: Attr::none("list"),
            status: Attr::none("status"),
            delete_returns_object: Attr::none("delete_returns_object"),
            scale: Attr::none("scale"),
            subresources: Vec::new(),
            crd: Attr::none("crd"),
            kube: Attr::none("kube"),
            register_versions: Attr::none("__register_versions"),
        }
    }

    /// Parses `meta` if it is a resource key; returns false otherwise.
    pub fn parse(&mut self, cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<bool> {
        let key = values::path_name(meta);
        let path = meta.path.clone();
        match key.as_str() {
            "group" => self.group.set_opt(cx, &path, values::string(cx, meta)?),
            "version" => self.version.set_opt(cx, &path, values::string(cx, meta)?),
            "kind" => self.kind.set_opt(cx, &path, values::string(cx, meta)?),
            "plural" => self.plural.set_opt(cx, &path, values::string(cx, meta)?),
            "singular" => self.singular.set_opt(cx, &path, values::string(cx, meta)?),
            "scope" => self.scope.set_opt(cx, &path, values::choice(cx, meta, &["Namespaced", "Cluster"])?),
            "verbs" => self.verbs.set_opt(cx, &path, values::string_list(cx, meta)?),
            "short_names" => self.short_names.set_opt(cx, &path, values::string_list(cx, meta)?),
            "categories" => self.categories.set_opt(cx, &path, values::string_list(cx, meta)?),
            "list" => self.list.set_opt(cx, &path, values::path(cx, meta)?),
            "status" => set_flag(cx, meta, &mut self.status)?,
            "delete_returns_object" => set_flag(cx, meta, &mut self.delete_returns_object)?,
            "kube" => set_flag(cx, meta, &mut self.kube)?,
            "__register_versions" => self.register_versions.set_opt(cx, &path, values::path(cx, meta)?),
            "crd" => {
                let crd = parse_crd(cx, meta)?;
                self.crd.set(cx, &path, crd);
            }
            "scale" => {
                let scale = parse_scale(cx, meta)?;
                self.scale.set_opt(cx, &path, scale);
            }
            "subresource" => {
                if let Some(subresource) = parse_subresource(cx, meta)? {
                    self.subresources.push(subresource);
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

fn parse_scale(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<ScaleAttrs>> {
    let (mut spec, mut status, mut selector, mut kind) = (None, None, None, None);
    meta.parse_nested_meta(|inner| {
        let key = values::path_name(&inner);
        match key.as_str() {
            "spec_replicas_path" => spec = values::string(cx, &inner)?,
            "status_replicas_path" => status = values::string(cx, &inner)?,
            "label_selector_path" => selector = values::string(cx, &inner)?,
            "kind" => kind = values::path(cx, &inner)?,
            _ => {
                cx.error_spanned_by(&inner.path, format!("unknown key `{key}` in scale(...); expected spec_replicas_path, status_replicas_path, label_selector_path, kind"));
                values::skip_value(&inner)?;
            }
        }
        Ok(())
    })?;
    // The body of every scale subresource is autoscaling/v1 Scale; kapi-meta has it, and every crate declaring a
    // custom resource depends on kapi-meta for ObjectMeta. Spanned at `scale`, so a crate without it is told there.
    let kind = kind.unwrap_or_else(|| {
        let span = syn::spanned::Spanned::span(&meta.path);
        syn::parse_quote_spanned!(span=> ::kapi_meta::autoscaling::v1::Scale)
    });
    match (spec, status) {
        (Some(spec_replicas_path), Some(status_replicas_path)) => {
            Ok(Some(ScaleAttrs { spec_replicas_path, status_replicas_path, label_selector_path: selector, kind }))
        }
        _ => {
            cx.error_spanned_by(&meta.path, "scale(...) needs spec_replicas_path and status_replicas_path");
            Ok(None)
        }
    }
}

fn parse_subresource(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<SubresourceAttrs>> {
    let (mut name, mut verbs, mut kind, mut options) = (None, None, None, None);
    let (mut connect, mut subpath, mut text) = (None, false, None);
    meta.parse_nested_meta(|inner| {
        let key = values::path_name(&inner);
        match key.as_str() {
            "name" => name = Some(inner.value()?.parse::<syn::LitStr>()?),
            "verbs" => verbs = values::string_list(cx, &inner)?,
            "kind" => kind = values::path(cx, &inner)?,
            "options" => options = values::path(cx, &inner)?,
            "connect" => connect = values::string_list(cx, &inner)?,
            "subpath" => subpath = values::flag(cx, &inner)?,
            "text_media_types" => text = values::string_list(cx, &inner)?,
            _ => {
                cx.error_spanned_by(&inner.path, format!("unknown key `{key}` in subresource(...); expected name, verbs, kind, options, connect, subpath, text_media_types"));
                values::skip_value(&inner)?;
            }
        }
        Ok(())
    })?;
    let Some(name) = name else {
        cx.error_spanned_by(&meta.path, "subresource(...) needs `name = \"...\"`");
        return Ok(None);
    };
    let connect = connect.unwrap_or_default();
    if subpath && connect.is_empty() {
        cx.error_spanned_by(&name, "`subpath` is for connect subresources; add `connect = [...]`");
    }
    if !connect.is_empty() && options.is_none() {
        cx.error_spanned_by(
            &name,
            "a connect subresource needs `options = <kind>`, the kind its query parameters come from",
        );
    }
    Ok(Some(SubresourceAttrs {
        name,
        verbs: verbs.unwrap_or_default(),
        kind,
        options,
        connect,
        subpath,
        text_media_types: text.unwrap_or_default(),
    }))
}
