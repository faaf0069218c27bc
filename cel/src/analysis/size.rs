//! Sizes and costs as cel-go's checker computes them: sizes are ranges (a minimum and a maximum), arithmetic
//! saturates at `u64::MAX`, and a size times a cost factor is rounded up. Only the maximum of a cost is kept: no
//! limit reads the minimum, and no maximum depends on one.

/// Per byte of a string walked (cel-go's `StringTraversalCostFactor`).
pub const STRING_TRAVERSAL: f64 = 0.1;
/// Per byte of a regular expression (cel-go's `RegexStringLengthCostFactor`).
pub const REGEX_LENGTH: f64 = 0.25;

/// How many characters (bytes), items or entries a value may have: from `min` to `max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    pub min: u64,
    pub max: u64,
}

impl Size {
    /// Exactly `n`.
    pub const fn exactly(n: u64) -> Size {
        Size { min: n, max: n }
    }

    /// From 0 to `max`: what a schema bound says.
    pub const fn up_to(max: u64) -> Size {
        Size { min: 0, max }
    }

    /// Anything: the size of a value nothing is known about.
    pub const UNKNOWN: Size = Size::up_to(u64::MAX);

    pub fn add(self, other: Size) -> Size {
        Size { min: self.min.saturating_add(other.min), max: self.max.saturating_add(other.max) }
    }

    pub fn multiply(self, other: Size) -> Size {
        Size { min: self.min.saturating_mul(other.min), max: self.max.saturating_mul(other.max) }
    }

    /// The range covering both.
    pub fn union(self, other: Size) -> Size {
        Size { min: self.min.min(other.min), max: self.max.max(other.max) }
    }

    /// The worst-case cost of handling `factor` units per element (cel-go's `MultiplyByCostFactor`).
    pub fn cost(self, factor: f64) -> u64 {
        scale(self.max, factor)
    }
}

/// `n × factor`, rounded up, saturating as cel-go's `multiplyByCostFactor` does.
pub fn scale(n: u64, factor: f64) -> u64 {
    const TWO_TO_64: f64 = 18_446_744_073_709_551_616.0;
    let n = n as f64;
    if n > 0.0 && factor > 0.0 && n > u64::MAX as f64 / factor {
        return u64::MAX;
    }
    let product = (n * factor).ceil();
    if product >= TWO_TO_64 { u64::MAX } else { product as u64 }
}

/// `base` plus every cost, saturating.
pub fn sum(base: u64, costs: impl IntoIterator<Item = u64>) -> u64 {
    costs.into_iter().fold(base, u64::saturating_add)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factors_round_up_and_saturate() {
        assert_eq!(scale(40, STRING_TRAVERSAL), 4);
        assert_eq!(scale(41, STRING_TRAVERSAL), 5);
        assert_eq!(scale(0, STRING_TRAVERSAL), 0);
        // An unbounded size walked is a tenth of unbounded, not unbounded, as in cel-go.
        let tenth = scale(u64::MAX, STRING_TRAVERSAL);
        assert!(tenth > u64::MAX / 11 && tenth < u64::MAX / 9);
        assert_eq!(scale(u64::MAX / 2, 4.0), u64::MAX);
    }

    #[test]
    fn ranges_add_multiply_and_join() {
        let a = Size { min: 1, max: 10 };
        let b = Size::up_to(5);
        assert_eq!(a.add(b), Size { min: 1, max: 15 });
        assert_eq!(a.multiply(b), Size { min: 0, max: 50 });
        assert_eq!(a.union(b), Size { min: 0, max: 10 });
        assert_eq!(Size::UNKNOWN.add(a).max, u64::MAX);
    }
}
