//! One page as Markdown: its kinds (how each is served, its versions, its fields and rules), then its other types.

use std::fmt::Write;

use kapi_model::Scope;

use super::text::{Place, anchor, code, href, page_path, text};
use crate::page::{Field, KindSection, KindVersion, Link, Page, Rule, TypePart, TypeSection, TypeText};

/// The page's Markdown file.
pub(super) fn page(page: &Page) -> String {
    let mut out = format!("# {}\n\n", text(&page.title, Place::Line));
    let _ = writeln!(out, "[API reference]({})\n", page_path(&page.id, "index"));
    for kind in &page.kinds {
        kind_section(&mut out, kind, &page.id);
    }
    if !page.types.is_empty() {
        out.push_str("## Types\n\n");
        for section in &page.types {
            let deprecated = if section.deprecated { " (deprecated)" } else { "" };
            let _ = writeln!(out, "### {}{}{deprecated}\n", anchor(&section.anchor), text(&section.name, Place::Line));
            type_body(&mut out, section, &page.id);
        }
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

fn kind_section(out: &mut String, kind: &KindSection, page: &str) {
    let deprecated = if kind.deprecated { " (deprecated)" } else { "" };
    let _ = writeln!(out, "## {}{}{deprecated}\n", anchor(&kind.body.anchor), text(&kind.kind, Place::Line));
    let scope = match kind.scope {
        Scope::Namespaced => "namespaced",
        Scope::Cluster => "cluster",
    };
    let mut facts = vec![
        format!("Scope: {scope}"),
        format!("Resource: {} (singular {})", code(&kind.plural, Place::Line), code(&kind.singular, Place::Line)),
    ];
    if !kind.short_names.is_empty() {
        facts.push(format!("Short names: {}", codes(&kind.short_names)));
    }
    if !kind.categories.is_empty() {
        facts.push(format!("Categories: {}", codes(&kind.categories)));
    }
    facts.push(format!("Verbs: {}", if kind.verbs.is_empty() { "none".to_owned() } else { codes(&kind.verbs) }));
    for subresource in &kind.subresources {
        facts.push(format!("Subresource {}: {}", code(&subresource.name, Place::Line), codes(&subresource.verbs)));
    }
    if let Some(list_kind) = &kind.list_kind {
        facts.push(format!("List kind: {}", code(list_kind, Place::Line)));
    }
    if kind.deprecated {
        let warning = kind.deprecation_warning.as_deref().map(|w| format!(": {}", text(w, Place::Line)));
        facts.push(format!("Deprecated{}", warning.unwrap_or_default()));
    }
    for fact in facts {
        let _ = writeln!(out, "- {fact}");
    }
    out.push('\n');
    if !kind.versions.is_empty() {
        out.push_str("Versions:\n\n");
        for version in &kind.versions {
            let _ = writeln!(out, "- {}", kind_version(version, page));
        }
        out.push('\n');
    }
    type_body(out, &kind.body, page);
}

/// One entry of a kind's versions: a link, and how that version's fields differ from this page's.
fn kind_version(version: &KindVersion, page: &str) -> String {
    let name = code(&version.version, Place::Line);
    if version.current {
        return format!("{name} (this page)");
    }
    let mut line = format!("[{name}]({})", href(page, &version.link));
    let mut differences = Vec::new();
    if !version.added.is_empty() {
        differences.push(format!("not in {name}: {}", codes(&version.added)));
    }
    if !version.removed.is_empty() {
        differences.push(format!("only in {name}: {}", codes(&version.removed)));
    }
    if differences.is_empty() {
        line.push_str(": same fields");
    } else {
        let _ = write!(line, ": {}", differences.join("; "));
    }
    line
}

/// A type's description, shape, constraints, fields and rules.
fn type_body(out: &mut String, section: &TypeSection, page: &str) {
    if let Some(description) = &section.description {
        let _ = writeln!(out, "{}\n", text(description, Place::Block));
    }
    if let Some(shape) = &section.shape {
        let _ = writeln!(out, "Type: {}\n", type_text(shape, page, Place::Line));
    }
    if !section.constraints.is_empty() {
        out.push_str("Constraints:\n\n");
        for constraint in &section.constraints {
            let _ = writeln!(out, "- {}", text(constraint, Place::Line));
        }
        out.push('\n');
    }
    if !section.fields.is_empty() {
        fields_table(out, &section.fields, page);
    }
    let field_rules = section.fields.iter().flat_map(|f| f.rules.iter().map(move |rule| (Some(f), rule)));
    let rules: Vec<(Option<&Field>, &Rule)> =
        section.rules.iter().map(|rule| (None, rule)).chain(field_rules).collect();
    if !rules.is_empty() {
        out.push_str("Validation rules:\n\n");
        for (field, rule) in rules {
            let on = field.map(|f| {
                let link = Link { page: page.to_owned(), anchor: f.anchor.clone() };
                format!("on [{}]({}): ", code(&f.name, Place::Line), href(page, &link))
            });
            let _ = writeln!(out, "- {}{}", on.unwrap_or_default(), rule_text(rule));
        }
        out.push('\n');
    }
}

fn fields_table(out: &mut String, fields: &[Field], page: &str) {
    out.push_str("| Field | Type | Required | Default | Constraints | Description |\n");
    out.push_str("| --- | --- | --- | --- | --- | --- |\n");
    for field in fields {
        let deprecated = if field.deprecated { " (deprecated)" } else { "" };
        let constraints: Vec<String> = field.constraints.iter().map(|c| text(c, Place::Cell)).collect();
        let _ = writeln!(
            out,
            "| {}{}{deprecated} | {} | {} | {} | {} | {} |",
            anchor(&field.anchor),
            code(&field.name, Place::Cell),
            type_text(&field.type_text, page, Place::Cell),
            if field.required { "yes" } else { "no" },
            field.default.as_deref().map(|d| code(d, Place::Cell)).unwrap_or_default(),
            constraints.join("<br>"),
            field.description.as_deref().map(|d| text(d, Place::Cell)).unwrap_or_default(),
        );
    }
    out.push('\n');
}

/// A type in code, each named type a link to its section: `` `[]`[`Container`](../core/v1.md#Container) ``.
fn type_text(type_text: &TypeText, page: &str, place: Place) -> String {
    let mut out = String::new();
    // Adjacent texts are one span: two spans side by side would read as one longer fence.
    let mut pending = String::new();
    for part in &type_text.parts {
        match part {
            TypePart::Text(text) => pending.push_str(text),
            TypePart::Link { text, link } => {
                if !pending.is_empty() {
                    out.push_str(&code(&std::mem::take(&mut pending), place));
                }
                let _ = write!(out, "[{}]({})", code(text, place), href(page, link));
            }
        }
    }
    if !pending.is_empty() {
        out.push_str(&code(&pending, place));
    }
    out
}

/// A rule in code, then what a violation reports.
fn rule_text(rule: &Rule) -> String {
    let mut parts = vec![code(&rule.rule, Place::Line)];
    if let Some(message) = &rule.message {
        parts.push(format!("message: {}", text(message, Place::Line)));
    }
    if let Some(expression) = &rule.message_expression {
        parts.push(format!("message expression: {}", code(expression, Place::Line)));
    }
    if let Some(path) = &rule.field_path {
        parts.push(format!("field path: {}", code(path, Place::Line)));
    }
    if let Some(reason) = &rule.reason {
        parts.push(format!("reason: {}", code(reason, Place::Line)));
    }
    parts.join("; ")
}

/// Names as a comma-separated list of code spans.
fn codes(names: &[String]) -> String {
    names.iter().map(|name| code(name, Place::Line)).collect::<Vec<_>>().join(", ")
}
