//! The API reference site served at `/docs/`: an index of groups and a page per group-version, built from the
//! bundle's `model.json` by `kapi-reference` when a bundle is stored ([`attach`]).

mod handlers;
mod options;
mod site;

use std::sync::{Arc, Mutex, PoisonError};

use axum::Router;
use axum::routing::get;
pub use kapi_reference::Logo;
use kapi_serve::{Bundle, Derive, Handle, Mount};

pub use options::DocsOptions;
use site::Docs;

/// The options of the sites built from now on.
#[derive(Debug)]
struct Settings(Mutex<DocsOptions>);

impl Settings {
    fn get(&self) -> DocsOptions {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }
}

/// Serves the reference site of `handle`'s bundles at `/docs/` as `options` say, from the bundle serving now on.
/// Returns false, changing nothing, when the site is attached already ([`configure`] changes its options).
pub fn attach(handle: &Handle, options: DocsOptions) -> bool {
    let (settings, attached) = handle.attach_with(|| Settings(Mutex::new(options)));
    if !attached {
        return false;
    }
    handle.derive(DeriveSite { settings });
    let routes = Router::new()
        .route("/docs", get(handlers::redirect))
        .route("/docs/", get(handlers::page))
        .route("/docs/{*path}", get(handlers::page));
    handle.mount(Mount::new("docs", routes));
    true
}

/// Builds the sites of bundles stored from now on with `options` (a site built with the same model and options
/// is kept); false when the site is not attached.
pub fn configure(handle: &Handle, options: DocsOptions) -> bool {
    let Some(settings) = handle.attached::<Settings>() else { return false };
    *settings.0.lock().unwrap_or_else(PoisonError::into_inner) = options;
    true
}

struct DeriveSite {
    settings: Arc<Settings>,
}

impl Derive for DeriveSite {
    /// Shared, so a reload with the same model keeps the site with the pages it rendered since.
    type Part = Arc<Docs>;

    fn derive(&self, bundle: &Bundle, previous: Option<&Bundle>, warnings: &mut Vec<String>) -> Option<Arc<Docs>> {
        let previous = previous.and_then(|p| p.part::<Arc<Docs>>());
        Docs::build(bundle.files(), &self.settings.get(), previous.as_deref(), warnings)
    }
}
