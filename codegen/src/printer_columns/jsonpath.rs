//! The JSONPath template syntax of client-go's `util/jsonpath`, as the API server reads a printer column's
//! `jsonPath` (wrapped in `{…}`): fields, `*`, `..`, indexes and slices, unions, `'key'`, filters, quoted text and
//! literals. Only parsing: what a path yields is worked out against a schema in [`super::schema_walk`].
//!
//! The rules follow the Go parser's, quirks included (a tab inside an action is an error, a filter's quotes are
//! paired loosely), since the server prints no column at all for a version when one of them fails to parse.

/// One step of an action.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Step {
    /// `.name` (escapes removed); an empty name is possible (`.` alone).
    Field(String),
    /// `.*` or `[*]`-less wildcard: every value of an object.
    Wildcard,
    /// `..`: the value and everything below it.
    Recursive,
    /// `[0]`, `[1:3]`, `[*]`, `[-1]`: elements of a list.
    Index,
    /// `[?(…)]`: the elements of a list the condition holds for; the condition's operands, each a list of steps.
    Filter(Vec<Vec<Step>>),
    /// `[a,b]`: each alternative applied to the same input.
    Union(Vec<Vec<Step>>),
    /// A quoted string, a number, a boolean or an identifier (`range`, `end`): a constant, not a place.
    Literal,
}

/// A template's actions (the `{…}` parts; text between them is kept as is by the printer and ignored here).
pub(crate) fn parse_template(text: &str) -> Result<Vec<Vec<Step>>, String> {
    let mut parser = Parser { input: text, pos: 0 };
    let mut actions = Vec::new();
    while let Some(open) = parser.rest().find('{') {
        parser.pos += open + 1;
        actions.push(parser.action()?);
    }
    Ok(actions)
}

/// Parses `text` as the inside of one action, as the Go parser does for filter operands and union members.
fn parse_action(text: &str) -> Result<Vec<Step>, String> {
    Ok(parse_template(&format!("{{{text}}}"))?.into_iter().next().unwrap_or_default())
}

struct Parser<'t> {
    input: &'t str,
    pos: usize,
}

impl<'t> Parser<'t> {
    fn rest(&self) -> &'t str {
        &self.input[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let next = self.peek()?;
        self.pos += next.len_utf8();
        Some(next)
    }

    /// The steps of an action up to its closing `}`.
    fn action(&mut self) -> Result<Vec<Step>, String> {
        let mut steps = Vec::new();
        loop {
            let rest = self.rest();
            if rest.starts_with('}') {
                self.pos += 1;
                return Ok(steps);
            }
            if rest.starts_with("[?(") {
                self.pos += 3;
                steps.push(self.filter()?);
                continue;
            }
            if rest.starts_with("..") {
                if steps.last() == Some(&Step::Recursive) {
                    return Err("invalid multiple recursive descent".to_owned());
                }
                self.pos += 2;
                steps.push(Step::Recursive);
                if self.peek().is_some_and(is_alphanumeric) {
                    steps.push(self.field());
                }
                continue;
            }
            match self.bump() {
                None | Some('\r' | '\n') => return Err("unclosed action".to_owned()),
                Some(' ' | '@' | '$') => {}
                Some('[') => steps.push(self.bracket()?),
                Some(quote @ ('"' | '\'')) => {
                    self.quoted(quote)?;
                    steps.push(Step::Literal);
                }
                Some('.') => steps.push(self.field()),
                Some(c) if c == '+' || c == '-' || c.is_numeric() => {
                    self.number(c)?;
                    steps.push(Step::Literal);
                }
                Some(c) if is_alphanumeric(c) => {
                    self.identifier();
                    steps.push(Step::Literal);
                }
                Some(c) => return Err(format!("unrecognized character in action: {c:?}")),
            }
        }
    }

    /// A field name after `.`, up to an unescaped terminator; a backslash keeps the next character.
    fn field(&mut self) -> Step {
        let mut name = String::new();
        while let Some(c) = self.peek() {
            if c == '\\' {
                self.bump();
                if let Some(escaped) = self.bump() {
                    name.push(escaped);
                }
                continue;
            }
            if is_terminator(c) {
                break;
            }
            name.push(c);
            self.bump();
        }
        if name == "*" { Step::Wildcard } else { Step::Field(name) }
    }

