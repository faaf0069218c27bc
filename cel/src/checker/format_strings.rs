//! The strings extension's validator of `format` calls (cel-go `ext/formatting.go`): a literal format string with a
//! literal list of arguments is parsed, and each clause must suit the type of its argument (`%d` an integer, `%f` a
//! double, …), with no argument missing or left over.

use std::collections::HashMap;

use cel::common::ast::{CallExpr, EntryExpr, Expr, IdedExpr, LiteralValue, SourceInfo};

use super::issues::Issue;
use super::types::Type;

/// Why a format call is refused, at which expression.
struct FormatError {
    id: u64,
    message: String,
}

/// The validator's error for `text.format([args])` (the call is `id`), if any.
pub(super) fn check(id: u64, call: &CallExpr, types: &HashMap<u64, Type<'_>>, info: &SourceInfo) -> Option<Issue> {
    let Some(Expr::Literal(LiteralValue::String(text))) = call.target.as_deref().map(|t| &t.expr) else {
        return None;
    };
    let [arguments] = call.args.as_slice() else { return None };
    let Expr::List(list) = &arguments.expr else { return None };
    let checker = Checker { args: &list.elements, types };
    let issue = |error: FormatError| Some(Issue::at(error.id, info, error.message));
    match checker.parse(id, text.inner()) {
        Err(error) => issue(error),
        Ok(requested) if list.elements.len() > requested => issue(FormatError {
            id,
            message: format!(
                "too many arguments supplied to string.format (expected {requested}, got {})",
                list.elements.len()
            ),
        }),
        Ok(_) => None,
    }
}

struct Checker<'a, 's> {
    args: &'a [IdedExpr],
    types: &'a HashMap<u64, Type<'s>>,
}

/// The kinds of value a clause accepts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Int,
    Uint,
    Double,
    Bool,
    String,
    Bytes,
}

impl Checker<'_, '_> {
    /// Parses the format string, checking each clause; how many arguments it asks for.
    fn parse(&self, call: u64, text: &str) -> Result<usize, FormatError> {
        let bytes = text.as_bytes();
        let plain = |message: String| FormatError { id: call, message };
        let (mut i, mut index) = (0, 0);
        while i < bytes.len() {
            if bytes[i] != b'%' {
                i += 1;
                continue;
            }
            if bytes.get(i + 1) == Some(&b'%') {
                i += 2;
                continue;
            }
            if i + 1 >= bytes.len() {
                return Err(plain("unexpected end of string".to_owned()));
            }
            let Some(arg) = self.args.get(index) else {
                return Err(plain(format!("index {index} out of range")));
            };
            let clause = &bytes[i + 1..];
            let mut read = 0;
            if clause[0] == b'.' {
                read = 1;
                while clause.get(read).is_some_and(u8::is_ascii_digit) {
                    read += 1;
                }
                if read >= clause.len() {
                    let cause = "error while parsing precision: could not find end of precision specifier";
                    return Err(plain(format!("could not parse formatting clause: {cause}")));
                }
            }
            let verb = clause[read] as char;
            let (accepted, wrong): (&[Kind], &str) = match verb {
                's' => {
                    self.verify_string(arg)?;
                    (&[], "")
                }
                'd' => (&[Kind::Int, Kind::Uint], "decimal clause can only be used on integers"),
                'f' => (&[Kind::Double, Kind::String], "fixed-point clause can only be used on doubles"),
                'e' => (&[Kind::Double, Kind::String], "scientific clause can only be used on doubles"),
                'b' => (&[Kind::Int, Kind::Uint, Kind::Bool], "only integers and bools can be formatted as binary"),
                'x' | 'X' => (
                    &[Kind::Int, Kind::Uint, Kind::String, Kind::Bytes],
                    "only integers, byte buffers, and strings can be formatted as hex",
                ),
                'o' => (&[Kind::Int, Kind::Uint], "octal clause can only be used on integers"),
                other => {
                    let cause = format!("unrecognized formatting clause \"{other}\"");
                    return Err(plain(format!("could not parse formatting clause: {cause}")));
                }
            };
            if !accepted.is_empty() && !self.is_one_of(arg.id, accepted) {
                let message = format!("error during formatting: {wrong}, was given {}", self.type_name(arg.id));
                return Err(FormatError { id: arg.id, message });
            }
            i += 1 + read + verb.len_utf8();
            index += 1;
        }
        Ok(index)
    }

    fn type_of(&self, id: u64) -> Type<'_> {
        self.types.get(&id).cloned().unwrap_or(Type::Dyn)
    }

    fn is_one_of(&self, id: u64, kinds: &[Kind]) -> bool {
        let kind = match self.type_of(id) {
            Type::Dyn => return true,
            Type::Int => Kind::Int,
            Type::Uint => Kind::Uint,
            Type::Double => Kind::Double,
            Type::Bool => Kind::Bool,
            Type::String => Kind::String,
            Type::Bytes => Kind::Bytes,
            _ => return false,
        };
        kinds.contains(&kind)
    }

    /// `%s` takes scalars, lists, maps, types and null, and looks inside list and map literals.
    fn verify_string(&self, arg: &IdedExpr) -> Result<(), FormatError> {
        let printable = matches!(
            self.type_of(arg.id),
            Type::Dyn
                | Type::List(_)
                | Type::Map(..)
                | Type::Int
                | Type::Uint
                | Type::Double
                | Type::Bool
                | Type::String
                | Type::Timestamp
                | Type::Bytes
                | Type::Duration
                | Type::Meta(_)
                | Type::Null
        );
        if !printable {
            let message = format!(
                "error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, \
                 maps, lists, types, durations, and timestamps, was given {}",
                self.type_name(arg.id)
            );
            return Err(FormatError { id: arg.id, message });
        }
        match &arg.expr {
            Expr::List(list) => list.elements.iter().try_for_each(|element| self.verify_string(element)),
            Expr::Map(map) => map.entries.iter().try_for_each(|entry| match &entry.expr {
                EntryExpr::MapEntry(entry) => {
                    self.verify_string(&entry.key)?;
                    self.verify_string(&entry.value)
                }
                EntryExpr::StructField(_) => Ok(()),
            }),
            _ => Ok(()),
        }
    }

    /// The type's name as cel-go's `TypeName` gives it (no parameters; durations and timestamps by their proto names).
    fn type_name(&self, id: u64) -> String {
        match self.type_of(id) {
            Type::List(_) => "list".to_owned(),
            Type::Map(..) => "map".to_owned(),
            Type::Null => "null_type".to_owned(),
            Type::Duration => "google.protobuf.Duration".to_owned(),
            Type::Timestamp => "google.protobuf.Timestamp".to_owned(),
            Type::Opaque(name, _) => name.to_owned(),
            Type::Meta(_) => "type".to_owned(),
            other => other.to_string(),
        }
    }
}
