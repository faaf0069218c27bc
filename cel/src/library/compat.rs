//! Where the `cel` crate evaluates a standard function differently from cel-go, the server's: regular expressions
//! (`matches`: RE2, whose `\d`, `\w`, `\s` and `\b` are ASCII), `string(double)` (Go's `%g`), timestamp getters
//! without a time zone (UTC, not the timestamp's own offset), the strings
//! extension's `indexOf`/`lastIndexOf` with an offset past the end (-1, not an error) and `format` (cel-go's
//! clauses and its locale printer). `matches`, `string` and the getters are macros rewriting the call to kapi's own
//! function (the crate's overloads cannot be replaced); `format`, `indexOf` and `lastIndexOf` are overloads registered ahead of
//! the crate's, which they shadow.

use std::sync::Arc;

use cel::common::ast::{CallExpr, Expr, IdedExpr};
use cel::common::types::{DYN_TYPE, STRING_TYPE};
use cel::parser::{Macro, MacroExprHelper};
use cel::{DeclarationError, Env, ExecutionError, Value};

use super::args::{error, int, list, overload, string};
use super::cidr::Cidr;
use super::go_format::{go_g, go_quote, locale_fixed, locale_scientific};
use super::ip::Ip;

/// The function `matches` calls are rewritten to (a name no rule can spell).
const MATCHES: &str = "@re2Matches";
/// The function `string(x)` calls are rewritten to.
const TO_STRING: &str = "@goString";
/// The function a timestamp getter's target passes through: to UTC, where the server reads a timestamp without a
/// time zone argument (cel-go's `DefaultUTCTimeZone`); the crate reads it at its own offset.
const IN_UTC: &str = "@inUtc";
/// The getters that read a timestamp in a time zone (or a duration, which passes through unchanged).
const GETTERS: [&str; 10] = [
    "getFullYear",
    "getMonth",
    "getDayOfYear",
    "getDayOfMonth",
    "getDate",
    "getDayOfWeek",
    "getHours",
    "getMinutes",
    "getSeconds",
    "getMilliseconds",
];

/// Registers the macros and the shadowing overloads; before the strings extension.
pub(super) fn register(env: &mut Env) -> Result<(), DeclarationError> {
    env.add_macro(Macro::receiver("matches", 1, |helper, target, args| {
        Ok(Some(rewrite(helper, MATCHES, target, args)))
    }))?;
    env.add_macro(Macro::global("matches", 2, |helper, target, args| {
        Ok(Some(rewrite(helper, MATCHES, target, args)))
    }))?;
    env.add_macro(Macro::global("string", 1, |helper, target, args| {
        Ok(Some(rewrite(helper, TO_STRING, target, args)))
    }))?;
    for getter in GETTERS {
        env.add_macro(Macro::receiver(getter, 0, move |helper, target, _args| {
            let target: Vec<IdedExpr> = target.take().into_iter().collect();
            let in_utc =
                helper.next_expr(Expr::Call(CallExpr { func_name: IN_UTC.to_owned(), target: None, args: target }));
            let call = CallExpr { func_name: getter.to_owned(), target: Some(Box::new(in_utc)), args: Vec::new() };
            Ok(Some(helper.next_expr(Expr::Call(call))))
        }))?;
    }
    env.add_overload(IN_UTC, "in_utc", vec![DYN_TYPE], overload!(in_utc))?;
    env.add_overload(MATCHES, "re2_matches", vec![DYN_TYPE, DYN_TYPE], overload!(matches))?;
    env.add_overload(TO_STRING, "go_string", vec![DYN_TYPE], overload!(to_string))?;
    env.add_member_overload("format", "string_format_dyn", STRING_TYPE, vec![DYN_TYPE], overload!(format))?;
    env.add_member_overload(
        "indexOf",
        "string_index_of_offset",
        STRING_TYPE,
        vec![STRING_TYPE, DYN_TYPE],
        overload!(index_of),
    )?;
    env.add_member_overload(
        "lastIndexOf",
        "string_last_index_of_offset",
        STRING_TYPE,
        vec![STRING_TYPE, DYN_TYPE],
        overload!(last_index_of),
    )?;
    Ok(())
}

/// `target.f(args)` or `f(args)` as a global call of `function` with the target first.
fn rewrite(
    helper: &mut MacroExprHelper<'_>,
    function: &str,
    target: &mut Option<IdedExpr>,
    args: &mut Vec<IdedExpr>,
) -> IdedExpr {
    let mut all: Vec<IdedExpr> = target.take().into_iter().collect();
    all.append(args);
    helper.next_expr(Expr::Call(CallExpr { func_name: function.to_owned(), target: None, args: all }))
}

