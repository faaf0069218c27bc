//! Type checking of rules as the API server compiles them (Kubernetes 1.32): every expression is typed from the
//! schema and the declarations of the server's CEL environment, the way cel-go's checker does, then the literal
//! arguments the server validates are checked, and the result must be a `bool` (a `string` for a
//! `messageExpression`). Errors are worded as the server words them.
//!
//! - [`schema_types`]: the types of `self` and `oldSelf` from the schema.
//! - [`decls`]: the functions and overloads the server declares.
//! - [`types`]: types, assignability and type parameters.
//! - [`walk`]: the walk over the expression.
//! - [`literals`]: regex, duration and timestamp literals.
//! - [`issues`]: the errors' text.

pub(crate) mod decls;
mod folding;
mod format_strings;
mod issues;
mod literals;
mod schema_types;
mod types;
mod walk;

use std::collections::HashMap;
use std::sync::Arc;

use cel::Program;
use cel::common::ast::{EntryExpr, Expr, IdedExpr, LiteralValue, SourceInfo};

use crate::program::{OLD_SELF, SELF, written};
use crate::schema::Schema;
use issues::Issue;
pub(crate) use schema_types::SELF_TYPE_NAME;
use schema_types::decl_type;
pub(crate) use types::{OPTIONAL, Type};
use walk::Walk;

/// Which expression of a rule entry is checked, and so what it must evaluate to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Checked {
    /// `rule`: a bool.
    Rule,
    /// `messageExpression`: a string.
    MessageExpression,
}

/// Where a rule sits: the schema node that types `self`, and how `oldSelf` is declared.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Site<'s> {
    pub schema: Schema<'s>,
    /// Whether the node is the root of a resource (the CRD's root or an embedded resource).
    pub resource_root: bool,
    /// `optionalOldSelf: true`: `oldSelf` is an `optional_type` of the node's type.
    pub optional_old_self: bool,
}

/// Whether the server can type `self` at `site`: a node with no type (`x-kubernetes-preserve-unknown-fields` alone)
/// cannot carry rules.
pub(crate) fn types_self(site: Site<'_>) -> bool {
    decl_type(site.schema, SELF_TYPE_NAME, site.resource_root).is_some()
}

/// A rule that type-checks: its parsed program and the type of every expression in it, by id.
#[derive(Debug)]
pub(crate) struct Typed<'s> {
    pub program: Arc<Program>,
    pub types: HashMap<u64, Type<'s>>,
}

/// Type-checks `source` (which parses: syntax errors are reported before this) at `site`; the server's message when
/// it refuses the expression.
pub(crate) fn check<'s>(source: &str, site: Site<'s>, checked: Checked) -> Result<Typed<'s>, String> {
    // The standard parse (macros and `optMap`/`optFlatMap` expanded, source positions kept) is what the checker
    // needs.
    let program = written(source).map_err(|error| format!("syntax error: {error}"))?;
    let info = program.source_info();
    let self_type = decl_type(site.schema, SELF_TYPE_NAME, site.resource_root).unwrap_or(Type::Dyn);
    let old_self_type = if site.optional_old_self { Type::optional(self_type.clone()) } else { self_type.clone() };
    let variables = vec![(SELF.to_owned(), self_type), (OLD_SELF.to_owned(), old_self_type)];
    let mut walk = Walk::new(info, variables);
    let result = walk.check(program.expression());
    if walk.issues.is_empty() {
        let found = validate_literals(program.expression(), info, &walk);
        walk.issues.extend(found);
    }
    let prefix = match checked {
        Checked::Rule => "",
        Checked::MessageExpression => "messageExpression ",
    };
    if !walk.issues.is_empty() {
        return Err(format!("{prefix}compilation failed: {}", issues::display(&mut walk.issues, source)));
    }
    match (checked, walk.resolved(&result)) {
        (Checked::Rule, Type::Bool) | (Checked::MessageExpression, Type::String) => {}
        (Checked::Rule, _) => return Err("cel expression must evaluate to a bool".to_owned()),
        (Checked::MessageExpression, _) => return Err("messageExpression must evaluate to a string".to_owned()),
    }
    let instantiation = if checked == Checked::Rule { "program" } else { "messageExpression" };
    if let Some(name) = walk.undefined_type {
        return Err(format!("{instantiation} instantiation failed: reference to undefined type: {name}"));
    }
    // Building the program compiles the constant patterns the validators leave alone.
    if let Some(error) = constant_pattern_error(program.expression()) {
        return Err(format!("{instantiation} instantiation failed: error parsing regexp: {error}"));
    }
    if let Some(error) = folding::constant_conversion_error(program.expression()) {
        return Err(format!("{instantiation} instantiation failed: {error}"));
    }
    let types = walk.types.iter().map(|(id, ty)| (*id, walk.resolved(ty))).collect();
    Ok(Typed { program, types })
}

/// The first constant pattern the server compiles when it builds the program (the global `matches`'s second
/// argument, `find`'s and `findAll`'s first) that Go's `regexp` refuses, with why.
fn constant_pattern_error(expression: &IdedExpr) -> Option<String> {
    let mut first = None;
    visit(expression, false, &mut |node, _| {
        let Expr::Call(call) = &node.expr else { return };
        let pattern = match (call.func_name.as_str(), &call.target) {
            ("matches", None) => call.args.get(1),
            ("find" | "findAll", Some(_)) => call.args.first(),
            _ => None,
        };
        if let Some(Expr::Literal(LiteralValue::String(pattern))) = pattern.map(|p| &p.expr)
            && first.is_none()
        {
            first = literals::regex_error(pattern.inner());
        }
    });
    first
}

