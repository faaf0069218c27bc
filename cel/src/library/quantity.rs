//! Kubernetes' `quantity` library over resource quantities (`1.5Gi`, `500m`, `2e3`), parsed, compared and added
//! exactly as k8s.io/apimachinery's `resource.Quantity`: the same two representations (a small integer times a power
//! of ten, or a decimal rounded up to nano precision), so `asInteger`, `isInteger` and `asApproximateFloat` give the
//! same answers, quirks included (`quantity('1000m').isInteger()` is false).

use std::cmp::Ordering;

use cel::common::types::{INT_TYPE, STRING_TYPE, Type};
use cel::objects::Opaque;
use cel::{DeclarationError, Env, ExecutionError, Value};

use super::args::{error, int, opaque, overload, string, wrap};

/// The CEL type of a quantity.
pub(crate) const TYPE_NAME: &str = "kubernetes.Quantity";

const FORMAT_WRONG: &str =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const NUMERIC: &str = "unable to parse numeric part of quantity";
const SUFFIX: &str = "unable to parse quantity's suffix";
/// Beyond the 128-bit decimals kapi keeps (Kubernetes' are unbounded): about 10^29 at nano precision.
const OUT_OF_RANGE: &str = "quantity out of the range kapi evaluates (about 10^29)";

/// The smallest step a parsed quantity keeps: a nano (10^-9), rounding away from zero.
const NANO: i32 = -9;
/// The largest binary-suffixed quantity: larger ones are capped to it.
const MAX_ALLOWED: i128 = i64::MAX as i128;

/// A quantity: `unscaled × 10^exponent`, in one of Kubernetes' two representations.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Quantity {
    unscaled: i128,
    exponent: i32,
    /// Whether it is held as an arbitrary decimal rather than a 64-bit integer and a scale.
    decimal: bool,
}

impl PartialEq for Quantity {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Quantity {}

impl Opaque for Quantity {
    fn runtime_type_name(&self) -> &str {
        TYPE_NAME
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Format {
    Decimal,
    Binary,
}

impl Quantity {
    fn int(value: i64, exponent: i32) -> Self {
        Quantity { unscaled: i128::from(value), exponent, decimal: false }
    }

    fn dec(unscaled: i128, exponent: i32) -> Self {
        Quantity { unscaled, exponent, decimal: true }
    }

    /// Parses `text` as `resource.ParseQuantity` does, with its error messages.
    pub(crate) fn parse(text: &str) -> Result<Self, &'static str> {
        if text.is_empty() {
            return Err(FORMAT_WRONG);
        }
        if text == "0" {
            return Ok(Quantity::int(0, 0));
        }
        let parts = split(text)?;
        let (base, exponent, format) = interpret(parts.suffix).ok_or(SUFFIX)?;
        let digits = parts.num.len() + parts.denom.len();
        let precision = match format {
            Format::Decimal => 18 - digits as i64,
            Format::Binary if parts.denom.is_empty() => {
                15 - parts.num.len() as i64 - ((exponent as f32) * 3.0 / 10.0) as i64 - 1
            }
            Format::Binary => -1,
        };
        if precision >= 0 {
            let (scale, mantissa) = match format {
                Format::Decimal => (i64::from(exponent) - parts.denom.len() as i64, 1i64),
                Format::Binary => (-(parts.denom.len() as i64), 1i64 << exponent),
            };
            if scale >= i64::from(NANO) {
                let shifted: i64 = format!("{}{}", parts.num, parts.denom).parse().map_err(|_| NUMERIC)?;
                if let Some(result) = shifted.checked_mul(mantissa) {
                    let result = if parts.positive { result } else { -result };
                    let scale = i32::try_from(scale).map_err(|_| OUT_OF_RANGE)?;
                    return Ok(Quantity::int(result, scale));
                }
            }
        }
        slow_parse(&parts, base, exponent, format)
    }

    fn sign(&self) -> i64 {
        self.unscaled.signum() as i64
    }

    /// `AsInt64`: only the integer representation with a scale of zero or more converts.
    fn as_int64(&self) -> Option<i64> {
        if self.decimal || self.exponent < 0 {
            return None;
        }
        let value = i64::try_from(self.unscaled).ok()?;
        let factor = 10i64.checked_pow(u32::try_from(self.exponent).ok()?)?;
        value.checked_mul(factor)
    }

    /// `AsApproximateFloat64`: the unscaled value times a power of ten, computed as Go computes it.
    fn as_approximate_float(&self) -> f64 {
        let base = self.unscaled as f64;
        if self.exponent == 0 { base } else { base * pow10(self.exponent) }
    }

    /// Exact comparison of the two values.
    fn cmp(&self, other: &Self) -> Ordering {
        let (left, right) = (self.sign(), other.sign());
        if left != right || left == 0 {
            return left.cmp(&right);
        }
        let magnitude = compare_magnitudes(
            (self.unscaled.unsigned_abs(), self.exponent),
            (other.unscaled.unsigned_abs(), other.exponent),
        );
        if left > 0 { magnitude } else { magnitude.reverse() }
    }

    /// `Add`: integers while they fit, else decimals.
    fn add(&self, other: &Self) -> Result<Self, &'static str> {
        if !self.decimal && !other.decimal {
            if other.unscaled == 0 {
                return Ok(*self);
            }
            if self.unscaled == 0 {
                return Ok(*other);
            }
            let (low, a, b) = align_int(self, other);
            if let (Some(a), Some(b)) = (a, b)
                && let Some(sum) = a.checked_add(b)
            {
                return Ok(Quantity::int(sum, low));
            }
        }
        let low = self.exponent.min(other.exponent);
        let a = rescale(self.unscaled, self.exponent - low).ok_or(OUT_OF_RANGE)?;
        let b = rescale(other.unscaled, other.exponent - low).ok_or(OUT_OF_RANGE)?;
        Ok(Quantity::dec(a.checked_add(b).ok_or(OUT_OF_RANGE)?, low))
    }

