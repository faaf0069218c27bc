//! The literal arguments the API server validates once a rule type-checks (cel-go's `ValidateRegexLiterals`,
//! `ValidateDurationLiterals`, `ValidateTimestampLiterals`): a `matches` pattern must compile as RE2, and
//! `duration(…)` and `timestamp(…)` must convert, as Go's `time.ParseDuration` and `time.Parse(RFC3339)` read
//! them. Constant patterns of the global `matches`, `find` and `findAll` are compiled when the server builds the
//! program, and refused then in the words of Go's `regexp` package.

/// The most repetitions Go's `regexp` allows in `{n,m}`.
const MAX_REPEAT: u32 = 1000;

/// Whether `pattern` compiles as a Go regular expression.
pub(crate) fn valid_regex(pattern: &str) -> bool {
    regex_error(pattern).is_none()
}

/// Why Go's `regexp.Compile` refuses `pattern` (`missing closing ]: `[``), or `None` when it compiles. The usual
/// mistakes are found and worded as Go words them; anything else Rust's `regex` (the same RE2 syntax) refuses is
/// reported in its words.
pub(crate) fn regex_error(pattern: &str) -> Option<String> {
    go_syntax_error(pattern).or_else(|| {
        regex::Regex::new(&literal_braces_escaped(pattern)).err().map(|error| {
            let text = error.to_string();
            let last = text.lines().rev().find(|line| !line.trim().is_empty()).unwrap_or(&text);
            format!("{}: `{pattern}`", last.trim().trim_start_matches("error: "))
        })
    })
}

/// The first error Go's parser meets, left to right, among those rules commonly hold.
fn go_syntax_error(pattern: &str) -> Option<String> {
    let chars: Vec<char> = pattern.chars().collect();
    let text = |from: usize, to: usize| chars[from..to.min(chars.len())].iter().collect::<String>();
    let mut open_groups = 0usize;
    // Whether the last item can be repeated, and whether it already is.
    let (mut operand, mut repeated) = (false, false);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' => {
                let Some(&next) = chars.get(i + 1) else {
                    return Some("trailing backslash at end of expression: ``".to_owned());
                };
                if next.is_ascii_alphanumeric() && !"afnrtvdDsSwWbBAzpPxQE".contains(next) {
                    return Some(format!("invalid escape sequence: `{}`", text(i, i + 2)));
                }
                i += 2;
                (operand, repeated) = (true, false);
                continue;
            }
            '(' => {
                if chars.get(i + 1) == Some(&'?') {
                    let rest = text(i + 2, chars.len());
                    let flags = rest.chars().take_while(|c| "imsU-".contains(*c)).count();
                    let named = rest.starts_with("P<") || rest.starts_with('<');
                    let after_flags = rest.chars().nth(flags);
                    if !named && !matches!(after_flags, Some(':' | ')')) {
                        return Some(format!("invalid or unsupported Perl syntax: `{}`", text(i, i + 3)));
                    }
                    // Past the header: `(?i)` only sets flags, `(?i:` and `(?P<name>` open a group.
                    let header = match (named, after_flags) {
                        (true, _) => rest.find('>').map_or(rest.chars().count(), |end| rest[..end].chars().count()),
                        (false, _) => flags,
                    };
                    i += 2 + header + 1;
                    if !named && after_flags == Some(')') {
                        continue;
                    }
                    open_groups += 1;
                    (operand, repeated) = (false, false);
                    continue;
                }
                open_groups += 1;
                (operand, repeated) = (false, false);
            }
            ')' => {
                if open_groups == 0 {
                    return Some(format!("unexpected ): `{pattern}`"));
                }
                open_groups -= 1;
                (operand, repeated) = (true, false);
            }
            '|' => (operand, repeated) = (false, false),
            '[' => {
                let start = i;
                i += 1;
                if chars.get(i) == Some(&'^') {
                    i += 1;
                }
                let mut first = true;
                loop {
                    let Some(&member) = chars.get(i) else {
                        return Some(format!("missing closing ]: `{}`", text(start, chars.len())));
                    };
                    if member == ']' && !first {
                        break;
                    }
                    first = false;
                    let low = if member == '\\' {
                        i += 1;
                        chars.get(i).copied()
                    } else {
                        Some(member)
                    };
                    if chars.get(i + 1) == Some(&'-') && chars.get(i + 2).is_some_and(|c| *c != ']') {
                        let high = chars[i + 2];
                        if low.is_some_and(|low| high != '\\' && high < low) {
                            return Some(format!("invalid character class range: `{}`", text(i, i + 3)));
                        }
                        i += 2;
                    }
                    i += 1;
                }
                (operand, repeated) = (true, false);
            }
            '*' | '+' | '?' | '{' => {
                let end = match c {
                    '{' => match repeat_end(&chars, i) {
                        Some(end) => end,
                        // Not a repetition: a literal brace.
                        None => {
                            (operand, repeated) = (true, false);
                            i += 1;
                            continue;
                        }
                    },
                    _ => i + 1,
                };
                // A `?` right after a repetition makes it lazy.
                let end = if chars.get(end) == Some(&'?') { end + 1 } else { end };
                if repeated {
                    let previous = (0..i).rev().find(|&at| "*+?}".contains(chars[at])).unwrap_or(i);
                    let previous_start = if chars[previous] == '}' {
                        (0..previous).rev().find(|&at| chars[at] == '{').unwrap_or(previous)
                    } else {
                        previous
                    };
                    return Some(format!("invalid nested repetition operator: `{}`", text(previous_start, end)));
                }
                if !operand {
                    return Some(format!("missing argument to repetition operator: `{}`", text(i, end)));
                }
                if c == '{' {
                    let counts = text(i + 1, end).trim_end_matches(['?', '}']).to_owned();
                    if counts.split(',').any(|n| n.parse::<u32>().is_ok_and(|n| n > MAX_REPEAT)) {
                        return Some(format!("invalid repeat count: `{}`", text(i, end)));
                    }
                }
                repeated = true;
                i = end;
                continue;
            }
            _ => (operand, repeated) = (true, false),
        }
        i += 1;
    }
    (open_groups > 0).then(|| format!("missing closing ): `{pattern}`"))
}