/// A Go (RE2) pattern for Rust's `regex`: the Perl classes and word boundaries made ASCII, as Go has them.
pub(crate) fn re2(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('d') => out.push_str("[0-9]"),
            Some('D') => out.push_str("[^0-9]"),
            Some('w') => out.push_str("[0-9A-Za-z_]"),
            Some('W') => out.push_str("[^0-9A-Za-z_]"),
            Some('s') => out.push_str("[\\t\\n\\f\\r ]"),
            Some('S') => out.push_str("[^\\t\\n\\f\\r ]"),
            Some('b') => out.push_str("(?-u:\\b)"),
            Some('B') => out.push_str("(?-u:\\B)"),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// Compiles a Go pattern; a bad one is described as Go's `regexp` describes it, for the common mistakes.
pub(crate) fn compile_re2(function: &str, pattern: &str) -> Result<regex::Regex, ExecutionError> {
    regex::Regex::new(&re2(pattern)).map_err(|problem| error(function, go_regexp_error(pattern, &problem)))
}

/// `error parsing regexp: <what>: `<where>``, as Go writes a syntax error.
fn go_regexp_error(pattern: &str, problem: &regex::Error) -> String {
    let text = problem.to_string();
    let kind = text.lines().rev().find_map(|line| line.strip_prefix("error: ")).unwrap_or(&text);
    let (what, at) = match kind {
        "unclosed character class" => ("missing closing ]", &pattern[pattern.rfind('[').unwrap_or(0)..]),
        "unclosed group" => ("missing closing )", pattern),
        "unopened group" => ("unexpected )", pattern),
        "repetition operator missing expression" => ("missing argument to repetition operator", pattern),
        "invalid character class range, the start must be <= the end" => ("invalid character class range", pattern),
        _ => return format!("error parsing regexp: {kind}: `{pattern}`"),
    };
    format!("error parsing regexp: {what}: `{at}`")
}

fn in_utc(args: &[Value]) -> Result<Value, ExecutionError> {
    match args.first() {
        Some(Value::Timestamp(time)) => {
            let utc = chrono::FixedOffset::east_opt(0).ok_or_else(|| error("getter", "no UTC offset"))?;
            Ok(Value::Timestamp(time.with_timezone(&utc)))
        }
        Some(other) => Ok(other.clone()),
        None => Err(error("getter", "no target")),
    }
}

fn matches(args: &[Value]) -> Result<Value, ExecutionError> {
    let text = string("matches", args, 0)?;
    Ok(Value::Bool(compile_re2("matches", string("matches", args, 1)?)?.is_match(text)))
}

#[cfg(test)]
#[test]
fn bad_patterns_are_described_as_go_does() {
    let problem = |pattern: &str| match compile_re2("find", pattern) {
        Err(ExecutionError::FunctionError { message, .. }) => message,
        other => panic!("{other:?}"),
    };
    assert_eq!(problem("a("), "error parsing regexp: missing closing ): `a(`");
    assert_eq!(problem("a[b"), "error parsing regexp: missing closing ]: `[b`");
}

fn to_string(args: &[Value]) -> Result<Value, ExecutionError> {
    let text = match args.first() {
        Some(Value::String(text)) => text.as_str().to_owned(),
        Some(Value::Int(number)) => number.to_string(),
        Some(Value::UInt(number)) => number.to_string(),
        Some(Value::Float(number)) => go_g(*number),
        Some(Value::Bool(flag)) => flag.to_string(),
        Some(Value::Bytes(bytes)) => String::from_utf8(bytes.to_vec())
            .map_err(|_| error("string", "invalid UTF-8 in bytes, cannot convert to string"))?,
        Some(Value::Timestamp(time)) => super::time::timestamp_string(time),
        Some(Value::Duration(duration)) => super::time::duration_string(duration),
        Some(Value::Opaque(opaque)) => {
            if let Some(ip) = opaque.downcast_ref::<Ip>() {
                ip.0.to_string()
            } else if let Some(cidr) = opaque.downcast_ref::<Cidr>() {
                cidr.0.to_string()
            } else {
                return Err(error("string", "no such overload"));
            }
        }
        _ => return Err(error("string", "no such overload")),
    };
    Ok(Value::String(Arc::new(text)))
}

fn index_of(args: &[Value]) -> Result<Value, ExecutionError> {
    let (text, sub, offset) = (string("indexOf", args, 0)?, string("indexOf", args, 1)?, int("indexOf", args, 2)?);
    if sub.is_empty() {
        return Ok(Value::Int(offset));
    }
    let runes: Vec<char> = text.chars().collect();
    let needle: Vec<char> = sub.chars().collect();
    if offset < 0 {
        return Err(error("indexOf", format!("index out of range: {offset}")));
    }
    let start = offset as usize;
    if start >= runes.len() {
        return Ok(Value::Int(-1));
    }
    let found = (start..=runes.len().saturating_sub(needle.len()))
        .find(|&i| i + needle.len() <= runes.len() && runes[i..i + needle.len()] == needle[..]);
    Ok(Value::Int(found.map_or(-1, |i| i as i64)))
}

fn last_index_of(args: &[Value]) -> Result<Value, ExecutionError> {
    let (text, sub) = (string("lastIndexOf", args, 0)?, string("lastIndexOf", args, 1)?);
    let offset = int("lastIndexOf", args, 2)?;
    if sub.is_empty() {
        return Ok(Value::Int(offset));
    }
    let runes: Vec<char> = text.chars().collect();
    let needle: Vec<char> = sub.chars().collect();
    if offset < 0 {
        return Err(error("lastIndexOf", format!("index out of range: {offset}")));
    }
    if offset as usize >= runes.len() {
        return Ok(Value::Int(-1));
    }
    if needle.len() > runes.len() {
        return Ok(Value::Int(-1));
    }
    let start = (offset as usize).min(runes.len() - needle.len());
    let found = (0..=start).rev().find(|&i| runes[i..i + needle.len()] == needle[..]);
    Ok(Value::Int(found.map_or(-1, |i| i as i64)))
}

/// cel-go's `format`: `%s`, `%d`, `%f`, `%e`, `%b`, `%x`, `%X`, `%o` and `%%`.
fn format(args: &[Value]) -> Result<Value, ExecutionError> {
    let template = string("format", args, 0)?;
    let values = list("format", args, 1)?;
    let mut out = String::new();
    let mut next = 0;
    let mut chars = template.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        if chars.peek() == Some(&'%') {
            chars.next();
            out.push('%');
            continue;
        }
        let mut precision: Option<usize> = None;
        if chars.peek() == Some(&'.') {
            chars.next();
            let mut digits = String::new();
            while let Some(d) = chars.peek().copied().filter(char::is_ascii_digit) {
                digits.push(d);
                chars.next();
            }
            precision = Some(digits.parse().map_err(|_| error("format", "unable to find end of precision specifier"))?);
        }
        let verb = chars.next().ok_or_else(|| error("format", "unexpected end of format string"))?;
        let value = values.get(next).ok_or_else(|| error("format", format!("index {next} out of range")))?;
        next += 1;
        out.push_str(&clause(verb, precision, value)?);
    }
    Ok(Value::String(Arc::new(out)))
}

