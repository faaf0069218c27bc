//! Numbers and strings written as Go writes them: `%g` (cel-go's `string(double)`), `%q`, and the locale printer
//! cel-go's `format` uses for `%f` (digits grouped by thousands) and `%e` (`1.234500 × 10⁰³`).

/// The shortest digits of a finite, non-zero `value`'s magnitude and its decimal exponent: `digits[0].digits[1..]
/// × 10^exponent`.
fn shortest(value: f64) -> (Vec<u8>, i32) {
    let text = format!("{:e}", value.abs());
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0').collect();
    (digits, exponent.parse().unwrap_or(0))
}

fn digit_string(digits: &[u8]) -> String {
    digits.iter().map(|d| char::from(b'0' + d)).collect()
}

/// `digits[0].digits[1..] × 10^exponent` written without an exponent: `0.00123`, `1230`, `12.3`.
fn positional(digits: &[u8], exponent: i32) -> String {
    let point = exponent + 1;
    if point <= 0 {
        format!("0.{}{}", "0".repeat((-point) as usize), digit_string(digits))
    } else if point as usize >= digits.len() {
        format!("{}{}", digit_string(digits), "0".repeat(point as usize - digits.len()))
    } else {
        let (whole, fraction) = digits.split_at(point as usize);
        format!("{}.{}", digit_string(whole), digit_string(fraction))
    }
}

/// `fmt.Sprintf("%g", value)`: the shortest digits, in exponent form below 1e-4 and from 1e6 up.
pub(crate) fn go_g(value: f64) -> String {
    if value.is_nan() {
        return "NaN".to_owned();
    }
    if value.is_infinite() {
        return if value > 0.0 { "+Inf" } else { "-Inf" }.to_owned();
    }
    let sign = if value.is_sign_negative() { "-" } else { "" };
    if value == 0.0 {
        return format!("{sign}0");
    }
    let (digits, exponent) = shortest(value);
    if !(-4..6).contains(&exponent) {
        let mut mantissa = digit_string(&digits[..1]);
        if digits.len() > 1 {
            mantissa.push('.');
            mantissa.push_str(&digit_string(&digits[1..]));
        }
        let exponent_sign = if exponent < 0 { '-' } else { '+' };
        return format!("{sign}{mantissa}e{exponent_sign}{:02}", exponent.abs());
    }
    format!("{sign}{}", positional(&digits, exponent))
}

/// `strconv.FormatFloat(value, 'f', -1, 64)`: the shortest digits, without an exponent.
pub(crate) fn go_f(value: f64) -> String {
    if !value.is_finite() {
        return go_g(value);
    }
    let sign = if value.is_sign_negative() && value != 0.0 { "-" } else { "" };
    if value == 0.0 {
        return "0".to_owned();
    }
    let (digits, exponent) = shortest(value);
    format!("{sign}{}", positional(&digits, exponent))
}

/// The decimal digits of `value` rounded half away from zero to `precision` places, from its shortest digits:
/// the integer part and the fraction.
fn fixed_parts(value: f64, precision: usize) -> (String, String) {
    if value == 0.0 {
        return ("0".to_owned(), "0".repeat(precision));
    }
    let (digits, exponent) = shortest(value);
    // The digits as a whole number scaled by 10^(exponent + 1 - len); keep `precision` places after the point.
    let point = exponent + 1;
    let kept = (point + precision as i32).max(0) as usize;
    let mut kept_digits: Vec<u8> = digits.iter().copied().chain(std::iter::repeat(0)).take(kept).collect();
    let round_up = digits.get(kept).is_some_and(|d| *d >= 5);
    if round_up {
        let mut index = kept_digits.len();
        loop {
            if index == 0 {
                kept_digits.insert(0, 1);
                break;
            }
            index -= 1;
            if kept_digits[index] == 9 {
                kept_digits[index] = 0;
            } else {
                kept_digits[index] += 1;
                break;
            }
        }
    }
    // Left-pad so there is at least one integer digit.
    let whole_len = kept_digits.len() as i64 - precision as i64;
    if whole_len <= 0 {
        let mut padded = vec![0; (1 - whole_len) as usize];
        padded.extend(kept_digits);
        kept_digits = padded;
    }
    let split = kept_digits.len() - precision;
    let whole = digit_string(&kept_digits[..split]);
    let whole = whole.trim_start_matches('0');
    (if whole.is_empty() { "0".to_owned() } else { whole.to_owned() }, digit_string(&kept_digits[split..]))
}