    fn negated(&self) -> Self {
        Quantity { unscaled: -self.unscaled, ..*self }
    }
}

/// Both integer quantities at the smaller exponent, each `None` if it no longer fits 64 bits.
fn align_int(a: &Quantity, b: &Quantity) -> (i32, Option<i64>, Option<i64>) {
    let low = a.exponent.min(b.exponent);
    let shift = |q: &Quantity| rescale(q.unscaled, q.exponent - low).and_then(|v| i64::try_from(v).ok());
    (low, shift(a), shift(b))
}

/// `value × 10^shift`, if it fits.
fn rescale(value: i128, shift: i32) -> Option<i128> {
    10i128.checked_pow(u32::try_from(shift).ok()?).and_then(|factor| value.checked_mul(factor))
}

/// Compares `a × 10^i` with `b × 10^j` for non-negative `a` and `b`.
fn compare_magnitudes((a, i): (u128, i32), (b, j): (u128, i32)) -> Ordering {
    let digits = |n: u128| if n == 0 { 0 } else { n.ilog10() as i64 + 1 };
    let (order_a, order_b) = (digits(a) + i64::from(i), digits(b) + i64::from(j));
    if order_a != order_b {
        return order_a.cmp(&order_b);
    }
    // Same order of magnitude: the exponents differ by at most the digits of one of them, so aligning fits.
    let low = i.min(j);
    let scale = |n: u128, e: i32| 10u128.checked_pow((e - low) as u32).and_then(|f| n.checked_mul(f));
    match (scale(a, i), scale(b, j)) {
        (Some(a), Some(b)) => a.cmp(&b),
        _ => (a as f64 * pow10(i)).partial_cmp(&(b as f64 * pow10(j))).unwrap_or(Ordering::Equal),
    }
}

/// The pieces of a quantity's text.
struct Parts<'a> {
    positive: bool,
    /// The sign and number as written, up to the suffix.
    value: &'a str,
    /// The integer digits without leading zeros (`0` if none).
    num: &'a str,
    /// The fraction digits.
    denom: &'a str,
    suffix: &'a str,
}

