//! Rules for open and closed enums: `open` only on enums serde writes as strings, and a field either closed
//! (`enum_values`) or open (`known_values`), never both.

use kapi_model::Keyword;

use super::ast::{Container, Data, Style, Variant};
use super::attr::keywords::Keywords;
use super::ctxt::Ctxt;

/// Runs every open/closed enum rule on a `#[derive(Schema)]` input.
pub fn check_enums(cx: &Ctxt, cont: &Container) {
    check_open_on_string_enum(cx, cont);
    check_open_or_closed(cx, &cont.attrs.keywords);
    for field in cont.all_fields() {
        check_open_or_closed(cx, &field.attrs.keywords);
    }
}

/// True when serde writes the enum as a bare string: every variant it writes is a unit, and it is externally tagged.
pub fn is_string_enum(cont: &Container, variants: &[Variant]) -> bool {
    let live = variants.iter().filter(|v| !v.serde.skip);
    live.into_iter().all(|v| v.style == Style::Unit) && !cont.serde.untagged && cont.serde.tag.is_none()
}

/// True when the enum's list of values may grow: marked `open`, or holding a `#[serde(other)]` catch-all, which
/// already accepts values the list does not name.
pub fn is_open(cont: &Container, variants: &[Variant]) -> bool {
    cont.attrs.open.get().is_some() || variants.iter().any(|v| v.serde.other)
}

/// Only a string enum has values to leave open; on a struct or an enum of objects the flag would say nothing.
fn check_open_on_string_enum(cx: &Ctxt, cont: &Container) {
    if cont.attrs.open.get().is_none() {
        return;
    }
    let string_enum = match &cont.data {
        Data::Enum(variants) => is_string_enum(cont, variants),
        Data::Struct(..) => false,
    };
    if !string_enum {
        cx.error_spanned_by(
            cont.attrs.open.tokens(),
            "`open` applies only to enums of unit variants, which serde writes as strings",
        );
    }
}

/// A closed enum rejects values it does not list and an open one accepts them: both at once contradict each other.
fn check_open_or_closed(cx: &Ctxt, keywords: &Keywords) {
    if let (Some(_), Some(open)) = (keywords.tokens(Keyword::Enum), keywords.tokens(Keyword::KnownValues)) {
        cx.error_spanned_by(
            open,
            "`known_values` (an open enum) and `enum_values` (a closed enum) cannot both be set; choose one",
        );
    }
}
