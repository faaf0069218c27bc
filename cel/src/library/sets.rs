//! cel-go's `sets` extension: `sets.contains`, `sets.equivalent` and `sets.intersects` over lists, elements compared
//! with CEL equality.

use cel::common::types::LIST_TYPE;
use cel::{DeclarationError, Env, ExecutionError, Value};

use super::args::{list, overload};

pub(super) fn register(env: &mut Env) -> Result<(), DeclarationError> {
    let lists = || vec![LIST_TYPE, LIST_TYPE];
    env.add_overload("sets.contains", "list_sets_contains_list", lists(), overload!(contains))?;
    env.add_overload("sets.equivalent", "list_sets_equivalent_list", lists(), overload!(equivalent))?;
    env.add_overload("sets.intersects", "list_sets_intersects_list", lists(), overload!(intersects))?;
    Ok(())
}

fn includes(whole: &[Value], part: &[Value]) -> bool {
    part.iter().all(|element| whole.contains(element))
}

fn contains(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Bool(includes(list("sets.contains", args, 0)?, list("sets.contains", args, 1)?)))
}

fn equivalent(args: &[Value]) -> Result<Value, ExecutionError> {
    let (left, right) = (list("sets.equivalent", args, 0)?, list("sets.equivalent", args, 1)?);
    Ok(Value::Bool(includes(left, right) && includes(right, left)))
}

fn intersects(args: &[Value]) -> Result<Value, ExecutionError> {
    let (left, right) = (list("sets.intersects", args, 0)?, list("sets.intersects", args, 1)?);
    Ok(Value::Bool(left.iter().any(|element| right.contains(element))))
}
