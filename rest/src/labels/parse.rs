//! The label selector grammar: a lexer into words and symbols, and a recursive-descent parser over them that
//! accepts what kube-apiserver accepts (empty values included: `k=`, `k in ()`, `k in (a,)`).

use std::collections::BTreeSet;
use std::fmt;
use std::iter::Peekable;
use std::vec::IntoIter;

use super::requirement::{Requirement, Test};
use super::syntax::{check_key, check_value};

/// One lexical unit. `in` and `notin` are words: they are operators only where an operator is expected, so a label
/// may be called `in`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token<'a> {
    Word(&'a str),
    Not,
    Comma,
    Equals,
    DoubleEquals,
    NotEquals,
    Greater,
    Less,
    Open,
    Close,
}

impl fmt::Display for Token<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let symbol = match self {
            Self::Word(word) => return write!(f, "{word:?}"),
            Self::Not => "!",
            Self::Comma => ",",
            Self::Equals => "=",
            Self::DoubleEquals => "==",
            Self::NotEquals => "!=",
            Self::Greater => ">",
            Self::Less => "<",
            Self::Open => "(",
            Self::Close => ")",
        };
        write!(f, "'{symbol}'")
    }
}

/// What the parser found where it expected something else: a token, or the end of the selector.
fn found(token: Option<Token<'_>>) -> String {
    token.map_or_else(|| "the end".to_owned(), |token| token.to_string())
}

/// The characters that end a word: the symbols of the grammar and the whitespace between tokens.
fn ends_word(c: char) -> bool {
    matches!(c, '!' | '=' | ',' | '(' | ')' | '<' | '>' | ' ' | '\t' | '\r' | '\n')
}

fn lex(text: &str) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let (token, length) = match c {
            ' ' | '\t' | '\r' | '\n' => (None, 1),
            '!' if rest.starts_with("!=") => (Some(Token::NotEquals), 2),
            '=' if rest.starts_with("==") => (Some(Token::DoubleEquals), 2),
            '!' => (Some(Token::Not), 1),
            '=' => (Some(Token::Equals), 1),
            ',' => (Some(Token::Comma), 1),
            '(' => (Some(Token::Open), 1),
            ')' => (Some(Token::Close), 1),
            '>' => (Some(Token::Greater), 1),
            '<' => (Some(Token::Less), 1),
            _ => {
                let length = rest.find(ends_word).unwrap_or(rest.len());
                (Some(Token::Word(&rest[..length])), length)
            }
        };
        tokens.extend(token);
        rest = &rest[length..];
    }
    tokens
}

type Tokens<'a> = Peekable<IntoIter<Token<'a>>>;

/// The requirements of `text`, in the order written; a reason when it does not parse or a key or value is invalid.
pub(super) fn requirements(text: &str) -> Result<Vec<Requirement>, String> {
    let mut tokens = lex(text).into_iter().peekable();
    let mut requirements = Vec::new();
    if tokens.peek().is_none() {
        return Ok(requirements);
    }
    loop {
        requirements.push(requirement(&mut tokens)?);
        match tokens.next() {
            None => return Ok(requirements),
            Some(Token::Comma) if matches!(tokens.peek(), Some(Token::Word(_) | Token::Not)) => {}
            Some(Token::Comma) => {
                return Err(format!("found {} after ',', expected another requirement", found(tokens.next())));
            }
            Some(other) => return Err(format!("found {other}, expected ',' or the end")),
        }
    }
}

/// `!key`, `key`, or `key OPERATOR VALUES`.
fn requirement(tokens: &mut Tokens<'_>) -> Result<Requirement, String> {
    let absent = tokens.next_if_eq(&Token::Not).is_some();
    let key = match tokens.next() {
        Some(Token::Word(key)) => key,
        other => return Err(format!("found {}, expected a label key", found(other))),
    };
    check_key(key)?;
    let key = key.to_owned();
    // A key alone (followed by the next requirement or the end) asks only that the label exist.
    if absent || matches!(tokens.peek(), None | Some(Token::Comma)) {
        let test = if absent { Test::DoesNotExist } else { Test::Exists };
        return Ok(Requirement { key, test });
    }
    let test = match tokens.next() {
        Some(Token::Equals | Token::DoubleEquals) => Test::In(BTreeSet::from([exact_value(tokens)?])),
        Some(Token::NotEquals) => Test::NotIn(BTreeSet::from([exact_value(tokens)?])),
        Some(Token::Greater) => Test::GreaterThan(whole_number(&exact_value(tokens)?)?),
        Some(Token::Less) => Test::LessThan(whole_number(&exact_value(tokens)?)?),
        Some(Token::Word("in")) => Test::In(value_set(tokens)?),
        Some(Token::Word("notin")) => Test::NotIn(value_set(tokens)?),
        other => {
            let expected = "one of '=', '==', '!=', 'in', 'notin', '>', '<'";
            return Err(format!("found {} after label key {key:?}, expected {expected}", found(other)));
        }
    };
    Ok(Requirement { key, test })
}

/// The single value after `=`, `==`, `!=`, `>` or `<`: a word, or the empty value when the requirement ends there.
fn exact_value(tokens: &mut Tokens<'_>) -> Result<String, String> {
    match tokens.peek() {
        None | Some(Token::Comma) => Ok(String::new()),
        Some(Token::Word(value)) => {
            let value = (*value).to_owned();
            tokens.next();
            check_value(&value)?;
            Ok(value)
        }
        Some(other) => Err(format!("found {other}, expected a label value")),
    }
}

/// `( value, value, … )` after `in` or `notin`; a missing value between commas or parentheses is the empty one.
fn value_set(tokens: &mut Tokens<'_>) -> Result<BTreeSet<String>, String> {
    match tokens.next() {
        Some(Token::Open) => {}
        other => return Err(format!("found {}, expected '(' and a list of values", found(other))),
    }
    let mut values = BTreeSet::new();
    loop {
        let value = match tokens.next_if(|token| matches!(token, Token::Word(_))) {
            Some(Token::Word(value)) => value,
            _ => "",
        };
        check_value(value)?;
        values.insert(value.to_owned());
        match tokens.next() {
            Some(Token::Comma) => {}
            Some(Token::Close) => return Ok(values),
            other => return Err(format!("found {} in a list of values, expected ',' or ')'", found(other))),
        }
    }
}

/// The bound of `>` or `<`, which must be a whole number.
fn whole_number(value: &str) -> Result<i64, String> {
    value.parse().map_err(|_| format!("the value compared with '>' or '<' must be a whole number, not {value:?}"))
}
