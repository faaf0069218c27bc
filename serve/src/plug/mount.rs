//! Routes a feature mounts.

use axum::Router;

/// Routes a feature serves, counted in the request metrics under `class`; `S` is the router's state, the
/// [`Handle`](crate::Handle) they are mounted on.
///
/// They are merged into [`crate::router`] beside the core's endpoints (a route of the core and of a feature
/// cannot share a path); requests they do not match fall through to the core's documents, or 404.
#[derive(Debug)]
pub struct Mount<S> {
    pub(crate) class: &'static str,
    pub(crate) routes: Router<S>,
    pub(crate) posts: Vec<&'static str>,
}

impl<S> Mount<S> {
    /// `routes`, whose requests are counted with the label `class="<class>"`.
    pub fn new(class: &'static str, routes: Router<S>) -> Self {
        Self { class, routes, posts: Vec::new() }
    }

    /// Lets `POST` through to `path` (every other path is read-only: other methods are refused before routing).
    pub fn accepting_posts_at(mut self, path: &'static str) -> Self {
        self.posts.push(path);
        self
    }
}
