//! The walk over a parsed rule that types every expression as cel-go's checker does (`checker/checker.go`):
//! variables and type names, field selection through the schema's types, overload resolution with type parameters,
//! comprehensions (the expanded macros), aggregate literals that must be homogeneous.

use std::collections::HashMap;

use cel::common::ast::{CallExpr, ComprehensionExpr, EntryExpr, Expr, IdedExpr, LiteralValue, SelectExpr, SourceInfo};

use super::decls::{self, Overload};
use super::issues::Issue;
use super::types::{Mapping, Type, most_general};

/// The state of one check.
pub(crate) struct Walk<'a, 's> {
    info: &'a SourceInfo,
    /// Variables in scope, innermost last: `self`, `oldSelf`, then comprehension variables.
    scope: Vec<(String, Type<'s>)>,
    mapping: Mapping<'s>,
    fresh: usize,
    pub issues: Vec<Issue>,
    /// The type found for every expression, by id (before the final substitution).
    pub types: HashMap<u64, Type<'s>>,
    /// The first type name read as a value that the server's program cannot resolve (`duration`, `timestamp`: its
    /// type provider does not know them by these names).
    pub undefined_type: Option<&'static str>,
}

impl<'a, 's> Walk<'a, 's> {
    pub fn new(info: &'a SourceInfo, variables: Vec<(String, Type<'s>)>) -> Self {
        Walk {
            info,
            scope: variables,
            mapping: Mapping::default(),
            fresh: 0,
            issues: Vec::new(),
            types: HashMap::new(),
            undefined_type: None,
        }
    }

    /// A type with every bound parameter replaced, unbound ones by `dyn`: what the server reports as the type.
    pub fn resolved(&self, ty: &Type<'s>) -> Type<'s> {
        self.mapping.substitute(ty, true)
    }

    fn error(&mut self, id: u64, message: String) {
        self.issues.push(Issue::at(id, self.info, message));
    }

    fn type_mismatch(&mut self, id: u64, expected: &Type<'s>, found: &Type<'s>) {
        self.error(id, format!("expected type '{expected}' but found '{found}'"));
    }

    fn fresh_param(&mut self) -> Type<'s> {
        let param = Type::Param(format!("_var{}", self.fresh));
        self.fresh += 1;
        param
    }

    fn assert_type(&mut self, expression: &IdedExpr, found: &Type<'s>, expected: &Type<'s>) {
        if !self.mapping.assign(expected, found) {
            let (expected, found) = (expected.clone(), found.clone());
            self.type_mismatch(expression.id, &expected, &found);
        }
    }

