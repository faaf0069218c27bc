//! CEL types as cel-go's checker handles them: how they are written in messages, which is assignable to which, and
//! the substitutions of type parameters that overload resolution builds up.

use std::collections::HashMap;
use std::fmt;

use crate::schema::Schema;

/// The type of an expression.
#[derive(Debug, Clone)]
pub(crate) enum Type<'s> {
    Bool,
    Int,
    Uint,
    Double,
    String,
    Bytes,
    Null,
    Duration,
    Timestamp,
    Dyn,
    /// The type of an expression that did not check; assignable to and from anything, so one error is not
    /// reported again by every enclosing call.
    Error,
    List(Box<Type<'s>>),
    Map(Box<Type<'s>>, Box<Type<'s>>),
    /// An object of the schema: a message type with declared fields.
    Object(Object<'s>),
    /// A named type with parameters: `optional_type(T)`, and the Kubernetes libraries' types (`net.IP`, …).
    Opaque(&'static str, Vec<Type<'s>>),
    /// The type of a type value: `type(int)` for `int`; `type` alone for the type of `type`.
    Meta(Option<Box<Type<'s>>>),
    /// A type parameter of an overload (`A`), or a fresh variable standing for one (`_var0`).
    Param(String),
}

/// An object type: its name and the schema node whose properties are its fields (see `schema_types`).
#[derive(Debug, Clone)]
pub(crate) struct Object<'s> {
    pub name: String,
    pub(super) schema: Schema<'s>,
    /// The root of a resource (the CRD's root, or an embedded resource), which shows `apiVersion`, `kind` and only
    /// `metadata.name`/`generateName`.
    pub(super) resource_root: bool,
}

/// `optional_type`, the opaque type of optional values.
pub(crate) const OPTIONAL: &str = "optional_type";

impl<'s> Type<'s> {
    pub fn list(element: Type<'s>) -> Self {
        Type::List(Box::new(element))
    }

    pub fn map(key: Type<'s>, value: Type<'s>) -> Self {
        Type::Map(Box::new(key), Box::new(value))
    }

    pub fn optional(inner: Type<'s>) -> Self {
        Type::Opaque(OPTIONAL, vec![inner])
    }

    pub fn is_dyn_or_error(&self) -> bool {
        matches!(self, Type::Dyn | Type::Error)
    }

    /// The value type of an optional, when the type is one.
    pub fn unwrap_optional(&self) -> Option<&Type<'s>> {
        match self {
            Type::Opaque(OPTIONAL, params) => params.first(),
            _ => None,
        }
    }

    /// Parameters of a parameterized type, in cel-go's order.
    fn params(&self) -> Vec<&Type<'s>> {
        match self {
            Type::List(element) => vec![element],
            Type::Map(key, value) => vec![key, value],
            Type::Opaque(_, params) => params.iter().collect(),
            Type::Meta(Some(inner)) => vec![inner],
            _ => Vec::new(),
        }
    }

    /// Whether two types are the same type (cel-go's `IsExactType`).
    pub fn is_exact(&self, other: &Type<'s>) -> bool {
        match (self, other) {
            (Type::List(a), Type::List(b)) => a.is_exact(b),
            (Type::Map(a, b), Type::Map(c, d)) => a.is_exact(c) && b.is_exact(d),
            (Type::Object(a), Type::Object(b)) => a.name == b.name,
            (Type::Opaque(a, p), Type::Opaque(b, q)) => {
                a == b && p.len() == q.len() && p.iter().zip(q).all(|(x, y)| x.is_exact(y))
            }
            (Type::Meta(a), Type::Meta(b)) => match (a, b) {
                (Some(a), Some(b)) => a.is_exact(b),
                (None, None) => true,
                _ => false,
            },
            (Type::Param(a), Type::Param(b)) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }

    /// Types that accept `null` without a wrapper: objects, opaque types, durations and timestamps.
    fn is_legacy_nullable(&self) -> bool {
        matches!(self, Type::Object(_) | Type::Opaque(..) | Type::Duration | Type::Timestamp)
    }
}

impl fmt::Display for Type<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Bool => f.write_str("bool"),
            Type::Int => f.write_str("int"),
            Type::Uint => f.write_str("uint"),
            Type::Double => f.write_str("double"),
            Type::String => f.write_str("string"),
            Type::Bytes => f.write_str("bytes"),
            Type::Null => f.write_str("null"),
            Type::Duration => f.write_str("duration"),
            Type::Timestamp => f.write_str("timestamp"),
            Type::Dyn => f.write_str("dyn"),
            Type::Error => f.write_str("!error!"),
            Type::List(element) => write!(f, "list({element})"),
            Type::Map(key, value) => write!(f, "map({key}, {value})"),
            Type::Object(object) => f.write_str(&object.name),
            Type::Opaque(name, params) if params.is_empty() => f.write_str(name),
            Type::Opaque(name, params) => {
                let params: Vec<String> = params.iter().map(ToString::to_string).collect();
                write!(f, "{name}({})", params.join(", "))
            }
            Type::Meta(None) => f.write_str("type"),
            Type::Meta(Some(inner)) => write!(f, "type({inner})"),
            Type::Param(name) => f.write_str(name),
        }
    }
}

/// Substitutions of type parameters, built up while overloads are tried (cel-go's `mapping`).
#[derive(Debug, Clone, Default)]
pub(crate) struct Mapping<'s> {
    bound: HashMap<String, Type<'s>>,
}

