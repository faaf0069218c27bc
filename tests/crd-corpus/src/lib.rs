//! A corpus of CustomResourceDefinitions written with kapi's derives, for holding kapi's CRD generation to a real
//! API server (tests/tests/kube_crd_corpus.rs): every serde representation, special type, list and map type,
//! default and CEL form the derive supports ([`features`]), each placed five ways ([`corpus!`]): as a required
//! field, an optional one, the items of a map list, the values of a map, and the status of a kind with a status
//! subresource, whose kinds also vary scope, printer columns, selectable fields, short names and versions.

pub mod features;

use kapi::Registry;

/// One kind per placement of `$feature`, in group `$group` (version `v1`; the map placement also serves
/// `v1beta1`).
macro_rules! corpus {
    ($($module:ident: $feature:ident in $group:tt;)*) => {
        $(
            #[allow(missing_docs)]
            pub mod $module {
                use kapi::{Resource, Schema};
                use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
                use serde::Serialize;
                use std::collections::BTreeMap;

                use crate::features::$feature as Feature;

                corpus!(@kind $group, Required, RequiredList, RequiredSpec, "Namespaced", {
                    /// The feature, required.
                    pub value: Feature,
                });
                corpus!(@kind $group, Optional, OptionalList, OptionalSpec, "Cluster", {
                    /// The feature, optional.
                    #[serde(default, skip_serializing_if = "Option::is_none")]
                    pub value: Option<Feature>,
                });
                corpus!(@kind $group, Listed, ListedList, ListedSpec, "Namespaced", {
                    /// The feature as the items of a map list keyed by name.
                    #[serde(default, skip_serializing_if = "Vec::is_empty")]
                    #[kapi(list_type = "map", list_map_keys = ["name"], max_items = 8)]
                    pub values: Vec<Feature>,
                });

                /// Map lists of the feature, by group.
                #[derive(Debug, Serialize, Schema)]
                pub struct Group {
                    /// The members.
                    #[kapi(list_type = "map", list_map_keys = ["name"], max_items = 4)]
                    pub members: Vec<Feature>,
                }

                corpus!(@kind $group, Grouped, GroupedList, GroupedSpec, "Namespaced", {
                    /// The feature in map lists that are the values of a map.
                    #[serde(default)]
                    #[kapi(max_properties = 4)]
                    pub groups: BTreeMap<String, Group>,
                });

                /// The feature inside a struct that is replaced as a whole.
                #[derive(Debug, Serialize, Schema)]
                pub struct Whole {
                    /// The feature.
                    pub value: Feature,
                }

                corpus!(@kind $group, Atomic, AtomicList, AtomicSpec, "Cluster", {
                    /// The feature, inside an atomic struct.
                    #[kapi(map_type = "atomic")]
                    pub whole: Whole,
                });

                /// The feature as the values of a map, in two versions.
                #[derive(Debug, Serialize, Schema, Resource)]
                #[kapi(
                    group = $group,
                    version = "v1",
                    list = MappedList,
                    short_names = ["mp"],
                    categories = ["corpus"],
                    crd(storage, printer_column(name = "Count", type = "integer", json_path = ".spec.count"))
                )]
                pub struct Mapped {
                    /// The object's API version and kind.
                    #[serde(flatten)]
                    pub type_meta: TypeMeta,
                    /// The object's metadata.
                    #[serde(default)]
                    pub metadata: ObjectMeta,
                    /// The feature by key.
                    pub spec: MappedSpec,
                }

                /// The feature by key.
                #[derive(Debug, Serialize, Schema)]
                pub struct MappedSpec {
                    /// How many values there are.
                    #[serde(default)]
                    pub count: i32,
                    /// The values by key.
                    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
                    #[kapi(max_properties = 8)]
                    pub values: BTreeMap<String, Feature>,
                }

                /// Mapped objects.
                #[derive(Debug, Serialize, Schema)]
                pub struct MappedList {
                    /// The list's API version and kind.
                    #[serde(flatten)]
                    pub type_meta: TypeMeta,
                    /// The list's metadata.
                    #[serde(default)]
                    pub metadata: ListMeta,
                    /// The objects.
                    pub items: Vec<Mapped>,
                }

                /// The older version of Mapped: served, not stored, deprecated.
                pub mod v1beta1 {
                    use super::*;

                    /// The feature by key, as first published.
                    #[derive(Debug, Serialize, Schema, Resource)]
                    #[kapi(
                        group = $group,
                        version = "v1beta1",
                        list = MappedList,
                        short_names = ["mp"],
                        categories = ["corpus"],
                        crd(deprecated)
                    )]
                    pub struct Mapped {
                        /// The object's API version and kind.
                        #[serde(flatten)]
                        pub type_meta: TypeMeta,
                        /// The object's metadata.
                        #[serde(default)]
                        pub metadata: ObjectMeta,
                        /// The feature by key.
                        pub spec: super::MappedSpec,
                    }

                    /// Mapped objects.
                    #[derive(Debug, Serialize, Schema)]
                    pub struct MappedList {
                        /// The list's API version and kind.
                        #[serde(flatten)]
                        pub type_meta: TypeMeta,
                        /// The list's metadata.
                        #[serde(default)]
                        pub metadata: ListMeta,
                        /// The objects.
                        pub items: Vec<Mapped>,
                    }
                }

                /// The feature as the status of a kind with the status subresource.
                #[derive(Debug, Serialize, Schema, Resource)]
                #[kapi(
                    group = $group,
                    version = "v1",
                    list = ReportedList,
                    status,
                    crd(storage, selectable_field = ".spec.name")
                )]
                pub struct Reported {
                    /// The object's API version and kind.
                    #[serde(flatten)]
                    pub type_meta: TypeMeta,
                    /// The object's metadata.
                    #[serde(default)]
                    pub metadata: ObjectMeta,
                    /// What is reported on.
                    pub spec: ReportedSpec,
                    /// The feature, as observed.
                    #[serde(default, skip_serializing_if = "Option::is_none")]
                    pub status: Option<Feature>,
                }

                /// What is reported on.
                #[derive(Debug, Serialize, Schema)]
                pub struct ReportedSpec {
                    /// Its name.
                    #[kapi(max_length = 63)]
                    pub name: String,
                }

                /// Reported objects.
                #[derive(Debug, Serialize, Schema)]
                pub struct ReportedList {
                    /// The list's API version and kind.
                    #[serde(flatten)]
                    pub type_meta: TypeMeta,
                    /// The list's metadata.
                    #[serde(default)]
                    pub metadata: ListMeta,
                    /// The objects.
                    pub items: Vec<Reported>,
                }

                /// Registers this feature's kinds.
                pub fn register(registry: &mut kapi::Registry) {
                    registry
                        .register_resource::<Required>()
                        .register_resource::<Optional>()
                        .register_resource::<Listed>()
                        .register_resource::<Grouped>()
                        .register_resource::<Atomic>()
                        .register_resource::<Mapped>()
                        .register_resource::<v1beta1::Mapped>()
                        .register_resource::<Reported>();
                }
            }
        )*

        /// Every kind of the corpus, with kapi-meta's shared kinds.
        pub fn registry() -> Registry {
            let mut registry = Registry::new();
            kapi_meta::register(&mut registry);
            $($module::register(&mut registry);)*
            registry
        }
    };
    (@kind $group:tt, $kind:ident, $list:ident, $spec:ident, $scope:tt, { $($field:tt)* }) => {
        /// A kind holding the feature.
        #[derive(Debug, Serialize, Schema, Resource)]
        #[kapi(
            group = $group,
            version = "v1",
            scope = $scope,
            list = $list,
            crd(storage)
        )]
        pub struct $kind {
            /// The object's API version and kind.
            #[serde(flatten)]
            pub type_meta: TypeMeta,
            /// The object's metadata.
            #[serde(default)]
            pub metadata: ObjectMeta,
            /// The feature's placement.
            pub spec: $spec,
        }

        /// The feature's placement.
        #[derive(Debug, Serialize, Schema)]
        pub struct $spec {
            $($field)*
        }

        /// Objects of the kind.
        #[derive(Debug, Serialize, Schema)]
        pub struct $list {
            /// The list's API version and kind.
            #[serde(flatten)]
            pub type_meta: TypeMeta,
            /// The list's metadata.
            #[serde(default)]
            pub metadata: ListMeta,
            /// The objects.
            pub items: Vec<$kind>,
        }
    };
}

