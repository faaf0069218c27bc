//! Profiles: the named settings a generation runs with (which conventions, which meta definitions, which passes).

use kapi_model::DefName;

use crate::infra::passes::SchemaPass;

/// A dialect of the generated documents: settings plus an ordered list of schema passes.
///
/// Adding a dialect means adding a constructor here, not forking an emitter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    /// A short name for messages (`kubernetes`, `openapi30`).
    pub name: String,
    /// The `openapi` field of v3 documents.
    pub openapi_version: String,
    /// The `info` object of every OpenAPI document.
    pub info: Info,
    /// The API-key scheme declared as `BearerToken`, or none.
    pub bearer_token: Option<ApiKeyScheme>,
    /// Passes applied in order to every definition, after those its conventions ask for
    /// ([`SchemaPass::for_conventions`]), before any dialect renders it.
    pub passes: Vec<SchemaPass>,
    /// The definitions operations refer to, by name.
    pub meta: MetaDefinitions,
    /// The `schemes` written on swagger 2.0 operations.
    pub swagger_schemes: Vec<String>,
}

/// The `info` object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    pub title: String,
    pub version: String,
}

/// A header API-key security scheme (Kubernetes' `BearerToken`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiKeyScheme {
    /// The scheme's name in `securitySchemes` / `securityDefinitions`.
    pub name: String,
    /// The header carrying the key.
    pub header: String,
    /// What the scheme is, for readers.
    pub description: String,
}

/// A role a meta definition plays in operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MetaRole {
    /// The discovery response of a group-version.
    ApiResourceList,
    /// The body of delete and deletecollection.
    DeleteOptions,
    /// The body of patch.
    Patch,
    /// What delete and deletecollection return.
    Status,
    /// What watch streams carry.
    WatchEvent,
}

impl MetaRole {
    /// Words for messages.
    pub fn describe(self) -> &'static str {
        match self {
            Self::ApiResourceList => "api resource list",
            Self::DeleteOptions => "delete options",
            Self::Patch => "patch",
            Self::Status => "status",
            Self::WatchEvent => "watch event",
        }
    }
}

/// Names of the definitions operations refer to; they must be in the registry when an operation uses them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetaDefinitions {
    pub api_resource_list: DefName,
    pub delete_options: DefName,
    pub patch: DefName,
    pub status: DefName,
    pub watch_event: DefName,
}

impl MetaDefinitions {
    /// apimachinery's `meta/v1` names.
    pub fn kubernetes() -> Self {
        let meta = |kind: &str| DefName::new(format!("io.k8s.apimachinery.pkg.apis.meta.v1.{kind}"));
        Self {
            api_resource_list: meta("APIResourceList"),
            delete_options: meta("DeleteOptions"),
            patch: meta("Patch"),
            status: meta("Status"),
            watch_event: meta("WatchEvent"),
        }
    }

    /// The name playing `role`.
    pub fn get(&self, role: MetaRole) -> &DefName {
        match role {
            MetaRole::ApiResourceList => &self.api_resource_list,
            MetaRole::DeleteOptions => &self.delete_options,
            MetaRole::Patch => &self.patch,
            MetaRole::Status => &self.status,
            MetaRole::WatchEvent => &self.watch_event,
        }
    }
}

impl Profile {
    /// Documents as a Kubernetes 1.32 API server publishes them: its `info`, `BearerToken`, meta definitions and
    /// group-version-kinds on definitions. Which schemas follow Kubernetes' own schema conventions (zero values as
    /// defaults, no enums) is chosen per group-version ([`kapi_model::Conventions`]), not here.
    pub fn kubernetes() -> Self {
        Self {
            name: "kubernetes".to_owned(),
            openapi_version: "3.0.0".to_owned(),
            info: Info { title: "Kubernetes".to_owned(), version: "unversioned".to_owned() },
            bearer_token: Some(ApiKeyScheme {
                name: "BearerToken".to_owned(),
                header: "authorization".to_owned(),
                description: "A bearer token sent in the Authorization header.".to_owned(),
            }),
            passes: vec![SchemaPass::GroupVersionKinds],
            meta: MetaDefinitions::kubernetes(),
            swagger_schemes: vec!["https".to_owned()],
        }
    }

    /// True when the profile runs `pass`.
    pub fn runs(&self, pass: SchemaPass) -> bool {
        self.passes.contains(&pass)
    }
}

impl Default for Profile {
    fn default() -> Self {
        Self::kubernetes()
    }
}
