use quote::quote;
use syn::parse_quote;

use super::args::Args;
use super::expand;
use super::history::History;

fn args() -> Args {
    Args::parse(quote!(versions(v1alpha1, v1beta1(deprecated = "use v1"), v1), storage = v1, package = "example.com/x"))
        .expect("valid arguments")
}

fn history(attrs: Vec<syn::Attribute>) -> syn::Result<History> {
    let mut attrs = attrs;
    History::take(&args(), &mut attrs)
}

#[test]
fn a_field_exists_from_its_addition_until_its_removal() {
    let history = history(vec![parse_quote!(#[versioned(added = v1beta1, removed = "v1")])]).expect("valid");
    assert_eq!((0..3).map(|v| history.exists_in(v)).collect::<Vec<_>>(), [false, true, false]);
}

#[test]
fn earlier_names_and_types_apply_before_their_version() {
    let history = history(vec![
        parse_quote!(#[versioned(renamed(before = v1, from = target), renamed(before = v1beta1, from = dest))]),
        parse_quote!(#[versioned(changed(before = v1, ty = String, up = parse, down = print))]),
    ])
    .expect("valid");
    let current: syn::Ident = parse_quote!(destination);
    let names: Vec<String> = (0..3).map(|v| history.ident_in(v, &current).to_string()).collect();
    assert_eq!(names, ["dest", "target", "destination"]);
    let today: syn::Type = parse_quote!(u32);
    let old = history.type_in(1, &today);
    assert_eq!(quote!(#old).to_string(), "String");
    assert_eq!(history.changes_between(0, 2).len(), 1);
    assert!(history.changes_between(2, 0).iter().all(|(_, upwards)| !upwards));
    assert!(history.changes_between(2, 1).len() == 1 && history.changes_between(0, 1).is_empty());
}

#[test]
fn mistakes_are_errors_at_their_span() {
    let removed_first = history(vec![parse_quote!(#[versioned(added = v1, removed = v1beta1)])]);
    assert!(removed_first.is_err_and(|e| e.to_string().contains("removed before it is added")));
    let unknown = history(vec![parse_quote!(#[versioned(added = v2)])]);
    assert!(unknown.is_err_and(|e| e.to_string().contains("unknown version")));
    let first = history(vec![parse_quote!(#[versioned(added = v1alpha1)])]);
    assert!(first.is_err_and(|e| e.to_string().contains("no earlier one")));
    let bad_args = Args::parse(quote!(versions(v1, v1beta), storage = v1, package = "p"));
    assert!(bad_args.is_err_and(|e| e.to_string().contains("not a Kubernetes version")));
    let no_storage = Args::parse(quote!(versions(v1beta1, v1), storage = v2, package = "p"));
    assert!(no_storage.is_err_and(|e| e.to_string().contains("must be one of")));
    let generic = expand(
        quote!(versions(v1beta1, v1), storage = v1, package = "p"),
        quote!(
            mod m {
                struct S<T>(T);
            }
        ),
    );
    assert!(generic.is_err_and(|e| e.to_string().contains("cannot be generic")));
    let own_key = quote!(
        mod m {
            #[derive(Schema)]
            #[kapi(package = "x")]
            struct S {
                a: u8,
            }
        }
    );
    let own = expand(quote!(versions(v1beta1, v1), storage = v1, package = "p"), own_key);
    assert!(own.is_err_and(|e| e.to_string().contains("set per version")));
}

#[test]
fn each_version_gets_its_fields_package_and_crd_marks() {
    let input = quote! {
        mod backups {
            #[derive(Schema, Resource)]
            #[kapi(group = "backups.example.com", plural = "backups", crd(printer_column(name = "A", type = "string", json_path = ".spec.a")))]
            pub struct Backup {
                #[versioned(renamed(before = v1, from = volume))]
                pub source: String,
                #[versioned(added = v1beta1)]
                pub retention: Option<u32>,
            }
        }
    };
    let out = expand(
        quote!(versions(v1alpha1, v1beta1(deprecated = "use v1"), v1), storage = v1, package = "example.com/b"),
        input,
    )
    .expect("expands")
    .to_string();
    let module = |name: &str| {
        let start = out.find(&format!("pub mod {name} {{")).expect("version module");
        &out[start..start + out[start..].find("} }").unwrap_or(out.len() - start)]
    };
    assert!(module("v1alpha1").contains("pub volume : String") && !module("v1alpha1").contains("retention"));
    assert!(module("v1beta1").contains("deprecated , deprecation_warning = \"use v1\""));
    assert!(module("v1").contains("pub source : String") && module("v1").contains(", storage"));
    assert!(out.contains("package = \"example.com/b/v1beta1\" , version = \"v1beta1\""));
    assert!(out.contains("source : self . volume"), "renamed fields are carried over: {out}");
    assert!(out.contains("retention : :: core :: default :: Default :: default ()"));
    assert!(out.contains("fn backup_v1alpha1_round_trips_through_v1"));
}

/// The module of version `name` in the expansion `out`.
fn version_module<'a>(out: &'a str, name: &str) -> &'a str {
    let start = out.find(&format!("pub mod {name} {{")).expect("version module");
    let rest = &out[start + 1..];
    let end = rest.find("pub mod ").map_or(out.len(), |next| start + 1 + next);
    &out[start..end]
}

#[test]
fn a_trailing_comma_inside_crd_fails_only_under_versioned() {
    let input = quote! {
        mod backups {
            #[derive(Schema, Resource)]
            #[kapi(group = "b.example.com", crd(printer_column(name = "A", type = "string", json_path = ".spec.a"),))]
            pub struct Backup {
                pub a: String,
            }
        }
    };
    let out = expand(quote!(versions(v1beta1(deprecated), v1), storage = v1, package = "example.com/b"), input)
        .expect("expands")
        .to_string();
    assert!(!out.contains(", ,"), "the trailing comma is not doubled: {out}");
    // What the derive then reads: each version's crd(...) parses as a list of entries.
    let v1 = version_module(&out, "v1");
    assert!(v1.contains("json_path = \".spec.a\") , storage ,"), "{v1}");
}

#[test]
fn per_version_overrides_reach_only_their_versions() {
    let input = quote! {
        mod pools {
            #[derive(Schema, Resource)]
            #[kapi(group = "p.example.com", crd(printer_column(name = "Image", type = "string", json_path = ".spec.image")))]
            #[versioned(before = v1, kapi(crd(selectable_field = ".spec.count"), scale(spec_replicas_path = ".spec.count", status_replicas_path = ".status.count", kind = Scale)))]
            #[versioned(since = v1, kapi(validation(rule = "self.spec.replicas >= 0")))]
            pub struct Pool {
                #[versioned(renamed(before = v1, from = count))]
                #[versioned(versions(v1beta1), kapi(maximum = 10))]
                pub replicas: i32,
            }
        }
    };
    let out =
        expand(quote!(versions(v1alpha1(served = false), v1beta1, v1), storage = v1, package = "example.com/p"), input)
            .expect("expands")
            .to_string();
    let (alpha, beta, v1) =
        (version_module(&out, "v1alpha1"), version_module(&out, "v1beta1"), version_module(&out, "v1"));
    assert!(alpha.contains("selectable_field = \".spec.count\" , served = false"), "{alpha}");
    assert!(alpha.contains("scale (spec_replicas_path = \".spec.count\"") && beta.contains("\".spec.count\""));
    assert!(!v1.contains(".spec.count") && v1.contains("validation (rule = \"self.spec.replicas >= 0\")"), "{v1}");
    assert!(!alpha.contains("validation") && !alpha.contains("served = false , storage"));
    assert!(beta.contains("# [kapi (maximum = 10)] pub count : i32"), "{beta}");
    assert!(!alpha.contains("maximum") && !v1.contains("maximum") && !out.contains("versioned"), "{out}");
}

#[test]
fn mistakes_in_per_version_attributes_are_errors_at_their_span() {
    let expand_with = |attr: proc_macro2::TokenStream| {
        let input = quote! {
            mod m {
                #[derive(Schema)]
                pub struct S {
                    #attr
                    pub a: u8,
                }
            }
        };
        expand(quote!(versions(v1beta1, v1), storage = v1, package = "p"), input)
            .map(|_| ())
            .expect_err("a mistake")
            .to_string()
    };
    assert!(expand_with(quote!(#[versioned(kapi(maximum = 1))])).contains("say which versions"));
    assert!(expand_with(quote!(#[versioned(since = v2, kapi(maximum = 1))])).contains("unknown version"));
    assert!(expand_with(quote!(#[versioned(added = v1, kapi(maximum = 1))])).contains("its own #[versioned"));
    assert!(expand_with(quote!(#[versioned(since = v1, before = v1, kapi(maximum = 1))])).contains("no version"));
    assert!(expand_with(quote!(#[versioned(since = v1, kapi(crd))])).contains("a kind's setting"));
    assert!(expand_with(quote!(#[versioned(since = v1, kapi(version = "v1"))])).contains("set per version"));
    let outside = quote! {
        mod m {
            #[derive(Schema)]
            pub struct S {
                #[versioned(added = v1)]
                #[versioned(before = v1, kapi(maximum = 1))]
                pub a: u8,
            }
        }
    };
    let outside = expand(quote!(versions(v1beta1, v1), storage = v1, package = "p"), outside);
    assert!(outside.is_err_and(|e| e.to_string().contains("exists in none of these versions")));
    let tuple = quote! {
        mod m {
            #[derive(Schema)]
            pub struct S(#[versioned(since = v1, kapi(maximum = 1))] u8);
        }
    };
    let tuple = expand(quote!(versions(v1beta1, v1), storage = v1, package = "p"), tuple);
    assert!(tuple.is_err_and(|e| e.to_string().contains("only named fields")));
}

#[test]
fn a_bare_crd_stays_bare_in_versions_without_marks() {
    let input = quote! {
        mod pools {
            #[derive(Schema, Resource)]
            #[kapi(group = "p.example.com", crd)]
            pub struct Pool {
                pub a: String,
            }
        }
    };
    let out = expand(quote!(versions(v1beta1, v1), storage = v1, package = "example.com/p"), input).expect("expands");
    let out = out.to_string();
    assert!(version_module(&out, "v1beta1").contains("crd)") && !out.contains("crd ()"), "{out}");
}