/// `pattern` with the braces Go reads as literal characters (`x{`, `{a}`) escaped, as Rust's `regex` wants them.
fn literal_braces_escaped(pattern: &str) -> String {
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::with_capacity(pattern.len());
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' => {
                out.extend(&chars[i..(i + 2).min(chars.len())]);
                i += 2;
                continue;
            }
            '{' if repeat_end(&chars, i).is_none() => out.push_str("\\{"),
            c => out.push(c),
        }
        i += 1;
    }
    out
}

/// The end (exclusive) of `{n}`, `{n,}` or `{n,m}` starting at `start`, when it is one.
fn repeat_end(chars: &[char], start: usize) -> Option<usize> {
    let close = (start..chars.len()).find(|&at| chars[at] == '}')?;
    let inside: String = chars[start + 1..close].iter().collect();
    let (low, high) = inside.split_once(',').unwrap_or((&inside, &inside));
    let numeric = |part: &str| part.chars().all(|c| c.is_ascii_digit());
    (!low.is_empty() && numeric(low) && numeric(high)).then_some(close + 1)
}

/// Whether `timestamp(seconds)` is within CEL's range (years 1 to 9999).
pub(crate) fn valid_timestamp_seconds(seconds: i64) -> bool {
    (-62_135_596_800..=253_402_300_799).contains(&seconds)
}

/// Whether Go's `time.ParseDuration` accepts `text`: a sign, then numbers with units (`1h30m`, `1.5s`, `-2ms`), or
/// `0`; within ±2^63 nanoseconds.
pub(crate) fn valid_duration(text: &str) -> bool {
    let rest = text.strip_prefix(['-', '+']).unwrap_or(text);
    if rest == "0" {
        return true;
    }
    if rest.is_empty() {
        return false;
    }
    let mut total: f64 = 0.0;
    let mut rest = rest;
    while !rest.is_empty() {
        let digits = rest.find(|c: char| !c.is_ascii_digit() && c != '.').unwrap_or(rest.len());
        let number = &rest[..digits];
        if number.is_empty() || number == "." || number.matches('.').count() > 1 {
            return false;
        }
        rest = &rest[digits..];
        let unit_length = rest.find(|c: char| c.is_ascii_digit() || c == '.').unwrap_or(rest.len());
        let nanoseconds = match &rest[..unit_length] {
            "ns" => 1.0,
            "us" | "\u{b5}s" | "\u{3bc}s" => 1e3,
            "ms" => 1e6,
            "s" => 1e9,
            "m" => 60e9,
            "h" => 3600e9,
            _ => return false,
        };
        rest = &rest[unit_length..];
        let Ok(value) = number.parse::<f64>() else { return false };
        total += value * nanoseconds;
    }
    total <= 9_223_372_036_854_775_807.0
}

