//! Each definition's schema rendered once for a dialect, as canonical text at the depth where documents hold it,
//! for every document that holds it ([`Piece::Rendered`]).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use kapi_model::{DefName, SchemaNode};
use serde_json::Value;

use crate::infra::definitions::Definitions;
use crate::infra::pieces::{Piece, render_at};
use crate::infra::render::{Dialect, Renderer};

/// What a document adds to a definition's rendered schema (the CRD documents' kinds of shared types).
pub(crate) type Finish<'c> = Box<dyn Fn(&DefName, &mut Value) + Send + Sync + 'c>;

/// The definitions of one generation rendered for one dialect, each when first asked for.
pub(crate) struct RenderedSchemas<'c> {
    dialect: &'static Dialect,
    /// The depth documents hold the definitions at.
    at: usize,
    finish: Option<Finish<'c>>,
    /// Each definition's schema, and its text once rendered.
    rendered: BTreeMap<&'c DefName, (&'c SchemaNode, OnceLock<Box<str>>)>,
}

impl<'c> RenderedSchemas<'c> {
    /// `definitions` rendered for `dialect`, to be held at depth `at` (`components.schemas.X` of an OpenAPI
    /// document is at 3).
    pub fn new(definitions: Definitions<'c>, dialect: &'static Dialect, at: usize) -> Self {
        let rendered = definitions.iter().map(|(name, schema)| (name, (schema, OnceLock::new()))).collect();
        Self { dialect, at, finish: None, rendered }
    }

    /// Rendered, then given to `finish` before they are written.
    pub fn finished_by(mut self, finish: Finish<'c>) -> Self {
        self.finish = Some(finish);
        self
    }

    /// The schema of `name` as a piece of a document; `None` for a definition the generation does not have.
    pub fn get(&self, name: &DefName) -> Option<Piece<'_>> {
        let (name, (schema, slot)) = self.rendered.get_key_value(name)?;
        let text = slot.get_or_init(|| {
            let mut value = Renderer::new(self.dialect).schema(schema);
            if let Some(finish) = &self.finish {
                finish(name, &mut value);
            }
            render_at(&value, self.at)
        });
        Some(Piece::Rendered { text, at: self.at })
    }
}

impl std::fmt::Debug for RenderedSchemas<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RenderedSchemas").field("definitions", &self.rendered.len()).finish_non_exhaustive()
    }
}
