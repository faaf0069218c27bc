//! The proleptic Gregorian calendar as Go's `time` package reads dates: how many days a month has, and whether
//! a `YYYY-MM-DD` full date (RFC 3339) exists. The CEL `format` and timestamp checks and kapi-validate's OpenAPI
//! `date` format share it.

/// The number of days of `month` (1 to 12) in `year`; `None` for a month out of range.
pub fn days_in_month(year: u32, month: u32) -> Option<u32> {
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => Some(31),
        4 | 6 | 9 | 11 => Some(30),
        2 if leap => Some(29),
        2 => Some(28),
        _ => None,
    }
}

/// `YYYY-MM-DD` with a day that exists in that month, as Go's `time.Parse("2006-01-02", …)` accepts it.
pub fn is_full_date(text: &str) -> bool {
    let bytes = text.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return false;
    }
    let number = |range: std::ops::Range<usize>| -> Option<u32> {
        let part = &text[range];
        part.bytes().all(|b| b.is_ascii_digit()).then(|| part.parse().ok()).flatten()
    };
    let (Some(year), Some(month), Some(day)) = (number(0..4), number(5..7), number(8..10)) else { return false };
    days_in_month(year, month).is_some_and(|days| (1..=days).contains(&day))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_and_leap_years() {
        assert_eq!(days_in_month(2024, 2), Some(29));
        assert_eq!(days_in_month(1900, 2), Some(28));
        assert_eq!(days_in_month(2000, 2), Some(29));
        assert_eq!(days_in_month(2023, 4), Some(30));
        assert_eq!(days_in_month(2023, 13), None);
        assert!(is_full_date("2024-02-29"));
        assert!(!is_full_date("2023-02-29"));
        assert!(!is_full_date("2023-1-01"));
        assert!(!is_full_date("2023-00-10"));
        assert!(!is_full_date("2023-01-32"));
        assert!(!is_full_date("2023-01-00"));
        assert!(!is_full_date("20é3-01-01"));
    }
}
