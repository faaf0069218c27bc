//! The reader's view of a model: pages, kinds, types and fields, with every fact already worded.
//!
//! Text fields are plain text in which a span between backticks is code; each renderer escapes the text for its
//! format and turns those spans into its own code markup.

use kapi_model::version_priority::Stability;
use kapi_model::{GroupVersion, Scope};

/// The whole reference.
#[derive(Debug, Clone, PartialEq)]
pub struct Reference {
    /// Groups in discovery order: higher priority first, then by name.
    pub groups: Vec<GroupEntry>,
    /// One page per served group-version, in the order of [`Reference::groups`], then the page of shared types
    /// (when any definition has no group-version page of its own).
    pub pages: Vec<Page>,
}

/// A group and its versions, as the index lists them.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupEntry {
    /// The group's name; empty for the core group.
    pub name: String,
    /// The name shown to readers: `core` for the core group.
    pub title: String,
    /// Discovery priority (higher first); `None` for the core group, which discovery lists apart and first.
    pub priority: Option<u32>,
    /// Versions, most preferred first.
    pub versions: Vec<VersionEntry>,
}

/// One version of a group.
#[derive(Debug, Clone, PartialEq)]
pub struct VersionEntry {
    pub version: String,
    /// What the version's name declares; `None` for names outside `v<major>[(alpha|beta)<minor>]`.
    pub stability: Option<Stability>,
    /// Every kind of the version is deprecated.
    pub deprecated: bool,
    /// The group's preferred version (the first listed).
    pub preferred: bool,
    /// The page explaining it.
    pub page: String,
    /// Its kinds, in page order.
    pub kinds: Vec<String>,
}

/// One page: a group-version's kinds and the types they use that have no other home, or the shared types.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// A relative path without extension, unique among pages: `core/v1`, `apps/v1`, `stable.example.com/v1`,
    /// `common`. Markdown writes `<id>.md`; the HTML site answers at `<id>`.
    pub id: String,
    /// `apps/v1`, `core/v1`, or `Shared types`.
    pub title: String,
    /// The group-version the page explains; `None` for the page of shared types.
    pub group_version: Option<GroupVersion>,
    /// The group-version's kinds, in name order.
    pub kinds: Vec<KindSection>,
    /// The other definitions whose home this page is, in name order.
    pub types: Vec<TypeSection>,
}

/// A kind: how it is served, then its own type.
#[derive(Debug, Clone, PartialEq)]
pub struct KindSection {
    pub kind: String,
    pub plural: String,
    pub singular: String,
    pub scope: Scope,
    pub short_names: Vec<String>,
    pub categories: Vec<String>,
    /// Verbs on the collection and objects.
    pub verbs: Vec<String>,
    pub subresources: Vec<Subresource>,
    /// The list kind (`DeploymentList`).
    pub list_kind: Option<String>,
    /// The version is deprecated for this kind; `deprecation_warning` is what clients are told.
    pub deprecated: bool,
    pub deprecation_warning: Option<String>,
    /// The kind's definition; its anchor is the kind's name.
    pub body: TypeSection,
    /// Every version of the group serving this kind, most preferred first, this page's version included (with
    /// `current` set and no differences). Empty when the group has only this version of the kind.
    pub versions: Vec<KindVersion>,
}

/// A subresource (`status`, `scale`) and its verbs.
#[derive(Debug, Clone, PartialEq)]
pub struct Subresource {
    pub name: String,
    pub verbs: Vec<String>,
}

/// How the kind in another version of the group differs from this page's.
#[derive(Debug, Clone, PartialEq)]
pub struct KindVersion {
    pub version: String,
    /// The kind's section in that version.
    pub link: Link,
    /// This page's version.
    pub current: bool,
    /// Field paths (`spec.retention.days`) this page's version has and that version lacks, sorted.
    pub added: Vec<String>,
    /// Field paths that version has and this page's version lacks, sorted.
    pub removed: Vec<String>,
}

/// A definition: its description, fields and rules.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeSection {
    /// The name shown (the definition's short name: `DeploymentSpec`).
    pub name: String,
    /// The definition's full name (`io.k8s.api.apps.v1.DeploymentSpec`).
    pub definition: String,
    /// The element id on its page: the short name, or the full name when two definitions on one page share a
    /// short name. A kind's body uses the kind's name.
    pub anchor: String,
    pub description: Option<String>,
    /// What the type is when it is not an object with fields (`string (int-or-string)`); `None` for objects.
    pub shape: Option<TypeText>,
    /// Constraints on the type as a whole (bounds, enum values, map type), worded.
    pub constraints: Vec<String>,
    /// Its properties in name order; an inline object's properties follow it with dotted names, and the properties
    /// of inline `oneOf`/`anyOf` variants come last, each saying which variant it belongs to.
    pub fields: Vec<Field>,
    /// CEL rules on the type as a whole.
    pub rules: Vec<Rule>,
    pub deprecated: bool,
}

/// One property of a type.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// The property name; `parent.child` for a property of an inline object.
    pub name: String,
    /// The element id: `<type anchor>.<name>` (`DeploymentSpec.replicas`).
    pub anchor: String,
    pub type_text: TypeText,
    pub required: bool,
    /// The explicit default, as compact JSON.
    pub default: Option<String>,
    /// Bounds, pattern, format, enum or known values, list and map semantics, read-only, worded.
    pub constraints: Vec<String>,
    pub description: Option<String>,
    /// CEL rules on the field's value.
    pub rules: Vec<Rule>,
    pub deprecated: bool,
}

/// A CEL validation rule and what a violation says.
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    pub rule: String,
    pub message: Option<String>,
    pub message_expression: Option<String>,
    pub field_path: Option<String>,
    pub reason: Option<String>,
}

/// A type as readers see it: text with links to the types it names (`[]` `Container`, `map[string]string`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TypeText {
    pub parts: Vec<TypePart>,
}

/// A piece of a [`TypeText`].
#[derive(Debug, Clone, PartialEq)]
pub enum TypePart {
    Text(String),
    /// A named type, linked to its section.
    Link {
        text: String,
        link: Link,
    },
}

impl TypeText {
    /// The text without links (`[]Container`).
    pub fn plain(&self) -> String {
        self.parts
            .iter()
            .map(|part| match part {
                TypePart::Text(text) | TypePart::Link { text, .. } => text.as_str(),
            })
            .collect()
    }
}

/// A place in the reference: a page and an element id on it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Link {
    pub page: String,
    pub anchor: String,
}

/// One entry of the search index: a kind, or a field path from a kind (`Deployment.spec.replicas`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct SearchEntry {
    /// What is searched and shown: `Deployment`, `Deployment.spec.replicas`.
    pub label: String,
    /// The group-version it belongs to (`apps/v1`), shown beside the label.
    pub group_version: String,
    pub link: Link,
}

impl Reference {
    /// The page with `id`.
    pub fn page(&self, id: &str) -> Option<&Page> {
        self.pages.iter().find(|page| page.id == id)
    }
}
