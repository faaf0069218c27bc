//! Type errors written as cel-go writes them (`ERROR: <input>:1:8: message`, then the source line and a caret under
//! the column), sorted by position, as the API server puts them after `compilation failed: `.

use cel::common::ast::{Expr, IdedExpr, LiteralValue, SourceInfo};

/// The most errors cel-go writes out; beyond that it says how many it left out.
const MAX_ERRORS: usize = 100;

/// One error at one expression.
#[derive(Debug, Clone)]
pub(crate) struct Issue {
    /// 1-based line, 0-based column (in characters).
    line: usize,
    column: usize,
    pub message: String,
}

impl Issue {
    /// An error at the expression `id`, placed where `info` says it was written.
    pub fn at(id: u64, info: &SourceInfo, message: String) -> Issue {
        Issue::at_offset(info.offset_for(id).map_or(0, |(start, _)| start as usize), info, message)
    }

    /// An error at `expression`: where [`Issue::at`] places its id, but a negative number starts at its `-` (which
    /// the parser folds into the literal, placed at its digits).
    pub fn at_expression(expression: &IdedExpr, info: &SourceInfo, message: String) -> Issue {
        let negative = match &expression.expr {
            Expr::Literal(LiteralValue::Int(value)) => *value.inner() < 0,
            Expr::Literal(LiteralValue::Double(value)) => value.inner().is_sign_negative(),
            _ => false,
        };
        let start = info.offset_for(expression.id).map_or(0, |(start, _)| start as usize);
        let before_digits = start.checked_sub(1).filter(|at| info.source.chars().nth(*at) == Some('-'));
        match (negative, before_digits) {
            (true, Some(minus)) => Issue::at_offset(minus, info, message),
            _ => Issue::at(expression.id, info, message),
        }
    }

    /// An error at the `offset`th character of the source.
    pub fn at_offset(offset: usize, info: &SourceInfo, message: String) -> Issue {
        let (mut line, mut column) = (1, 0);
        for c in info.source.chars().take(offset) {
            if c == '\n' {
                line += 1;
                column = 0;
            } else {
                column += 1;
            }
        }
        Issue { line, column, message }
    }
}

/// All errors, each with its snippet, in cel-go's order and words.
pub(crate) fn display(issues: &mut [Issue], source: &str) -> String {
    issues.sort_by_key(|issue| (issue.line, issue.column));
    let mut shown: Vec<String> = issues.iter().take(MAX_ERRORS).map(|issue| one(issue, source)).collect();
    if issues.len() > MAX_ERRORS {
        shown.push(format!("{} more errors were truncated", issues.len() - MAX_ERRORS));
    }
    shown.join("\n")
}

fn one(issue: &Issue, source: &str) -> String {
    let mut text = format!("ERROR: <input>:{}:{}: {}", issue.line, issue.column + 1, issue.message);
    if let Some(snippet) = source.split('\n').nth(issue.line - 1) {
        let snippet = snippet.strip_suffix('\r').unwrap_or(snippet).replace('\t', " ");
        let mut pointer: String =
            snippet.chars().take(issue.column).map(|c| if c.len_utf8() > 1 { '\u{ff0e}' } else { '.' }).collect();
        pointer.push(match snippet.chars().nth(issue.column) {
            Some(c) if c.len_utf8() > 1 => '\u{ff3e}',
            _ => '^',
        });
        text.push_str(&format!("\n | {snippet}\n | {pointer}"));
    }
    text
}
