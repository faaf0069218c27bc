//! Reserved number ranges, inclusive at both ends, and which numbers an old range reserved that the new ranges no
//! longer do.

/// The largest field number (`max` in a message's `reserved … to max`).
pub(super) const MESSAGE_MAX: i32 = 536_870_911;
/// The largest enum value number.
pub(super) const ENUM_MAX: i32 = i32::MAX;

/// An inclusive range of numbers.
pub(super) type Range = (i32, i32);

/// `[5]`, `[5,9]` or `[5,max]`, as buf writes a range.
pub(super) fn describe((start, end): Range, max: i32) -> String {
    if start == end {
        format!("[{start}]")
    } else if end == max {
        format!("[{start},max]")
    } else {
        format!("[{start},{end}]")
    }
}

/// The parts of `old` that no range of `new` covers.
pub(super) fn missing(old: Range, new: &[Range]) -> Vec<Range> {
    let mut covered: Vec<Range> = new.to_vec();
    covered.sort_unstable();
    let mut gaps = Vec::new();
    let (mut next, end) = (i64::from(old.0), i64::from(old.1));
    for (start, stop) in covered {
        let (start, stop) = (i64::from(start), i64::from(stop));
        if stop < next {
            continue;
        }
        if start > end {
            break;
        }
        if start > next {
            gaps.push((next, start - 1));
        }
        next = next.max(stop + 1);
        if next > end {
            break;
        }
    }
    if next <= end {
        gaps.push((next, end));
    }
    gaps.into_iter().map(|(a, b)| (a as i32, b as i32)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_between_and_around_the_new_ranges() {
        assert_eq!(missing((1, 10), &[(3, 4), (6, 6)]), vec![(1, 2), (5, 5), (7, 10)]);
        assert_eq!(missing((5, 5), &[]), vec![(5, 5)]);
        assert_eq!(missing((5, 9), &[(1, 20)]), vec![]);
        assert_eq!(missing((5, MESSAGE_MAX), &[(5, 6), (7, MESSAGE_MAX)]), vec![]);
        assert_eq!(describe((5, MESSAGE_MAX), MESSAGE_MAX), "[5,max]");
    }
}
