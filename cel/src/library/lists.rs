//! Kubernetes' `lists` library: `isSorted`, `sum`, `min`, `max`, `indexOf` and `lastIndexOf` on lists.

use std::cmp::Ordering;

use cel::common::types::{DYN_TYPE, LIST_TYPE};
use cel::{DeclarationError, Env, ExecutionError, Value};

use super::args::{error, list, overload};

pub(super) fn register(env: &mut Env) -> Result<(), DeclarationError> {
    env.add_member_overload("isSorted", "list_is_sorted", LIST_TYPE, vec![], overload!(is_sorted))?;
    env.add_member_overload("sum", "list_sum", LIST_TYPE, vec![], overload!(sum))?;
    env.add_member_overload("min", "list_min", LIST_TYPE, vec![], overload!(min))?;
    env.add_member_overload("max", "list_max", LIST_TYPE, vec![], overload!(max))?;
    env.add_member_overload("indexOf", "list_index_of", LIST_TYPE, vec![DYN_TYPE], overload!(index_of))?;
    env.add_member_overload("lastIndexOf", "list_last_index_of", LIST_TYPE, vec![DYN_TYPE], overload!(last_index_of))?;
    Ok(())
}

/// How cel-go orders two values of the comparable types (numbers across types, a NaN equal to anything).
pub(crate) fn compare(function: &str, left: &Value, right: &Value) -> Result<Ordering, ExecutionError> {
    let ordering = match (left, right) {
        (Value::String(a), Value::String(b)) => a.cmp(b),
        (Value::Bytes(a), Value::Bytes(b)) => a.cmp(b),
        (Value::Bool(a), Value::Bool(b)) => a.cmp(b),
        (Value::Int(_) | Value::UInt(_) | Value::Float(_), Value::Int(_) | Value::UInt(_) | Value::Float(_)) => {
            left.partial_cmp(right).unwrap_or(Ordering::Equal)
        }
        #[allow(unreachable_patterns)]
        _ if std::mem::discriminant(left) == std::mem::discriminant(right) => {
            left.partial_cmp(right).ok_or_else(|| no_ordering(function, left))?
        }
        _ => return Err(no_ordering(function, right)),
    };
    Ok(ordering)
}

fn no_ordering(function: &str, value: &Value) -> ExecutionError {
    error(function, format!("no such overload: {} values are not ordered", value.type_of()))
}

fn is_sorted(args: &[Value]) -> Result<Value, ExecutionError> {
    let items = list("isSorted", args, 0)?;
    for pair in items.windows(2) {
        if compare("isSorted", &pair[0], &pair[1])? == Ordering::Greater {
            return Ok(Value::Bool(false));
        }
    }
    // A single element must still be of an ordered type.
    if let [only] = items {
        compare("isSorted", only, only)?;
    }
    Ok(Value::Bool(true))
}

fn sum(args: &[Value]) -> Result<Value, ExecutionError> {
    let items = list("sum", args, 0)?;
    let mut total: Option<Value> = None;
    for item in items {
        total = Some(match (total, item) {
            (None, Value::Int(_) | Value::UInt(_) | Value::Float(_) | Value::Duration(_)) => item.clone(),
            (Some(Value::Duration(a)), Value::Duration(b)) => {
                Value::Duration(a.checked_add(b).ok_or_else(|| error("sum", "duration overflow"))?)
            }
            (Some(Value::Int(a)), Value::Int(b)) => {
                Value::Int(a.checked_add(*b).ok_or_else(|| error("sum", "integer overflow"))?)
            }
            (Some(Value::UInt(a)), Value::UInt(b)) => {
                Value::UInt(a.checked_add(*b).ok_or_else(|| error("sum", "unsigned integer overflow"))?)
            }
            (Some(Value::Float(a)), Value::Float(b)) => Value::Float(a + b),
            (_, other) => return Err(error("sum", format!("no such overload: cannot add {}", other.type_of()))),
        });
    }
    // An empty list sums to the zero of its element type, which a list without elements does not tell: int's.
    Ok(total.unwrap_or(Value::Int(0)))
}

fn min(args: &[Value]) -> Result<Value, ExecutionError> {
    extreme("min", args, Ordering::Greater)
}

fn max(args: &[Value]) -> Result<Value, ExecutionError> {
    extreme("max", args, Ordering::Less)
}

/// The first element no later one is preferred over: one is preferred when the best so far compares `replace_when`
/// to it.
fn extreme(function: &str, args: &[Value], replace_when: Ordering) -> Result<Value, ExecutionError> {
    let items = list(function, args, 0)?;
    let mut best: Option<&Value> = None;
    for item in items {
        best = match best {
            None => {
                compare(function, item, item)?;
                Some(item)
            }
            Some(current) if compare(function, current, item)? == replace_when => Some(item),
            kept => kept,
        };
    }
    best.cloned().ok_or_else(|| error(function, format!("{function} called on empty list")))
}

fn index_of(args: &[Value]) -> Result<Value, ExecutionError> {
    let items = list("indexOf", args, 0)?;
    let found = items.iter().position(|item| Some(item) == args.get(1));
    Ok(Value::Int(found.map_or(-1, |index| index as i64)))
}

fn last_index_of(args: &[Value]) -> Result<Value, ExecutionError> {
    let items = list("lastIndexOf", args, 0)?;
    let found = items.iter().rposition(|item| Some(item) == args.get(1));
    Ok(Value::Int(found.map_or(-1, |index| index as i64)))
}