    pub fn check(&mut self, expression: &IdedExpr) -> Type<'s> {
        let ty = match &expression.expr {
            Expr::Literal(literal) => literal_type(literal),
            Expr::Ident(name) => self.ident(expression.id, name),
            Expr::Select(select) => self.select(expression.id, select),
            Expr::Call(call) => self.call(expression.id, call),
            Expr::List(list) => {
                let mut element: Option<Type<'s>> = None;
                for (index, item) in list.elements.iter().enumerate() {
                    let mut ty = self.check(item);
                    if list.optional_indices.contains(&index) {
                        ty = self.unwrap_optional_entry(item.id, ty);
                    }
                    element = Some(self.join(element, ty));
                }
                let element = element.unwrap_or_else(|| self.fresh_param());
                Type::list(element)
            }
            Expr::Map(map) => {
                let (mut key_type, mut value_type) = (None, None);
                for entry in &map.entries {
                    let EntryExpr::MapEntry(entry) = &entry.expr else { continue };
                    let key = self.check(&entry.key);
                    key_type = Some(self.join(key_type, key));
                    let mut value = self.check(&entry.value);
                    if entry.optional {
                        value = self.unwrap_optional_entry(entry.value.id, value);
                    }
                    value_type = Some(self.join(value_type, value));
                }
                match (key_type, value_type) {
                    (Some(key), Some(value)) => Type::map(key, value),
                    _ => {
                        let key = self.fresh_param();
                        Type::map(key, self.fresh_param())
                    }
                }
            }
            Expr::Struct(message) => {
                for entry in &message.entries {
                    if let EntryExpr::StructField(field) = &entry.expr {
                        self.check(&field.value);
                    }
                }
                self.error(expression.id, undeclared(&message.type_name));
                Type::Error
            }
            Expr::Comprehension(comprehension) => match self.expanded_from_exists_one(expression.id) {
                true => self.exists_one(expression.id, comprehension),
                false => self.comprehension(comprehension),
            },
            Expr::Unspecified => Type::Error,
        };
        self.types.insert(expression.id, ty.clone());
        ty
    }

    /// An optional entry of a list or map literal (`[?x]`, `{?k: v}`) adds the optional's value.
    fn unwrap_optional_entry(&mut self, id: u64, ty: Type<'s>) -> Type<'s> {
        match ty.unwrap_optional() {
            Some(inner) => inner.clone(),
            None => {
                if !matches!(ty, Type::Dyn) {
                    self.type_mismatch(id, &Type::optional(ty.clone()), &ty);
                }
                ty
            }
        }
    }

    /// The common type of a literal's elements so far and one more: `dyn` when they differ (the server's checker
    /// lets them; its validator of homogeneous literals refuses them afterwards, but inside `format`'s arguments).
    fn join(&mut self, previous: Option<Type<'s>>, current: Type<'s>) -> Type<'s> {
        let Some(previous) = previous else { return current };
        if self.mapping.assign(&previous, &current) {
            return most_general(&previous, &current);
        }
        Type::Dyn
    }

    fn lookup(&self, name: &str) -> Option<Type<'s>> {
        if let Some((_, ty)) = self.scope.iter().rev().find(|(variable, _)| variable == name) {
            return Some(ty.clone());
        }
        decls::type_ident(name)
    }

    fn ident(&mut self, id: u64, name: &str) -> Type<'s> {
        let variable = self.scope.iter().any(|(variable, _)| variable == name);
        if !variable && self.undefined_type.is_none() {
            self.undefined_type = ["duration", "timestamp"].into_iter().find(|unresolved| *unresolved == name);
        }
        match self.lookup(name) {
            Some(ty) => ty,
            None => {
                self.error(id, undeclared(name));
                Type::Error
            }
        }
    }

    fn select(&mut self, id: u64, select: &SelectExpr) -> Type<'s> {
        // `a.b.c` may name a type or variable as a whole before it is a selection.
        if !select.test
            && let Some(name) = qualified_name(&select.operand).map(|prefix| format!("{prefix}.{}", select.field))
            && let Some(ty) = self.lookup(&name)
        {
            return ty;
        }
        let ty = self.select_field(id, &select.operand, &select.field, false);
        if select.test { Type::Bool } else { self.mapping.substitute(&ty, false) }
    }

    /// The type of `operand.field` (`operand.?field` when `optional`).
    fn select_field(&mut self, id: u64, operand: &IdedExpr, field: &str, optional: bool) -> Type<'s> {
        let operand_type = self.check(operand);
        let operand_type = self.mapping.substitute(&operand_type, false);
        let (target, was_optional) = match operand_type.unwrap_optional() {
            Some(inner) => (inner.clone(), true),
            None => (operand_type.clone(), false),
        };
        let result = match &target {
            Type::Map(_, value) => (**value).clone(),
            Type::Object(object) => match object.field(field) {
                Some(ty) => ty,
                None => {
                    self.error(id, format!("undefined field '{field}'"));
                    Type::Error
                }
            },
            Type::Param(_) => {
                self.mapping.assign(&Type::Dyn, &target);
                Type::Dyn
            }
            other => {
                if !other.is_dyn_or_error() {
                    self.error(id, format!("type '{other}' does not support field selection"));
                }
                Type::Dyn
            }
        };
        if was_optional || optional { Type::optional(result) } else { result }
    }

    fn call(&mut self, id: u64, call: &CallExpr) -> Type<'s> {
        if call.func_name == "_?._"
            && let [operand, field] = call.args.as_slice()
        {
            let Expr::Literal(LiteralValue::String(name)) = &field.expr else {
                self.error(field.id, "unsupported optional field selection".to_owned());
                return Type::Error;
            };
            let ty = self.select_field(id, operand, name.inner(), true);
            return self.mapping.substitute(&ty, false);
        }
        let args: Vec<Type<'s>> = call.args.iter().map(|arg| self.check(arg)).collect();
        let Some(target) = &call.target else {
            return match decls::function(&call.func_name) {
                Some(overloads) => self.resolve(id, &call.func_name, overloads, None, call, args),
                None => {
                    self.error(id, undeclared(&call.func_name));
                    Type::Error
                }
            };
        };
        // `format.dns1123Label()`, `optional.of(x)`: a namespaced function, not a method of a variable.
        if let Some(prefix) = qualified_name(target) {
            let name = format!("{prefix}.{}", call.func_name);
            if let Some(overloads) = decls::function(&name) {
                return self.resolve(id, &name, overloads, None, call, args);
            }
        }
        let receiver = self.check(target);
        match decls::function(&call.func_name) {
            Some(overloads) => self.resolve(id, &call.func_name, overloads, Some(receiver), call, args),
            None => {
                self.error(id, undeclared(&call.func_name));
                Type::Error
            }
        }
    }

    /// cel-go's overload resolution: every overload of the call's style whose parameters accept the arguments
    /// (type parameters instantiated afresh) contributes its result; several different results make `dyn`.
    fn resolve(
        &mut self,
        id: u64,
        name: &str,
        overloads: &'static [Overload],
        receiver: Option<Type<'s>>,
        call: &CallExpr,
        args: Vec<Type<'s>>,
    ) -> Type<'s> {
        let member = receiver.is_some();
        let arg_types: Vec<Type<'s>> = receiver.into_iter().chain(args).collect();
        if matches!(name, "_&&_" | "_||_") {
            let mut failed = false;
            for (arg, ty) in call.args.iter().zip(&arg_types) {
                if !self.mapping.assign(ty, &Type::Bool) {
                    self.type_mismatch(arg.id, &Type::Bool, ty);
                    failed = true;
                }
            }
            return if failed { Type::Error } else { Type::Bool };
        }
        let mut result: Option<Type<'s>> = None;
        for overload in overloads.iter().filter(|overload| overload.member == member) {
            let (params, overload_result) = self.instantiate(overload);
            if !self.mapping.assign_all(&arg_types, &params) {
                continue;
            }
            let found = self.mapping.substitute(&overload_result, false);
            result = Some(match result {
                None => found,
                Some(previous) if !matches!(previous, Type::Dyn) && !found.is_exact(&previous) => Type::Dyn,
                Some(previous) => previous,
            });
        }
        match result {
            Some(ty) => ty,
            None => {
                let shown: Vec<String> =
                    arg_types.iter().map(|t| self.mapping.substitute(t, true).to_string()).collect();
                let signature = match member {
                    true => format!("{}.({})", shown[0], shown[1..].join(", ")),
                    false => format!("({})", shown.join(", ")),
                };
                self.error(id, format!("found no matching overload for '{name}' applied to '{signature}'"));
                Type::Error
            }
        }
    }

    /// An overload's parameter and result types with its type parameters replaced by fresh variables.
    fn instantiate(&mut self, overload: &Overload) -> (Vec<Type<'s>>, Type<'s>) {
        let mut fresh: HashMap<String, Type<'s>> = HashMap::new();
        let mut params = Vec::with_capacity(overload.params.len());
        for param in &overload.params {
            params.push(self.rename(param, &mut fresh));
        }
        let result = self.rename(&overload.result, &mut fresh);
        (params, result)
    }

    fn rename(&mut self, ty: &Type<'static>, fresh: &mut HashMap<String, Type<'s>>) -> Type<'s> {
        match ty {
            Type::Param(name) => {
                if let Some(existing) = fresh.get(name) {
                    return existing.clone();
                }
                let variable = self.fresh_param();
                fresh.insert(name.clone(), variable.clone());
                variable
            }
            Type::List(element) => Type::list(self.rename(element, fresh)),
            Type::Map(key, value) => {
                let key = self.rename(key, fresh);
                Type::map(key, self.rename(value, fresh))
            }
            Type::Opaque(name, params) => Type::Opaque(name, params.iter().map(|p| self.rename(p, fresh)).collect()),
            Type::Meta(Some(inner)) => Type::Meta(Some(Box::new(self.rename(inner, fresh)))),
            other => other.clone(),
        }
    }

    fn comprehension(&mut self, comprehension: &ComprehensionExpr) -> Type<'s> {
        let range = self.check(&comprehension.iter_range);
        let accumulator = self.check(&comprehension.accu_init);
        let range = self.mapping.substitute(&range, false);
        let depth = self.scope.len();
        self.scope.push((comprehension.accu_var.clone(), accumulator.clone()));
        let (mut first, mut second) = (Type::Dyn, None);
        match &range {
            Type::List(element) => match comprehension.iter_var2 {
                Some(_) => (first, second) = (Type::Int, Some((**element).clone())),
                None => first = (**element).clone(),
            },
            Type::Map(key, value) => {
                first = (**key).clone();
                second = comprehension.iter_var2.as_ref().map(|_| (**value).clone());
            }
            Type::Dyn | Type::Error | Type::Param(_) => {
                self.mapping.assign(&Type::Dyn, &range);
            }
            other => {
                self.error(
                    comprehension.iter_range.id,
                    format!(
                        "expression of type '{other}' cannot be range of a comprehension (must be list, map, or dynamic)"
                    ),
                );
                first = Type::Error;
            }
        }
        let loop_depth = self.scope.len();
        self.scope.push((comprehension.iter_var.clone(), first));
        if let Some(name) = &comprehension.iter_var2 {
            self.scope.push((name.clone(), second.unwrap_or(Type::Dyn)));
        }
        let condition = self.check(&comprehension.loop_cond);
        self.assert_type(&comprehension.loop_cond, &condition, &Type::Bool);
        let step = self.check(&comprehension.loop_step);
        self.assert_type(&comprehension.loop_step, &step, &accumulator);
        self.scope.truncate(loop_depth);
        let result = self.check(&comprehension.result);
        self.scope.truncate(depth);
        self.mapping.substitute(&result, false)
    }
}