fn type_name(value: &Value) -> String {
    value.type_of().to_string()
}

fn clause(verb: char, precision: Option<usize>, value: &Value) -> Result<String, ExecutionError> {
    let float = |value: &Value| match value {
        Value::Float(number) => Some(*number),
        Value::String(text) if matches!(text.as_str(), "NaN" | "Infinity" | "-Infinity") => match text.as_str() {
            "NaN" => Some(f64::NAN),
            "Infinity" => Some(f64::INFINITY),
            _ => Some(f64::NEG_INFINITY),
        },
        _ => None,
    };
    let refused = |what: &str| {
        error(
            "format",
            format!(
                "error during formatting: {what} clause can only be used on {}, was given {}",
                match what {
                    "fixed-point" | "scientific" => "doubles",
                    "decimal" | "octal" => "integers",
                    "binary" => "integers and bools",
                    _ => "strings, bytes, integers, doubles",
                },
                type_name(value)
            ),
        )
    };
    Ok(match verb {
        's' => format_string(value)?,
        'd' => match value {
            Value::Int(number) => number.to_string(),
            Value::UInt(number) => number.to_string(),
            _ => return Err(refused("decimal")),
        },
        'f' => locale_fixed(float(value).ok_or_else(|| refused("fixed-point"))?, precision.unwrap_or(6)),
        'e' => locale_scientific(float(value).ok_or_else(|| refused("scientific"))?),
        'b' => match value {
            Value::Int(number) => go_signed(*number, 2),
            Value::UInt(number) => format!("{number:b}"),
            Value::Bool(flag) => if *flag { "1" } else { "0" }.to_owned(),
            _ => return Err(refused("binary")),
        },
        'o' => match value {
            Value::Int(number) => go_signed(*number, 8),
            Value::UInt(number) => format!("{number:o}"),
            _ => return Err(refused("octal")),
        },
        'x' | 'X' => {
            let hex = match value {
                Value::Int(number) => go_signed(*number, 16),
                Value::UInt(number) => format!("{number:x}"),
                Value::String(text) => text.bytes().map(|b| format!("{b:02x}")).collect(),
                Value::Bytes(bytes) => bytes.iter().map(|b| format!("{b:02x}")).collect(),
                _ => return Err(refused("hex")),
            };
            if verb == 'X' { hex.to_uppercase() } else { hex }
        }
        other => {
            return Err(error(
                "format",
                format!("could not parse formatting clause: unrecognized formatting clause \"{other}\""),
            ));
        }
    })
}

