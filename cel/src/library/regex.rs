//! Kubernetes' `regex` library: `find` and `findAll` on strings (RE2 syntax, as Go's `regexp`).

use cel::common::types::{INT_TYPE, STRING_TYPE};
use cel::{DeclarationError, Env, ExecutionError, Value};

use super::args::{int, overload, string, strings};

pub(super) fn register(env: &mut Env) -> Result<(), DeclarationError> {
    env.add_member_overload("find", "string_find_string", STRING_TYPE, vec![STRING_TYPE], overload!(find))?;
    env.add_member_overload("findAll", "string_find_all_string", STRING_TYPE, vec![STRING_TYPE], overload!(find_all))?;
    env.add_member_overload(
        "findAll",
        "string_find_all_string_int",
        STRING_TYPE,
        vec![STRING_TYPE, INT_TYPE],
        overload!(find_all),
    )?;
    Ok(())
}

/// The library's own wording: `Illegal regex: ` before Go's description.
fn compile(function: &str, pattern: &str) -> Result<::regex::Regex, ExecutionError> {
    super::compat::compile_re2(function, pattern).map_err(|problem| match problem {
        ExecutionError::FunctionError { message, .. } => {
            super::args::error(function, format!("Illegal regex: {message}"))
        }
        other => other,
    })
}

fn find(args: &[Value]) -> Result<Value, ExecutionError> {
    let text = string("find", args, 0)?;
    let pattern = compile("find", string("find", args, 1)?)?;
    Ok(Value::from(pattern.find(text).map_or("", |found| found.as_str())))
}

fn find_all(args: &[Value]) -> Result<Value, ExecutionError> {
    let text = string("findAll", args, 0)?;
    let pattern = compile("findAll", string("findAll", args, 1)?)?;
    // A negative limit means all matches, as in Go; zero means none.
    let limit = if args.len() > 2 { int("findAll", args, 2)? } else { -1 };
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    Ok(strings(pattern.find_iter(text).take(limit).map(|found| found.as_str().to_owned())))
}