    fn identifier(&mut self) {
        while self.peek().is_some_and(|c| !is_terminator(c)) {
            self.bump();
        }
    }

    /// An integer or a decimal: an optional sign, then digits and dots.
    fn number(&mut self, first: char) -> Result<(), String> {
        let start = self.pos - first.len_utf8();
        while self.peek().is_some_and(|c| c == '.' || c.is_numeric()) {
            self.bump();
        }
        let text = &self.input[start..self.pos];
        let ascii = text.trim_start_matches(['+', '-']).chars().all(|c| c == '.' || c.is_ascii_digit());
        if ascii && (text.parse::<i64>().is_ok() || go_float(text)) {
            return Ok(());
        }
        Err(format!("cannot parse number {text}"))
    }

    /// `[…]` after its `[`: a union, a quoted key, or an index or slice.
    fn bracket(&mut self) -> Result<Step, String> {
        let Some(close) = self.rest().find([']', '\n']).filter(|&at| self.rest().as_bytes()[at] == b']') else {
            return Err("unterminated array".to_owned());
        };
        let inner = &self.rest()[..close];
        self.pos += close + 1;
        let inner = if inner == "*" { ":" } else { inner };
        if inner.contains(',') {
            let members = inner.split(',').map(|member| parse_action(&format!("[{}]", member.trim_matches(' '))));
            return Ok(Step::Union(members.collect::<Result<_, _>>()?));
        }
        if let Some(key) = inner.strip_prefix('\'').and_then(|k| k.strip_suffix('\'')).filter(|k| !k.contains('\'')) {
            // The Go parser reads `['key']` as `.key`, so the key goes through the action parser again.
            return Ok(Step::Union(vec![parse_action(&format!(".{key}"))?]));
        }
        slice(inner)?;
        Ok(Step::Index)
    }

    /// `[?(…)]` after its `[?(`: the condition up to a `)` outside quotes, then `]`.
    fn filter(&mut self) -> Result<Step, String> {
        let start = self.pos;
        let (mut opened, mut closed, mut pair) = (false, false, '"');
        let mut previous = '\0';
        loop {
            let Some(c) = self.bump().filter(|&c| c != '\n') else {
                return Err("unterminated filter".to_owned());
            };
            match c {
                '"' | '\'' if !opened => (opened, pair) = (true, c),
                '"' | '\'' if c == pair && previous != '\\' => closed = true,
                ')' if opened == closed => break,
                _ => {}
            }
            previous = c;
        }
        if self.bump() != Some(']') {
            return Err("unclosed array expect ]".to_owned());
        }
        let condition = &self.input[start..self.pos - 2];
        let operands = match split_comparison(condition) {
            Some((left, right)) => vec![parse_action(left)?, parse_action(right)?],
            None => vec![parse_action(condition)?],
        };
        Ok(Step::Filter(operands))
    }

    /// A quoted string after its opening quote, up to the same quote unless escaped; escapes must be Go's.
    fn quoted(&mut self, quote: char) -> Result<(), String> {
        let start = self.pos;
        let mut previous = quote;
        loop {
            match self.bump() {
                None | Some('\n') => return Err("unterminated quoted string".to_owned()),
                Some(c) if c == quote && previous != '\\' => break,
                Some(c) => previous = c,
            }
        }
        let body = &self.input[start..self.pos - 1];
        unescape(body, quote).map_err(|_| format!("unquote string {quote}{body}{quote} error invalid syntax"))
    }
}

/// A filter's `left op right`, the operator the first run of `!<>=` (the left side holds none of them).
fn split_comparison(condition: &str) -> Option<(&str, &str)> {
    let op_start = condition.find(['!', '<', '>', '='])?;
    if op_start == 0 {
        return None;
    }
    let op_len = condition[op_start..].find(|c| !matches!(c, '!' | '<' | '>' | '=')).unwrap_or(0);
    let right = &condition[op_start + op_len..];
    if op_len == 0 || right.is_empty() {
        return None;
    }
    Some((&condition[..op_start], right))
}