/// `%.Nf` through the `en_US` locale printer: digits grouped by thousands.
pub(crate) fn locale_fixed(value: f64, precision: usize) -> String {
    if value.is_nan() {
        return "NaN".to_owned();
    }
    if value.is_infinite() {
        return if value > 0.0 { "∞" } else { "-∞" }.to_owned();
    }
    let (whole, fraction) = fixed_parts(value, precision);
    let mut grouped = String::new();
    for (index, c) in whole.chars().enumerate() {
        if index > 0 && (whole.len() - index) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    let sign = if value.is_sign_negative() && (whole != "0" || fraction.chars().any(|c| c != '0')) { "-" } else { "" };
    if fraction.is_empty() { format!("{sign}{grouped}") } else { format!("{sign}{grouped}.{fraction}") }
}

/// `%e` through the `en_US` locale printer: six decimals, narrow no-break spaces around `×` and a superscript power
/// of ten.
pub(crate) fn locale_scientific(value: f64) -> String {
    if value.is_nan() {
        return "NaN".to_owned();
    }
    if value.is_infinite() {
        return if value > 0.0 { "∞" } else { "-∞" }.to_owned();
    }
    let (mantissa, exponent) = if value == 0.0 {
        (0.0, 0)
    } else {
        let (_, exponent) = shortest(value);
        (value.abs() / 10f64.powi(exponent), exponent)
    };
    let (mut whole, mut fraction) = fixed_parts(mantissa, 6);
    let mut exponent = exponent;
    if whole == "10" {
        whole = "1".to_owned();
        fraction = "0".repeat(6);
        exponent += 1;
    }
    let superscript = |c: char| match c {
        '0' => '⁰',
        '1' => '¹',
        '2' => '²',
        '3' => '³',
        '4' => '⁴',
        '5' => '⁵',
        '6' => '⁶',
        '7' => '⁷',
        '8' => '⁸',
        _ => '⁹',
    };
    let power: String = format!("{:02}", exponent.abs()).chars().map(superscript).collect();
    let power_sign = if exponent < 0 { "⁻" } else { "" };
    let sign = if value.is_sign_negative() { "-" } else { "" };
    format!("{sign}{whole}.{fraction}\u{202f}×\u{202f}10{power_sign}{power}")
}

/// `fmt.Sprintf("%q", text)`: a Go string literal.
pub(crate) fn go_quote(text: &str) -> String {
    let mut quoted = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            '\t' => quoted.push_str("\\t"),
            '\r' => quoted.push_str("\\r"),
            '\u{7}' => quoted.push_str("\\a"),
            '\u{8}' => quoted.push_str("\\b"),
            '\u{c}' => quoted.push_str("\\f"),
            '\u{b}' => quoted.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => quoted.push_str(&format!("\\x{:02x}", c as u32)),
            c if c.is_control() => {
                if (c as u32) <= 0xffff {
                    quoted.push_str(&format!("\\u{:04x}", c as u32));
                } else {
                    quoted.push_str(&format!("\\U{:08x}", c as u32));
                }
            }
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g_switches_to_exponents_as_go_does() {
        assert_eq!(go_g(100.0), "100");
        assert_eq!(go_g(1.5), "1.5");
        assert_eq!(go_g(1e6), "1e+06");
        assert_eq!(go_g(123456789.0), "1.23456789e+08");
        assert_eq!(go_g(1e-5), "1e-05");
        assert_eq!(go_g(0.0001), "0.0001");
        assert_eq!(go_g(1e21), "1e+21");
        assert_eq!(go_g(-0.0), "-0");
        assert_eq!(go_g(f64::INFINITY), "+Inf");
    }

    #[test]
    fn the_locale_printer_groups_and_writes_powers() {
        assert_eq!(locale_fixed(1.5, 6), "1.500000");
        assert_eq!(locale_fixed(2.0005, 3), "2.001");
        assert_eq!(locale_fixed(1e21, 6), "1,000,000,000,000,000,000,000.000000");
        assert_eq!(locale_fixed(1.2345, 2), "1.23");
        assert_eq!(locale_fixed(-1234.5, 0), "-1,235");
        assert_eq!(locale_scientific(1234.5), "1.234500\u{202f}×\u{202f}10⁰³");
        assert_eq!(locale_scientific(0.0), "0.000000\u{202f}×\u{202f}10⁰⁰");
        assert_eq!(locale_scientific(9.9999999), "1.000000\u{202f}×\u{202f}10⁰¹");
        assert_eq!(locale_scientific(0.000123), "1.230000\u{202f}×\u{202f}10⁻⁰⁴");
    }
}