corpus! {
    scalars: Scalars in "scalars.corpus.kapi.test";
    externally_tagged: ExternallyTagged in "externally-tagged.corpus.kapi.test";
    internally_tagged: InternallyTagged in "internally-tagged.corpus.kapi.test";
    adjacently_tagged: AdjacentlyTagged in "adjacently-tagged.corpus.kapi.test";
    untagged: Untagged in "untagged.corpus.kapi.test";
    external_newtypes: ExternalNewtypes in "external-newtypes.corpus.kapi.test";
    enums: Enums in "enums.corpus.kapi.test";
    shaped: Shaped in "shaped.corpus.kapi.test";
    newtypes: Newtypes in "newtypes.corpus.kapi.test";
    nested: Nested in "nested.corpus.kapi.test";
    options: Options in "options.corpus.kapi.test";
    numbers: Numbers in "numbers.corpus.kapi.test";
    int_or_strings: IntOrStrings in "int-or-strings.corpus.kapi.test";
    times: Times in "times.corpus.kapi.test";
    opaque: Opaque in "opaque.corpus.kapi.test";
    embedded: Embedded in "embedded.corpus.kapi.test";
    preserved: Preserved in "preserved.corpus.kapi.test";
    shared: Shared in "shared.corpus.kapi.test";
    nullables: Nullables in "nullables.corpus.kapi.test";
    lists: Lists in "lists.corpus.kapi.test";
    map_list: MapList in "map-list.corpus.kapi.test";
    maps: Maps in "maps.corpus.kapi.test";
    atomic_struct: AtomicStruct in "atomic-struct.corpus.kapi.test";
    union: Union in "union.corpus.kapi.test";
    defaults: Defaults in "defaults.corpus.kapi.test";
    rules: Rules in "rules.corpus.kapi.test";
    transitions: Transitions in "transitions.corpus.kapi.test";
    item_rules: ItemRules in "item-rules.corpus.kapi.test";
    collections: Collections in "collections.corpus.kapi.test";
    libraries: Libraries in "libraries.corpus.kapi.test";
}