impl Walk<'_, '_> {
    /// Whether a comprehension is the expansion of `existsOne`, which the parser expands as `exists_one` but the
    /// server's CEL (cel-go 0.22) does not know: its position is the call's `(`, right after the name.
    fn expanded_from_exists_one(&self, id: u64) -> bool {
        let Some((start, _)) = self.info.offset_for(id) else { return false };
        let before: String = self.info.source.chars().take(start as usize).collect();
        before.trim_end().ends_with("existsOne")
    }

    /// `range.existsOne(x, predicate)` as the server checks it: an undeclared function, whose arguments are
    /// checked as plain expressions (so `x` is undeclared too).
    fn exists_one(&mut self, id: u64, comprehension: &ComprehensionExpr) -> Type<'static> {
        self.check(&comprehension.iter_range);
        self.error(id, undeclared("existsOne"));
        // The variable is written after the `(`.
        if let Some((start, _)) = self.info.offset_for(id) {
            let source: Vec<char> = self.info.source.chars().collect();
            let mut at = start as usize + 1;
            while source.get(at).is_some_and(|c| c.is_whitespace()) {
                at += 1;
            }
            self.issues.push(Issue::at_offset(at, self.info, undeclared(&comprehension.iter_var)));
        }
        // The step is `predicate ? result + 1 : result`.
        if let Expr::Call(step) = &comprehension.loop_step.expr
            && let Some(predicate) = step.args.first()
        {
            self.check(predicate);
        }
        Type::Error
    }
}

/// `a.b.c` as one dotted name, when the expression is a chain of selections on an identifier.
pub(crate) fn qualified_name(expression: &IdedExpr) -> Option<String> {
    match &expression.expr {
        Expr::Ident(name) => Some(name.clone()),
        Expr::Select(select) if !select.test => {
            qualified_name(&select.operand).map(|prefix| format!("{prefix}.{}", select.field))
        }
        _ => None,
    }
}

fn undeclared(name: &str) -> String {
    format!("undeclared reference to '{name}' (in container '')")
}

fn literal_type(literal: &LiteralValue) -> Type<'static> {
    match literal {
        LiteralValue::Boolean(_) => Type::Bool,
        LiteralValue::Int(_) => Type::Int,
        LiteralValue::UInt(_) => Type::Uint,
        LiteralValue::Double(_) => Type::Double,
        LiteralValue::String(_) => Type::String,
        LiteralValue::Bytes(_) => Type::Bytes,
        LiteralValue::Null => Type::Null,
    }
}