/// A signed integer in base 2, 8 or 16 as Go writes it: a minus sign, then the magnitude.
fn go_signed(number: i64, base: u32) -> String {
    let magnitude = number.unsigned_abs();
    let digits = match base {
        2 => format!("{magnitude:b}"),
        8 => format!("{magnitude:o}"),
        _ => format!("{magnitude:x}"),
    };
    if number < 0 { format!("-{digits}") } else { digits }
}

/// `%s`: scalars as `string()` writes them, lists and maps with their elements written as literals.
fn format_string(value: &Value) -> Result<String, ExecutionError> {
    match value {
        Value::List(items) => {
            let parts: Result<Vec<String>, ExecutionError> = items.iter().map(element).collect();
            Ok(format!("[{}]", parts?.join(", ")))
        }
        Value::Map(map) => {
            let mut entries = Vec::new();
            for (key, value) in map.map.iter() {
                let key = match Value::from(key) {
                    Value::String(text) => go_quote(&text),
                    Value::Int(number) => number.to_string(),
                    Value::UInt(number) => number.to_string(),
                    Value::Bool(flag) => flag.to_string(),
                    other => {
                        return Err(error(
                            "format",
                            format!("no formatting for map key of type {}", type_name(&other)),
                        ));
                    }
                };
                entries.push((key, element(value)?));
            }
            entries.sort();
            let parts: Vec<String> = entries.into_iter().map(|(key, value)| format!("{key}:{value}")).collect();
            Ok(format!("{{{}}}", parts.join(", ")))
        }
        Value::Null => Ok("null".to_owned()),
        Value::String(_)
        | Value::Int(_)
        | Value::UInt(_)
        | Value::Float(_)
        | Value::Bool(_)
        | Value::Bytes(_)
        | Value::Timestamp(_)
        | Value::Duration(_) => match to_string(std::slice::from_ref(value))? {
            Value::String(text) => Ok(text.as_str().to_owned()),
            _ => Err(error("format", "no string form")),
        },
        other => Err(error(
            "format",
            format!(
                "error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given {}",
                type_name(other)
            ),
        )),
    }
}

/// An element of a list or a map's value inside `%s`: numbers by their own clause, strings and bytes quoted.
fn element(value: &Value) -> Result<String, ExecutionError> {
    Ok(match value {
        Value::Int(number) => number.to_string(),
        Value::UInt(number) => number.to_string(),
        Value::Float(number) if number.is_finite() => locale_fixed(*number, 6),
        Value::Float(number) => go_quote(&locale_fixed(*number, 6)),
        Value::String(text) => go_quote(text),
        Value::Bytes(bytes) => format!("b{}", go_quote(&String::from_utf8_lossy(bytes))),
        Value::Timestamp(time) => format!("timestamp({})", go_quote(&super::time::timestamp_string(time))),
        Value::Duration(duration) => format!("duration({})", go_quote(&super::time::duration_string(duration))),
        other => format_string(other)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_classes_are_ascii() {
        let re = |pattern: &str| regex::Regex::new(&re2(pattern)).expect("compiles");
        assert!(!re(r"^\d$").is_match("١"));
        assert!(re(r"^\d+$").is_match("42"));
        assert!(re(r"^[\d\s]+$").is_match("4 2"));
        assert!(re(r"^\\d$").is_match("\\d"));
        assert!(!re(r"\w").is_match("é"));
    }
}