/// Splits `text` as `parseQuantityString` does.
fn split(text: &str) -> Result<Parts<'_>, &'static str> {
    let bytes = text.as_bytes();
    let end = bytes.len();
    let mut pos = 0;
    let mut positive = true;
    match bytes.first() {
        Some(b'-') => {
            positive = false;
            pos += 1;
        }
        Some(b'+') => pos += 1,
        _ => {}
    }
    while pos < end && bytes[pos] == b'0' {
        pos += 1;
    }
    if pos >= end {
        return Ok(Parts { positive, value: "0", num: "0", denom: "", suffix: "" });
    }
    let num_start = pos;
    while pos < end && bytes[pos].is_ascii_digit() {
        pos += 1;
    }
    if pos >= end {
        return Ok(Parts { positive, value: text, num: &text[num_start..], denom: "", suffix: "" });
    }
    let num = if pos == num_start { "0" } else { &text[num_start..pos] };
    let mut denom = "";
    if bytes[pos] == b'.' {
        pos += 1;
        let denom_start = pos;
        while pos < end && bytes[pos].is_ascii_digit() {
            pos += 1;
        }
        denom = &text[denom_start..pos];
        if pos >= end {
            return Ok(Parts { positive, value: text, num, denom, suffix: "" });
        }
    }
    let value = &text[..pos];
    let suffix_start = pos;
    while pos < end && b"eEinumkKMGTP".contains(&bytes[pos]) {
        pos += 1;
    }
    if pos < end && matches!(bytes[pos], b'-' | b'+') {
        pos += 1;
    }
    while pos < end && bytes[pos].is_ascii_digit() {
        pos += 1;
    }
    if pos < end {
        return Err(FORMAT_WRONG);
    }
    Ok(Parts { positive, value, num, denom, suffix: &text[suffix_start..] })
}

/// The base, exponent and format a suffix stands for.
fn interpret(suffix: &str) -> Option<(u32, i32, Format)> {
    let decimal = |exponent| Some((10, exponent, Format::Decimal));
    let binary = |exponent| Some((2, exponent, Format::Binary));
    match suffix {
        "n" => decimal(-9),
        "u" => decimal(-6),
        "m" => decimal(-3),
        "" => decimal(0),
        "k" => decimal(3),
        "M" => decimal(6),
        "G" => decimal(9),
        "T" => decimal(12),
        "P" => decimal(15),
        "E" => decimal(18),
        "Ki" => binary(10),
        "Mi" => binary(20),
        "Gi" => binary(30),
        "Ti" => binary(40),
        "Pi" => binary(50),
        "Ei" => binary(60),
        _ if suffix.len() > 1 && (suffix.starts_with('e') || suffix.starts_with('E')) => {
            // Go parses a 64-bit exponent and keeps its low 32 bits.
            let exponent: i64 = suffix[1..].parse().ok()?;
            Some((10, exponent as i32, Format::Decimal))
        }
        _ => None,
    }
}

/// The arbitrary-decimal path of `ParseQuantity`: rounded up to nano precision, binary values capped.
fn slow_parse(parts: &Parts<'_>, base: u32, exponent: i32, format: Format) -> Result<Quantity, &'static str> {
    let (mut unscaled, mut scale) = parse_decimal(parts.value)?;
    if base == 10 {
        scale = scale.checked_sub(exponent).ok_or(OUT_OF_RANGE)?;
    } else {
        let factor = 1i128.checked_shl(exponent as u32).ok_or(OUT_OF_RANGE)?;
        unscaled = unscaled.checked_mul(factor).ok_or(OUT_OF_RANGE)?;
    }
    let negative = unscaled < 0;
    let mut magnitude = unscaled.abs();
    if magnitude != 0 {
        let target = -NANO;
        if scale > target {
            let divisor = 10i128.checked_pow((scale - target) as u32);
            magnitude = match divisor {
                Some(divisor) => magnitude / divisor + i128::from(magnitude % divisor != 0),
                None => 1,
            };
        } else {
            magnitude = rescale(magnitude, target - scale).ok_or(OUT_OF_RANGE)?;
        }
        scale = target;
    }
    let mut quantity = Quantity::dec(magnitude, -scale);
    if format == Format::Binary && quantity.cmp(&Quantity::dec(MAX_ALLOWED, 0)) == Ordering::Greater {
        quantity = Quantity::dec(MAX_ALLOWED, 0);
    }
    Ok(if negative { quantity.negated() } else { quantity })
}

/// A decimal as written (`-12.50`): its digits and the count after the point.
fn parse_decimal(text: &str) -> Result<(i128, i32), &'static str> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() && fraction.is_empty() {
        return Err(NUMERIC);
    }
    let mut unscaled: i128 = 0;
    for digit in whole.bytes().chain(fraction.bytes()) {
        if !digit.is_ascii_digit() {
            return Err(NUMERIC);
        }
        unscaled =
            unscaled.checked_mul(10).and_then(|u| u.checked_add(i128::from(digit - b'0'))).ok_or(OUT_OF_RANGE)?;
    }
    let scale = i32::try_from(fraction.len()).map_err(|_| OUT_OF_RANGE)?;
    Ok((if negative { -unscaled } else { unscaled }, scale))
}