/// An index or slice as the Go parser takes it: `start`, `start:end` or `start:end:step`, each optional and
/// signed.
fn slice(text: &str) -> Result<(), String> {
    let invalid = || format!("invalid array index {text}");
    let parts: Vec<&str> = text.split(':').collect();
    if parts.len() > 3 {
        return Err(invalid());
    }
    for part in parts {
        let digits = part.strip_prefix('-').unwrap_or(part);
        if !digits.chars().all(|c| c.is_ascii_digit()) {
            return Err(invalid());
        }
        if !part.is_empty() && part.parse::<i64>().is_err() {
            return Err(format!("array index {part} is not a number"));
        }
    }
    Ok(())
}

/// Whether Go's `strconv.ParseFloat` takes `text` (digits, at most one dot, at least one digit, an optional sign).
fn go_float(text: &str) -> bool {
    let unsigned = text.strip_prefix(['+', '-']).unwrap_or(text);
    unsigned.matches('.').count() <= 1 && unsigned.chars().any(|c| c.is_ascii_digit())
}

/// Checks the escapes of a quoted string as Go's `strconv.UnquoteChar` does.
fn unescape(body: &str, quote: char) -> Result<(), ()> {
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c == quote {
            return Err(());
        }
        if c != '\\' {
            continue;
        }
        let hex_digits = match chars.next().ok_or(())? {
            'a' | 'b' | 'f' | 'n' | 'r' | 't' | 'v' | '\\' => 0,
            escaped @ ('\'' | '"') if escaped == quote => 0,
            'x' => 2,
            'u' => 4,
            'U' => 8,
            first @ '0'..='7' => {
                let rest: String = chars.by_ref().take(2).collect();
                let value = u32::from_str_radix(&format!("{first}{rest}"), 8).map_err(|_| ())?;
                if rest.len() != 2 || value > 255 {
                    return Err(());
                }
                0
            }
            _ => return Err(()),
        };
        if hex_digits > 0 {
            let digits: String = chars.by_ref().take(hex_digits).collect();
            let value = u32::from_str_radix(&digits, 16).map_err(|_| ())?;
            if digits.len() != hex_digits || (hex_digits > 2 && char::from_u32(value).is_none()) {
                return Err(());
            }
        }
    }
    Ok(())
}

fn is_alphanumeric(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// The characters that end a field name or identifier.
fn is_terminator(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n' | '.' | ',' | '[' | ']' | '$' | '@' | '{' | '}')
}

#[cfg(test)]
mod tests {
    use super::{Step, parse_template};

    fn steps(path: &str) -> Vec<Step> {
        let actions = parse_template(&format!("{{{path}}}")).unwrap_or_else(|e| panic!("{path}: {e}"));
        actions.into_iter().next().unwrap_or_default()
    }

    #[test]
    fn fields_indexes_and_filters_parse_into_steps() {
        assert_eq!(
            steps(".metadata.creationTimestamp"),
            [Step::Field("metadata".into()), Step::Field("creationTimestamp".into())]
        );
        assert_eq!(steps(".spec.ports[0].name")[2], Step::Index);
        let filter = &steps(r#".status.conditions[?(@.type=="Ready")].status"#)[2];
        let Step::Filter(operands) = filter else { panic!("{filter:?}") };
        assert_eq!(operands, &[vec![Step::Field("type".into())], vec![Step::Literal]]);
        assert_eq!(
            steps(r".metadata.labels.app\.kubernetes\.io/name")[2],
            Step::Field("app.kubernetes.io/name".into())
        );
        assert_eq!(steps(".spec.*"), [Step::Field("spec".into()), Step::Wildcard]);
    }

    #[test]
    fn what_the_go_parser_refuses_is_refused() {
        for path in [
            ".spec[",
            ".spec[x]",
            ".spec[1:2:3:4]",
            ".spec[?(@.a==1)",
            ".spec.a\tb",
            ".spec (",
            "....spec",
            r#".spec["a"]"#,
            r#".a[?(@.b=="x\q")]"#,
            ".a[-]",
            "+",
        ] {
            assert!(parse_template(&format!("{{{path}}}")).is_err(), "{path} parsed");
        }
        for path in [".spec[*]", ".spec[-1:]", ".spec['a.b']", ".spec[0,1]", ".a[?(@.b)]", "..name", ".a}{.b", "."] {
            assert!(parse_template(&format!("{{{path}}}")).is_ok(), "{path} refused");
        }
    }
}
