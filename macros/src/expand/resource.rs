//! `impl Resource` for a checked container.

use proc_macro2::TokenStream;
use quote::quote;

use kapi_model::STANDARD_VERBS;

use crate::internals::ast::Container;
use crate::internals::attr::crd::CrdAttrs;

/// `impl Resource`, in one anonymous constant so nothing leaks into the user's scope.
pub fn impl_resource(cont: &Container) -> TokenStream {
    let krate = &cont.attrs.krate();
    let ident = cont.ident;
    let resource = &cont.attrs.resource;
    let group = resource.group.get().cloned().unwrap_or_default();
    let version = resource.version.get().cloned().unwrap_or_default();
    let kind = resource.kind.get().cloned().unwrap_or_else(|| cont.type_name());
    let plural = resource.plural.get().cloned().unwrap_or_else(|| english_plural(&kind.to_lowercase()));
    let singular = resource.singular.get().cloned().unwrap_or_else(|| kind.to_lowercase());
    let cluster_scoped = resource.scope.get().is_some_and(|s| s == "Cluster");
    let verbs: Vec<String> = match resource.verbs.get() {
        Some(verbs) => verbs.iter().map(|v| v.value()).collect(),
        // The eight standard verbs unless the type says otherwise.
        None => STANDARD_VERBS.iter().map(|v| (*v).to_owned()).collect(),
    };
    let strings = |attr: Option<&Vec<syn::LitStr>>| {
        attr.map(|v| v.iter().map(|s| s.value()).collect::<Vec<_>>()).unwrap_or_default()
    };
    let short_names = strings(resource.short_names.get());
    let categories = strings(resource.categories.get());
    let list = match resource.list.get() {
        Some(path) => quote!(::core::option::Option::Some(__kapi::definition_of::<#path>(registry))),
        None => quote!(::core::option::Option::None),
    };
    let status = resource.status.get().map(|_| quote!(subresources.push(__kapi::status_subresource());));
    let scale = resource.scale.get().map(|scale| {
        let (spec, status, kind) = (&scale.spec_replicas_path, &scale.status_replicas_path, &scale.kind);
        let selector = match &scale.label_selector_path {
            Some(path) => quote!(::core::option::Option::Some(#path)),
            None => quote!(::core::option::Option::None),
        };
        quote!(subresources.push(__kapi::scale_subresource::<#kind>(registry, #spec, #status, #selector));)
    });
    let others = resource.subresources.iter().map(|sub| {
        let name = &sub.name;
        let (verbs, connect, text) = (&sub.verbs, &sub.connect, &sub.text_media_types);
        let subpath = sub.subpath;
        let kind = match &sub.kind {
            Some(kind) => quote!(::core::option::Option::Some(__kapi::subresource_kind::<#kind>(registry))),
            None => quote!(::core::option::Option::None),
        };
        let options = match &sub.options {
            Some(options) => quote!(::core::option::Option::Some(__kapi::subresource_kind::<#options>(registry))),
            None => quote!(::core::option::Option::None),
        };
        quote!(subresources.push(__kapi::subresource(
            __kapi::SubresourceSpec {
                name: #name, verbs: &[#(#verbs),*], connect: &[#(#connect),*], subpath: #subpath,
                text_media_types: &[#(#text),*],
            },
            #kind,
            #options,
        ));)
    });
    let crd = resource.crd.get().map(crd_version);
    let delete_returns_object =
        resource.delete_returns_object.get().map(|_| quote!(meta.delete_returns_object = true;));
    let register_versions = resource.register_versions.get().map(|register| {
        quote! {
            fn register_versions(registry: &mut #krate::model::Registry) { #register(registry) }
        }
    });
    let kube = resource.kube.get().map(|_| {
        super::kube::impls(
            cont,
            super::kube::Names { group: &group, version: &version, kind: &kind, plural: &plural, cluster_scoped },
        )
    });
    quote! {
        // Paths are written in full for hygiene; from where a user's `crate = "..."` path points they may read as
        // needlessly qualified.
        #[allow(unused_qualifications)]
        const _: () = {
            #[automatically_derived]
            impl #krate::model::Resource for #ident {
            fn resource_meta(registry: &mut #krate::model::Registry) -> #krate::model::ResourceMeta {
                use #krate::model::derive_support as __kapi;
                let definition = __kapi::definition_of::<Self>(registry);
                let list = #list;
                #[allow(unused_mut)]
                let mut subresources = ::std::vec::Vec::new();
                #status
                #scale
                #(#others)*
                let spec = __kapi::ResourceSpec {
                    group: #group, version: #version, kind: #kind, plural: #plural, singular: #singular,
                    cluster_scoped: #cluster_scoped, verbs: &[#(#verbs),*], short_names: &[#(#short_names),*],
                    categories: &[#(#categories),*],
                };
                #[allow(unused_mut)]
                let mut meta = __kapi::resource_meta(spec, definition, list, subresources);
                #crd
                #delete_returns_object
                meta
            }
            #register_versions
            }
            #kube
        };
    }
}

/// Sets `meta.crd` from `crd(...)`.
fn crd_version(crd: &CrdAttrs) -> TokenStream {
    let option = |value: &Option<String>| match value {
        Some(text) => quote!(::core::option::Option::Some(#text)),
        None => quote!(::core::option::Option::None),
    };
    let served = crd.served;
    let storage = match crd.storage {
        Some(storage) => quote!(::core::option::Option::Some(#storage)),
        None => quote!(::core::option::Option::None),
    };
    let deprecated = crd.deprecated;
    let warning = option(&crd.deprecation_warning);
    let columns = crd.printer_columns.iter().map(|c| {
        let (name, column_type, path, priority) = (&c.name, &c.column_type, &c.json_path, c.priority);
        let (description, format) = (option(&c.description), option(&c.format));
        quote!(__kapi::PrinterColumnSpec {
            name: #name, column_type: #column_type, json_path: #path, description: #description,
            format: #format, priority: #priority,
        })
    });
    let selectable = &crd.selectable_fields;
    let webhook = match &crd.conversion_webhook {
        Some(webhook) => {
            let url = option(&webhook.url);
            let service = match &webhook.service {
                Some((namespace, name)) => quote!(::core::option::Option::Some((#namespace, #name))),
                None => quote!(::core::option::Option::None),
            };
            let path = option(&webhook.path);
            let port = match webhook.port {
                Some(port) => quote!(::core::option::Option::Some(#port)),
                None => quote!(::core::option::Option::None),
            };
            quote!(::core::option::Option::Some(__kapi::ConversionWebhookSpec {
                url: #url, service: #service, path: #path, port: #port,
            }))
        }
        None => quote!(::core::option::Option::None),
    };
    let approved = option(&crd.api_approved);
    let plan = match &crd.conversion_plan {
        Some(path) => quote!(::core::option::Option::Some(#path)),
        None => quote!(::core::option::Option::None),
    };
    let position = match crd.position {
        Some(position) => quote!(::core::option::Option::Some(#position)),
        None => quote!(::core::option::Option::None),
    };
    let empty_subresources = crd.empty_subresources;
    quote! {
        meta.crd = ::core::option::Option::Some(__kapi::crd_version(__kapi::CrdSpec {
            served: #served, storage: #storage, deprecated: #deprecated, deprecation_warning: #warning,
            printer_columns: &[#(#columns),*], selectable_fields: &[#(#selectable),*],
            conversion_webhook: #webhook, conversion_plan: #plan, api_approved: #approved,
            position: #position, empty_subresources: #empty_subresources,
        }));
    }
}

/// English plural of a lower-case kind, the way Kubernetes guesses resource names.
fn english_plural(singular: &str) -> String {
    if let Some(stem) = singular.strip_suffix('y')
        && !stem.ends_with(['a', 'e', 'i', 'o', 'u'])
    {
        return format!("{stem}ies");
    }
    if singular.ends_with('s')
        || singular.ends_with('x')
        || singular.ends_with('z')
        || singular.ends_with("ch")
        || singular.ends_with("sh")
    {
        return format!("{singular}es");
    }
    format!("{singular}s")
}

#[cfg(test)]
mod tests {
    use super::english_plural;

    #[test]
    fn plurals() {
        assert_eq!(english_plural("lease"), "leases");
        assert_eq!(english_plural("policy"), "policies");
        assert_eq!(english_plural("gateway"), "gateways");
        assert_eq!(english_plural("ingress"), "ingresses");
    }
}