/// `10^n` as Go's `math.Pow10` computes it: from exact powers, so results round as Go's do.
fn pow10(n: i32) -> f64 {
    const SMALL: [f64; 32] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22, 1e23, 1e24, 1e25, 1e26, 1e27, 1e28, 1e29, 1e30, 1e31,
    ];
    const POSITIVE_32: [f64; 10] = [1e0, 1e32, 1e64, 1e96, 1e128, 1e160, 1e192, 1e224, 1e256, 1e288];
    const NEGATIVE_32: [f64; 11] = [1e-0, 1e-32, 1e-64, 1e-96, 1e-128, 1e-160, 1e-192, 1e-224, 1e-256, 1e-288, 1e-320];
    if (0..=308).contains(&n) {
        let n = n as usize;
        POSITIVE_32[n / 32] * SMALL[n % 32]
    } else if (-323..=0).contains(&n) {
        let n = (-n) as usize;
        NEGATIVE_32[n / 32] / SMALL[n % 32]
    } else if n > 0 {
        f64::INFINITY
    } else {
        0.0
    }
}

pub(super) fn register(env: &mut Env) -> Result<(), DeclarationError> {
    let quantity = || Type::new_opaque_type(TYPE_NAME);
    env.add_overload("quantity", "string_to_quantity", vec![STRING_TYPE], overload!(to_quantity))?;
    env.add_overload("isQuantity", "is_quantity_string", vec![STRING_TYPE], overload!(is_quantity))?;
    // Declared as a global function, not a method: `sign(q)`.
    env.add_overload("sign", "quantity_sign", vec![quantity()], overload!(sign))?;
    let member = |env: &mut Env, name: &str, id: &str, args: Vec<Type>, f| {
        env.add_member_overload(name, id, quantity(), args, f)
    };
    member(env, "isGreaterThan", "quantity_is_greater_than", vec![quantity()], overload!(is_greater_than))?;
    member(env, "isLessThan", "quantity_is_less_than", vec![quantity()], overload!(is_less_than))?;
    member(env, "compareTo", "quantity_compare_to", vec![quantity()], overload!(compare_to))?;
    member(env, "asApproximateFloat", "quantity_get_float", vec![], overload!(as_approximate_float))?;
    member(env, "asInteger", "quantity_get_int", vec![], overload!(as_integer))?;
    member(env, "isInteger", "quantity_is_integer", vec![], overload!(is_integer))?;
    member(env, "add", "quantity_add", vec![quantity()], overload!(add))?;
    member(env, "add", "quantity_add_int", vec![INT_TYPE], overload!(add))?;
    member(env, "sub", "quantity_sub", vec![quantity()], overload!(sub))?;
    member(env, "sub", "quantity_sub_int", vec![INT_TYPE], overload!(sub))?;
    Ok(())
}

fn this<'a>(function: &str, args: &'a [Value]) -> Result<&'a Quantity, ExecutionError> {
    opaque::<Quantity>(function, args, 0)
}

/// The second operand: a quantity, or an int as a quantity.
fn operand(function: &str, args: &[Value]) -> Result<Quantity, ExecutionError> {
    match args.get(1) {
        Some(Value::Int(_)) => Ok(Quantity::int(int(function, args, 1)?, 0)),
        _ => opaque::<Quantity>(function, args, 1).copied(),
    }
}