/// Whether Go's `time.Parse(time.RFC3339, text)` accepts `text` (`2006-01-02T15:04:05.999Z07:00`) and CEL's
/// timestamp range (years 1 to 9999) holds it.
pub(crate) fn valid_timestamp(text: &str) -> bool {
    let bytes = text.as_bytes();
    let number = |range: std::ops::Range<usize>| -> Option<u32> {
        let part = text.get(range)?;
        part.bytes().all(|b| b.is_ascii_digit()).then(|| part.parse().ok()).flatten()
    };
    let at = |index: usize, expected: u8| bytes.get(index) == Some(&expected);
    let (Some(year), Some(month), Some(day), Some(hour), Some(minute), Some(second)) =
        (number(0..4), number(5..7), number(8..10), number(11..13), number(14..16), number(17..19))
    else {
        return false;
    };
    if !(at(4, b'-') && at(7, b'-') && at(10, b'T') && at(13, b':') && at(16, b':')) {
        return false;
    }
    let Some(days) = crate::calendar::days_in_month(year, month) else { return false };
    if day == 0 || day > days || hour > 23 || minute > 59 || second > 59 || year == 0 {
        return false;
    }
    let mut rest = &text[19..];
    if let Some(fraction) = rest.strip_prefix('.') {
        let digits = fraction.find(|c: char| !c.is_ascii_digit()).unwrap_or(fraction.len());
        if digits == 0 {
            return false;
        }
        rest = &fraction[digits..];
    }
    match rest {
        "Z" => true,
        zone if zone.len() == 6 && (zone.starts_with('+') || zone.starts_with('-')) && &zone[3..4] == ":" => {
            let hours = zone[1..3].parse::<u32>().ok();
            let minutes = zone[4..6].parse::<u32>().ok();
            let digits = zone[1..3].bytes().chain(zone[4..6].bytes()).all(|b| b.is_ascii_digit());
            digits && hours.is_some_and(|h| h < 24) && minutes.is_some_and(|m| m < 60)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_go_reads_them() {
        for good in ["0", "1s", "1h30m", "-1.5s", "+2ms", "3us", "1\u{b5}s", ".5s", "5.s", "300ms"] {
            assert!(valid_duration(good), "{good}");
        }
        for bad in ["", "1", "1x", "s", ".s", "1d", "--1s", "1s2", "9999999999h"] {
            assert!(!valid_duration(bad), "{bad}");
        }
    }

    #[test]
    fn timestamps_read_as_rfc_3339() {
        for good in ["2020-01-01T00:00:00Z", "2024-02-29T23:59:59.123456789+05:30", "0001-01-01T00:00:00-00:00"] {
            assert!(valid_timestamp(good), "{good}");
        }
        for bad in [
            "x",
            "2020-01-01",
            "2020-01-01 00:00:00Z",
            "2023-02-29T00:00:00Z",
            "2020-13-01T00:00:00Z",
            "2020-01-01T24:00:00Z",
            "2020-01-01T00:00:00",
            "2020-01-01T00:00:00.Z",
            "2020-01-01T00:00:00+0530",
            "0000-01-01T00:00:00Z",
        ] {
            assert!(!valid_timestamp(bad), "{bad}");
        }
    }

    #[test]
    fn regexes_compile_or_not_in_gos_words() {
        for good in ["^[a-z]+$", "(?i)abc", "a*?", "z-a]", "[]a]", "(?P<x>a)", "a{2,3}", "\\.\\d", "x{", "[a-]"] {
            assert_eq!(regex_error(good), None, "{good}");
        }
        for (bad, go) in [
            ("[", "missing closing ]: `[`"),
            ("(", "missing closing ): `(`"),
            (")", "unexpected ): `)`"),
            ("a**", "invalid nested repetition operator: `**`"),
            ("*", "missing argument to repetition operator: `*`"),
            ("[z-a]", "invalid character class range: `z-a`"),
            ("\\q", "invalid escape sequence: `\\q`"),
            ("(?=a)", "invalid or unsupported Perl syntax: `(?=`"),
            ("a\\", "trailing backslash at end of expression: ``"),
            ("a{1001}", "invalid repeat count: `{1001}`"),
        ] {
            assert_eq!(regex_error(bad).as_deref(), Some(go), "{bad}");
        }
    }
}
