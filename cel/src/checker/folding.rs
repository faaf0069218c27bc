//! Conversions of constants, which the server evaluates while it builds the program: cel-go's optimizer (on for
//! CRD rules) replaces a type conversion of a constant (`int('42')`, `uint(-1)`, `int(string(7))`) by its value, so
//! one that fails (`int('x')`) refuses the rule, where other calls on constants (`1 / 0`) fail only when evaluated.

use cel::common::ast::{EntryExpr, Expr, IdedExpr, LiteralValue};
use serde_json::Value;

use crate::program::{parse, run};
use crate::schema::Schema;

/// The conversion functions cel-go folds.
const CONVERSIONS: &[&str] =
    &["bool", "bytes", "double", "duration", "dyn", "int", "string", "timestamp", "type", "uint"];

/// Why the first conversion of a constant the server folds fails (in the order the server builds the program:
/// operands before the call), if one does.
pub(super) fn constant_conversion_error(expression: &IdedExpr) -> Option<String> {
    let mut children: Vec<&IdedExpr> = Vec::new();
    match &expression.expr {
        Expr::Call(call) => {
            children.extend(call.target.as_deref());
            children.extend(&call.args);
        }
        Expr::Select(select) => children.push(&select.operand),
        Expr::List(list) => children.extend(&list.elements),
        Expr::Map(map) => {
            for entry in &map.entries {
                if let EntryExpr::MapEntry(entry) = &entry.expr {
                    children.extend([&entry.key, &entry.value]);
                }
            }
        }
        Expr::Struct(message) => {
            for entry in &message.entries {
                if let EntryExpr::StructField(field) = &entry.expr {
                    children.push(&field.value);
                }
            }
        }
        Expr::Comprehension(c) => children.extend([&c.iter_range, &c.accu_init, &c.loop_cond, &c.loop_step, &c.result]),
        Expr::Ident(_) | Expr::Literal(_) | Expr::Unspecified => {}
    }
    if let Some(error) = children.into_iter().find_map(constant_conversion_error) {
        return Some(error);
    }
    let Expr::Call(call) = &expression.expr else { return None };
    if call.target.is_some() || call.args.len() != 1 || !CONVERSIONS.contains(&call.func_name.as_str()) {
        return None;
    }
    let text = constant_text(expression)?;
    let program = parse(&text).ok()?;
    run(&program, &Value::Null, None, Schema::new(&Value::Null), false).err().map(|error| error.message().to_owned())
}

/// `expression` written back as CEL when it is a constant as the optimizer sees one: a literal, or a conversion of
/// a constant.
fn constant_text(expression: &IdedExpr) -> Option<String> {
    match &expression.expr {
        Expr::Literal(literal) => Some(literal_text(literal)),
        Expr::Call(call)
            if call.target.is_none() && call.args.len() == 1 && CONVERSIONS.contains(&call.func_name.as_str()) =>
        {
            Some(format!("{}({})", call.func_name, constant_text(&call.args[0])?))
        }
        _ => None,
    }
}

fn literal_text(literal: &LiteralValue) -> String {
    match literal {
        LiteralValue::Boolean(value) => value.inner().to_string(),
        LiteralValue::Int(value) => value.inner().to_string(),
        LiteralValue::UInt(value) => format!("{}u", value.inner()),
        // Debug is the shortest text that reads back as the same double, and always has a `.` or an exponent.
        LiteralValue::Double(value) => format!("{:?}", value.inner()),
        LiteralValue::Null => "null".to_owned(),
        LiteralValue::String(value) => {
            let escaped: String = value.inner().chars().map(|c| format!("\\U{:08x}", u32::from(c))).collect();
            format!("\"{escaped}\"")
        }
        LiteralValue::Bytes(value) => {
            let escaped: String = value.inner().iter().map(|byte| format!("\\x{byte:02x}")).collect();
            format!("b\"{escaped}\"")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folded(rule: &str) -> Option<String> {
        let program = parse(rule).expect("parses");
        constant_conversion_error(program.expression())
    }

    #[test]
    fn failing_conversions_of_constants_are_found() {
        assert_eq!(folded("int('x') == 0").as_deref(), Some("type conversion error from 'string' to 'int'"));
        assert_eq!(folded("self > uint(-1)").as_deref(), Some("unsigned integer overflow"));
        assert!(folded("int(string('x')) == 0").is_some(), "nested conversions fold");
        assert!(folded("bool('maybe')").is_some());
    }

    #[test]
    fn other_constants_and_variables_are_left_to_evaluation() {
        assert_eq!(folded("int('42') == 42 && string(b'ab') != '' && double('1e19') > 1.0"), None);
        assert_eq!(folded("1 / 0 == 1"), None);
        assert_eq!(folded("int(self) == 0"), None);
        assert_eq!(folded("[1, 2][5] == 1"), None);
        assert_eq!(folded("string('a\"\\\\b\\n') == 'x'"), None);
    }
}