fn to_quantity(args: &[Value]) -> Result<Value, ExecutionError> {
    let text = string("quantity", args, 0)?;
    Quantity::parse(text).map(wrap).map_err(|problem| error("quantity", problem))
}

fn is_quantity(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Bool(Quantity::parse(string("isQuantity", args, 0)?).is_ok()))
}

fn sign(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Int(this("sign", args)?.sign()))
}

fn is_greater_than(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Bool(this("isGreaterThan", args)?.cmp(&operand("isGreaterThan", args)?) == Ordering::Greater))
}

fn is_less_than(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Bool(this("isLessThan", args)?.cmp(&operand("isLessThan", args)?) == Ordering::Less))
}

fn compare_to(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Int(this("compareTo", args)?.cmp(&operand("compareTo", args)?) as i64))
}

fn as_approximate_float(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Float(this("asApproximateFloat", args)?.as_approximate_float()))
}

fn as_integer(args: &[Value]) -> Result<Value, ExecutionError> {
    let value = this("asInteger", args)?.as_int64();
    value.map(Value::Int).ok_or_else(|| error("asInteger", "cannot convert value to integer"))
}

fn is_integer(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Bool(this("isInteger", args)?.as_int64().is_some()))
}

fn add(args: &[Value]) -> Result<Value, ExecutionError> {
    let sum = this("add", args)?.add(&operand("add", args)?);
    sum.map(wrap).map_err(|problem| error("add", problem))
}

fn sub(args: &[Value]) -> Result<Value, ExecutionError> {
    let difference = this("sub", args)?.add(&operand("sub", args)?.negated());
    difference.map(wrap).map_err(|problem| error("sub", problem))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(text: &str) -> Quantity {
        Quantity::parse(text).unwrap_or_else(|problem| panic!("{text}: {problem}"))
    }

    #[test]
    fn suffixes_scale_exactly() {
        assert_eq!(q("1Ki").as_int64(), Some(1024));
        assert_eq!(q("1.5Gi"), q("1536Mi"));
        assert_eq!(q("1k"), q("1000"));
        assert_eq!(q("500m"), q("0.5"));
        assert_eq!(q("2e3").as_int64(), Some(2000));
        assert_eq!(q("1E-3"), q("1m"));
        assert_eq!(q("-1.5").sign(), -1);
        assert_eq!(q("0").sign(), 0);
    }

    #[test]
    fn parse_errors_are_the_servers() {
        assert_eq!(Quantity::parse(""), Err(FORMAT_WRONG));
        assert_eq!(Quantity::parse("1x"), Err(FORMAT_WRONG));
        assert_eq!(Quantity::parse("1Kb"), Err(FORMAT_WRONG));
        assert_eq!(Quantity::parse("1ee3"), Err(SUFFIX));
        assert_eq!(Quantity::parse("1Ki1"), Err(SUFFIX));
        // Go's parser takes a lone sign or point as zero.
        assert_eq!(q("."), q("0"));
        assert_eq!(q("-"), q("0"));
    }

    #[test]
    fn integer_conversion_follows_the_representation() {
        assert_eq!(q("1000m").as_int64(), None);
        assert_eq!(q("1.0").as_int64(), None);
        assert_eq!(q("1.5Ki").as_int64(), None);
        assert_eq!(q("3k").as_int64(), Some(3000));
        assert_eq!(q("10E18").as_int64(), None);
    }

    #[test]
    fn small_values_round_up_to_nanos() {
        assert_eq!(q("0.0000000001"), q("1n"));
        assert_eq!(q("-0.0000000001"), q("-1n"));
        assert_eq!(q("100Ei"), Quantity::dec(MAX_ALLOWED, 0));
    }

    #[test]
    fn arithmetic_and_comparison() {
        assert_eq!(q("1").add(&q("500m")), Ok(q("1.5")));
        assert_eq!(q("1Gi").add(&q("1Gi").negated()), Ok(q("0")));
        assert_eq!(q("1M").cmp(&q("999k")), Ordering::Greater);
        assert_eq!(q("-1M").cmp(&q("-999k")), Ordering::Less);
        assert_eq!(q("1e30").cmp(&q("1e29")), Ordering::Greater);
    }
}
