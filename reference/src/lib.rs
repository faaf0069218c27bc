//! The API reference: what a person reads to learn an API, built from the same model every other artifact is.
//!
//! [`build`] turns a [`kapi_model::Registry`] into a [`Reference`]: an index of groups and versions, one page per
//! group-version with a section per kind, and the nested types each page explains. Each definition is explained on
//! exactly one page (its home) and linked from everywhere else. [`markdown`](mod@markdown) writes the reference as
//! Markdown files (`generated/docs/`); [`html`](mod@html) writes it as a static site that `kapi serve` answers at
//! `/docs/`.

mod build;
#[cfg(test)]
mod fixtures;
pub mod html;
pub mod markdown;
pub mod page;
mod search;

pub use build::{build, stability_word};
pub use html::{Asset, Logo, Site, html};
pub use markdown::markdown;
pub use page::{
    Field, GroupEntry, KindSection, KindVersion, Link, Page, Reference, Rule, SearchEntry, Subresource, TypePart,
    TypeSection, TypeText, VersionEntry,
};
