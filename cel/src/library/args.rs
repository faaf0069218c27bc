//! What the library functions share: the `overload!` wrapper that runs a function over [`Value`]s, the arguments'
//! accessors, the errors in cel-go's words, and the values they build.

use std::sync::Arc;

use cel::common::value::CowVal;
use cel::objects::{Key, Map, Opaque, OptionalValue};
use cel::{ExecutionError, Value};

/// An overload written over [`Value`]s: the arguments (a member call's target first) converted, the result
/// converted back.
macro_rules! overload {
    ($implementation:expr) => {{
        fn call<'b, 'v>(
            args: Vec<cel::common::value::CowVal<'b, 'v>>,
        ) -> Result<cel::common::value::CowVal<'b, 'v>, cel::ExecutionError> {
            let values = crate::library::args::values(&args)?;
            crate::library::args::owned(($implementation)(&values)?)
        }
        call as cel::common::functions::Function
    }};
}
pub(crate) use overload;

/// The arguments of a call as [`Value`]s.
pub(crate) fn values(args: &[CowVal<'_, '_>]) -> Result<Vec<Value>, ExecutionError> {
    args.iter().map(|arg| Value::try_from(arg.as_ref())).collect()
}

/// A computed value handed back to the interpreter.
pub(crate) fn owned<'b, 'v>(value: Value) -> Result<CowVal<'b, 'v>, ExecutionError> {
    let boxed: Box<dyn cel::common::value::Val> = value.try_into()?;
    Ok(CowVal::Owned(boxed))
}

/// The function name a library error is raised under: the message alone is the error, as cel-go's errors are.
pub(crate) const LIBRARY: &str = "@library";

/// An error raised by a library function, worded as the API server words it (the function is named only where
/// cel-go names it).
pub(crate) fn error(_function: &str, message: impl ToString) -> ExecutionError {
    ExecutionError::function_error(LIBRARY, message)
}

/// The text of an evaluation error in cel-go's words where the crate's differ: a function's error is its message
/// alone, arithmetic errors are named as cel-go names them. Others are the crate's, first letter lowercase.
pub(crate) fn error_text(error: &ExecutionError) -> String {
    match error {
        ExecutionError::FunctionError { function, message } if message.starts_with("string parse error") => {
            format!("type conversion error from 'string' to '{function}'")
        }
        ExecutionError::FunctionError { message, .. } => match message.strip_prefix("Type conversion error") {
            Some(rest) => format!("type conversion error{rest}"),
            None => message.clone(),
        },
        ExecutionError::DivisionByZero(_) => "division by zero".to_owned(),
        ExecutionError::RemainderByZero(_) => "modulus by zero".to_owned(),
        ExecutionError::Overflow(_, Value::UInt(_), _) => "unsigned integer overflow".to_owned(),
        ExecutionError::Overflow(_, Value::Int(_), _) => "integer overflow".to_owned(),
        ExecutionError::IndexOutOfBounds(Value::Int(index)) => format!("index out of bounds: {index}"),
        other => {
            let text = other.to_string();
            let mut chars = text.chars();
            chars.next().map(|first| first.to_lowercase().chain(chars).collect()).unwrap_or_default()
        }
    }
}

/// The argument at `index` as a string.
pub(crate) fn string<'a>(function: &str, args: &'a [Value], index: usize) -> Result<&'a str, ExecutionError> {
    match args.get(index) {
        Some(Value::String(text)) => Ok(text.as_str()),
        other => Err(unexpected(function, other, "string")),
    }
}

/// The argument at `index` as an int.
pub(crate) fn int(function: &str, args: &[Value], index: usize) -> Result<i64, ExecutionError> {
    match args.get(index) {
        Some(Value::Int(number)) => Ok(*number),
        other => Err(unexpected(function, other, "int")),
    }
}

/// The argument at `index` as a list.
pub(crate) fn list<'a>(function: &str, args: &'a [Value], index: usize) -> Result<&'a [Value], ExecutionError> {
    match args.get(index) {
        Some(Value::List(items)) => Ok(items.as_slice()),
        other => Err(unexpected(function, other, "list")),
    }
}

/// The argument at `index` as the library type `T`.
pub(crate) fn opaque<'a, T: Opaque>(function: &str, args: &'a [Value], index: usize) -> Result<&'a T, ExecutionError> {
    match args.get(index) {
        Some(Value::Opaque(value)) => {
            value.downcast_ref::<T>().ok_or_else(|| unexpected(function, args.get(index), "a library value"))
        }
        other => Err(unexpected(function, other, std::any::type_name::<T>())),
    }
}

fn unexpected(function: &str, got: Option<&Value>, want: &str) -> ExecutionError {
    let got = got.map_or_else(|| "nothing".to_owned(), |value| value.type_of().to_string());
    error(function, format!("no such overload: got {got}, want {want}"))
}

/// `value` wrapped as a library value.
pub(crate) fn wrap(value: impl Opaque) -> Value {
    Value::Opaque(Arc::new(value))
}

/// An optional holding `value`, or an empty one.
pub(crate) fn optional(value: Option<Value>) -> Value {
    let optional = match value {
        Some(value) => OptionalValue::of(value),
        None => OptionalValue::none(),
    };
    Value::Opaque(Arc::new(optional))
}

/// A list of strings.
pub(crate) fn strings(items: impl IntoIterator<Item = String>) -> Value {
    Value::List(Arc::new(items.into_iter().map(|item| Value::String(Arc::new(item))).collect()))
}

/// A map from string keys.
pub(crate) fn string_map(entries: impl IntoIterator<Item = (String, Value)>) -> Value {
    let map = entries.into_iter().map(|(key, value)| (Key::from(key), value)).collect();
    Value::Map(Map { map: Arc::new(map) })
}