impl<'s> Mapping<'s> {
    fn find(&self, param: &Type<'s>) -> Option<&Type<'s>> {
        match param {
            Type::Param(name) => self.bound.get(name),
            _ => None,
        }
    }

    fn add(&mut self, param: &Type<'s>, to: Type<'s>) {
        if let Type::Param(name) = param {
            self.bound.insert(name.clone(), to);
        }
    }

    /// Whether a value of type `from` can be used where `to` is expected, binding type parameters of either on the
    /// way; the mapping changes only when it can.
    pub fn assign(&mut self, to: &Type<'s>, from: &Type<'s>) -> bool {
        let mut trial = self.clone();
        if trial.assignable(to, from) {
            *self = trial;
            return true;
        }
        false
    }

    /// [`Mapping::assign`] for lists of types, pairwise.
    pub fn assign_all(&mut self, to: &[Type<'s>], from: &[Type<'s>]) -> bool {
        let mut trial = self.clone();
        if to.len() == from.len() && to.iter().zip(from).all(|(t, f)| trial.assignable(t, f)) {
            *self = trial;
            return true;
        }
        false
    }

    fn assignable(&mut self, t1: &Type<'s>, t2: &Type<'s>) -> bool {
        if let Type::Param(_) = t2 {
            let (valid, has_sub) = self.substitution(t1, t2);
            if valid {
                return true;
            }
            if has_sub {
                return false;
            }
        }
        if let Type::Param(_) = t1 {
            return self.substitution(t2, t1).0;
        }
        if t1.is_dyn_or_error() || t2.is_dyn_or_error() {
            return true;
        }
        if let Type::Null = t1 {
            return t2.is_legacy_nullable() || matches!(t2, Type::Null);
        }
        if let Type::Null = t2 {
            return t1.is_legacy_nullable();
        }
        match (t1, t2) {
            (Type::Meta(_), other) => matches!(other, Type::Meta(_)),
            (Type::List(a), Type::List(b)) => self.assignable(a, b),
            (Type::Map(a, b), Type::Map(c, d)) => self.assignable(a, c) && self.assignable(b, d),
            (Type::Opaque(a, p), Type::Opaque(b, q)) => {
                a == b && p.len() == q.len() && p.iter().zip(q).all(|(x, y)| self.assignable(x, y))
            }
            (Type::List(_) | Type::Map(..) | Type::Opaque(..), _) => false,
            (Type::Object(a), Type::Object(b)) => a.name == b.name,
            _ => t1.is_exact(t2),
        }
    }

    /// cel-go's `isValidTypeSubstitution`: whether `param` may stand for `t`, and whether it already stood for
    /// something.
    fn substitution(&mut self, t: &Type<'s>, param: &Type<'s>) -> (bool, bool) {
        if t.is_exact(param) {
            return (true, true);
        }
        if let Some(bound) = self.find(param).cloned() {
            if t.is_exact(&bound) {
                return (true, true);
            }
            if self.assignable(t, &bound) {
                let general = most_general(t, &bound);
                if self.not_referenced_in(param, &general) {
                    self.add(param, general);
                }
                return (true, true);
            }
            return (false, true);
        }
        if self.not_referenced_in(param, t) {
            self.add(param, t.clone());
            return (true, false);
        }
        (false, false)
    }

    fn not_referenced_in(&self, param: &Type<'s>, within: &Type<'s>) -> bool {
        if param.is_exact(within) {
            return false;
        }
        match within {
            Type::Param(_) => match self.find(within) {
                Some(bound) => self.not_referenced_in(param, bound),
                None => true,
            },
            _ => within.params().into_iter().all(|inner| self.not_referenced_in(param, inner)),
        }
    }

    /// `t` with bound parameters replaced, and unbound ones by `dyn` when `params_to_dyn`.
    pub fn substitute(&self, t: &Type<'s>, params_to_dyn: bool) -> Type<'s> {
        if let Some(bound) = self.find(t) {
            return self.substitute(bound, params_to_dyn);
        }
        match t {
            Type::Param(_) if params_to_dyn => Type::Dyn,
            Type::List(element) => Type::list(self.substitute(element, params_to_dyn)),
            Type::Map(key, value) => {
                Type::map(self.substitute(key, params_to_dyn), self.substitute(value, params_to_dyn))
            }
            Type::Opaque(name, params) => {
                Type::Opaque(name, params.iter().map(|p| self.substitute(p, params_to_dyn)).collect())
            }
            Type::Meta(Some(inner)) => Type::Meta(Some(Box::new(self.substitute(inner, params_to_dyn)))),
            other => other.clone(),
        }
    }
}

/// cel-go's `isEqualOrLessSpecific`: `dyn` and parameters are less specific than anything.
fn equal_or_less_specific(t1: &Type<'_>, t2: &Type<'_>) -> bool {
    if matches!(t1, Type::Dyn | Type::Param(_)) {
        return true;
    }
    if matches!(t2, Type::Dyn | Type::Param(_)) {
        return false;
    }
    match (t1, t2) {
        (Type::Opaque(a, p), Type::Opaque(b, q)) => {
            a == b && p.len() == q.len() && p.iter().zip(q).all(|(x, y)| equal_or_less_specific(x, y))
        }
        (Type::List(a), Type::List(b)) => equal_or_less_specific(a, b),
        (Type::Map(a, b), Type::Map(c, d)) => equal_or_less_specific(a, c) && equal_or_less_specific(b, d),
        (Type::Meta(_), Type::Meta(_)) => true,
        _ => t1.is_exact(t2),
    }
}

/// The more general of two assignable types.
pub(crate) fn most_general<'s>(t1: &Type<'s>, t2: &Type<'s>) -> Type<'s> {
    if equal_or_less_specific(t1, t2) { t1.clone() } else { t2.clone() }
}