/// The validators the server runs on a rule that type-checks: literal patterns, durations and timestamps must be
/// valid, and list and map literals must not mix types (outside `format`'s arguments).
fn validate_literals(expression: &IdedExpr, info: &SourceInfo, walk: &Walk<'_, '_>) -> Vec<Issue> {
    let mut found = Vec::new();
    let resolved: HashMap<u64, Type<'_>> = walk.types.iter().map(|(id, ty)| (*id, walk.resolved(ty))).collect();
    visit(expression, false, &mut |node, in_format| {
        match &node.expr {
            Expr::Call(call) => {
                if call.func_name == "format" && call.target.is_some() {
                    found.extend(format_strings::check(node.id, call, &resolved, info));
                }
                // The first argument, when it is a literal; converting one that is not a string fails but for
                // seconds since the epoch.
                let Some(Expr::Literal(literal)) = call.args.first().map(|arg| &arg.expr) else { return };
                let global = call.target.is_none();
                let valid = match (call.func_name.as_str(), literal) {
                    ("matches", LiteralValue::String(pattern)) => literals::valid_regex(pattern.inner()),
                    ("duration", LiteralValue::String(text)) if global => literals::valid_duration(text.inner()),
                    ("duration", _) if global => false,
                    ("timestamp", LiteralValue::String(text)) if global => literals::valid_timestamp(text.inner()),
                    ("timestamp", LiteralValue::Int(seconds)) if global => {
                        literals::valid_timestamp_seconds(*seconds.inner())
                    }
                    _ => true,
                };
                if !valid {
                    let message = format!("invalid {} argument", call.func_name);
                    found.push(Issue::at_expression(&call.args[0], info, message));
                }
            }
            Expr::List(list) if !in_format => {
                let mut first: Option<Type<'_>> = None;
                for (index, element) in list.elements.iter().enumerate() {
                    let mut ty = walk.types.get(&element.id).map_or(Type::Dyn, |t| walk.resolved(t));
                    if list.optional_indices.contains(&index) {
                        ty = ty.unwrap_optional().cloned().unwrap_or(ty);
                    }
                    match &first {
                        None => first = Some(ty),
                        Some(expected) if !expected.is_exact(&ty) => {
                            found.push(mismatch(element, info, expected, &ty));
                            break;
                        }
                        Some(_) => {}
                    }
                }
            }
            Expr::Map(map) if !in_format => {
                let mut first: Option<(Type<'_>, Type<'_>)> = None;
                for entry in &map.entries {
                    let EntryExpr::MapEntry(entry) = &entry.expr else { continue };
                    let key = walk.types.get(&entry.key.id).map_or(Type::Dyn, |t| walk.resolved(t));
                    let mut value = walk.types.get(&entry.value.id).map_or(Type::Dyn, |t| walk.resolved(t));
                    if entry.optional {
                        value = value.unwrap_optional().cloned().unwrap_or(value);
                    }
                    let Some((expected_key, expected_value)) = &first else {
                        first = Some((key, value));
                        continue;
                    };
                    if !expected_key.is_exact(&key) {
                        found.push(mismatch(&entry.key, info, expected_key, &key));
                    }
                    if !expected_value.is_exact(&value) {
                        found.push(mismatch(&entry.value, info, expected_value, &value));
                    }
                }
            }
            _ => {}
        }
    });
    found
}

fn mismatch(expression: &IdedExpr, info: &SourceInfo, expected: &Type<'_>, found: &Type<'_>) -> Issue {
    Issue::at_expression(expression, info, format!("expected type '{expected}' but found '{found}'"))
}

/// Every expression under `expression`, with whether it sits inside a `format` call's arguments.
fn visit(expression: &IdedExpr, in_format: bool, f: &mut impl FnMut(&IdedExpr, bool)) {
    f(expression, in_format);
    match &expression.expr {
        Expr::Call(call) => {
            let inside = in_format || call.func_name == "format";
            if let Some(target) = &call.target {
                visit(target, in_format, f);
            }
            for arg in &call.args {
                visit(arg, inside, f);
            }
        }
        Expr::Select(select) => visit(&select.operand, in_format, f),
        Expr::List(list) => list.elements.iter().for_each(|e| visit(e, in_format, f)),
        Expr::Map(map) => {
            for entry in &map.entries {
                if let EntryExpr::MapEntry(entry) = &entry.expr {
                    visit(&entry.key, in_format, f);
                    visit(&entry.value, in_format, f);
                }
            }
        }
        Expr::Struct(message) => {
            for entry in &message.entries {
                if let EntryExpr::StructField(field) = &entry.expr {
                    visit(&field.value, in_format, f);
                }
            }
        }
        Expr::Comprehension(c) => {
            for part in [&c.iter_range, &c.accu_init, &c.loop_cond, &c.loop_step, &c.result] {
                visit(part, in_format, f);
            }
        }
        Expr::Ident(_) | Expr::Literal(_) | Expr::Unspecified => {}
    }
}

#[cfg(test)]
mod tests;
