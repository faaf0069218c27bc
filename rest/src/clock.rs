//! Wall-clock helpers: resource versions seeded from Unix microseconds, RFC 3339 time stamps (`metav1.Time` with
//! seconds, `metav1.MicroTime` with microseconds) and the short ages kubectl prints (`5m`, `3h12m`).

use std::time::{Duration, SystemTime};

/// Microseconds since the Unix epoch; 0 for a clock set before it.
pub fn unix_micros(now: SystemTime) -> u64 {
    let since_epoch = now.duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default();
    u64::try_from(since_epoch.as_micros()).unwrap_or(u64::MAX)
}

/// `time` as RFC 3339 in UTC with second precision (`2024-05-01T12:00:00Z`), as `metav1.Time` is written.
pub fn rfc3339(time: SystemTime) -> String {
    let seconds = time.duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default().as_secs();
    let (days, second_of_day) = (seconds / 86_400, seconds % 86_400);
    let (year, month, day) = civil_date(days);
    let (hour, minute, second) = (second_of_day / 3600, second_of_day % 3600 / 60, second_of_day % 60);
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}Z")
}

/// `time` as RFC 3339 in UTC with microsecond precision (`2024-05-01T12:00:00.000042Z`), as `metav1.MicroTime`
/// is written.
pub fn rfc3339_micros(time: SystemTime) -> String {
    let micros = time.duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default().subsec_micros();
    let seconds = rfc3339(time);
    format!("{}.{micros:06}Z", &seconds[..seconds.len() - 1])
}

/// The proleptic Gregorian (year, month, day) of the day `days` after 1970-01-01, counted in 400-year eras of
/// 146 097 days that start on 1 March, so the leap day is the last day of each counted year.
fn civil_date(days: u64) -> (u64, u64, u64) {
    // Days from 0000-03-01 to 1970-01-01.
    let shifted = days + 719_468;
    let era = shifted / 146_097;
    let day_of_era = shifted % 146_097;
    let year_of_era = (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    // Months counted from March: 0 = March ... 11 = February.
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 { month_from_march + 3 } else { month_from_march - 9 };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

/// Reads back UTC stamps as this server and Kubernetes write them: `YYYY-MM-DDTHH:MM:SSZ`, optionally with a
/// fraction of one to nine digits before the `Z` (`metav1.MicroTime`).
pub fn parse_rfc3339(text: &str) -> Option<SystemTime> {
    let text = text.strip_suffix('Z')?;
    let (text, nanos) = match text.split_once('.') {
        None => (text, 0),
        Some((whole, fraction)) => {
            if fraction.is_empty() || fraction.len() > 9 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let digits: u32 = fraction.parse().ok()?;
            (whole, digits * 10u32.pow(9 - u32::try_from(fraction.len()).ok()?))
        }
    };
    let number = |range: std::ops::Range<usize>| {
        let digits = text.get(range)?;
        digits.bytes().all(|b| b.is_ascii_digit()).then(|| digits.parse::<u64>().ok())?
    };
    if text.len() != 19 || [4, 7].iter().any(|&i| text.as_bytes()[i] != b'-') || text.as_bytes()[10] != b'T' {
        return None;
    }
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    let (hour, minute, second) = (number(11..13)?, number(14..16)?, number(17..19)?);
    // The inverse of `civil_date`: years counted from March, in 400-year eras.
    let (y, m) = if month <= 2 { (year.checked_sub(1)?, month + 9) } else { (year, month - 3) };
    let (era, year_of_era) = (y / 400, y % 400);
    let day_of_year = (153 * m + 2) / 5 + day.checked_sub(1)?;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    let days = (era * 146_097 + day_of_era).checked_sub(719_468)?;
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second;
    Some(SystemTime::UNIX_EPOCH + Duration::from_secs(seconds) + Duration::from_nanos(u64::from(nanos)))
}

/// A short age: two units while the larger is small, one unit after (`45s`, `5m30s`, `42m`, `7h5m`, `20h`,
/// `3d4h`, `40d`, `2y30d`, `9y`).
pub fn short_age(age: Duration) -> String {
    const MINUTE: u64 = 60;
    const HOUR: u64 = 60 * MINUTE;
    const DAY: u64 = 24 * HOUR;
    const YEAR: u64 = 365 * DAY;
    let seconds = age.as_secs();
    let two = |big: u64, big_unit: &str, small: u64, small_unit: &str| {
        if small == 0 { format!("{big}{big_unit}") } else { format!("{big}{big_unit}{small}{small_unit}") }
    };
    match seconds {
        s if s < 2 * MINUTE => format!("{s}s"),
        s if s < 10 * MINUTE => two(s / MINUTE, "m", s % MINUTE, "s"),
        s if s < 3 * HOUR => format!("{}m", s / MINUTE),
        s if s < 8 * HOUR => two(s / HOUR, "h", s % HOUR / MINUTE, "m"),
        s if s < 2 * DAY => format!("{}h", s / HOUR),
        s if s < 8 * DAY => two(s / DAY, "d", s % DAY / HOUR, "h"),
        s if s < 2 * YEAR => format!("{}d", s / DAY),
        s if s < 8 * YEAR => two(s / YEAR, "y", s % YEAR / DAY, "d"),
        s => format!("{}y", s / YEAR),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: u64) -> SystemTime {
        SystemTime::UNIX_EPOCH + Duration::from_secs(seconds)
    }

    #[test]
    fn time_stamps_are_rfc3339_utc() {
        assert_eq!(rfc3339(at(0)), "1970-01-01T00:00:00Z");
        // 2000-02-29 (a leap day of a century year) and the day after.
        assert_eq!(rfc3339(at(951_782_400)), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(at(951_868_800 + 3_723)), "2000-03-01T01:02:03Z");
        assert_eq!(rfc3339(at(1_735_689_599)), "2024-12-31T23:59:59Z");
        assert_eq!(rfc3339(at(4_107_542_400)), "2100-03-01T00:00:00Z", "2100 is not a leap year");
    }

    #[test]
    fn time_stamps_read_back() {
        for seconds in [0, 951_782_400, 951_868_800 + 3_723, 1_735_689_599, 4_107_542_400, 1_709_164_800] {
            assert_eq!(parse_rfc3339(&rfc3339(at(seconds))), Some(at(seconds)), "{seconds}");
        }
        for malformed in [
            "",
            "2024-01-01",
            "2024-01-01T00:00:00.Z",
            "2024-01-01T00:00:00.1234567890Z",
            "2024-01-01T00:00:00+01:00",
            "1969-12-31T23:59:59Z",
            "2024-01-01T+0:00:00Z",
        ] {
            assert_eq!(parse_rfc3339(malformed), None, "{malformed}");
        }
    }

    #[test]
    fn micro_time_stamps_keep_microseconds_and_read_back() {
        let time = at(1_735_689_599) + Duration::from_micros(42);
        assert_eq!(rfc3339_micros(time), "2024-12-31T23:59:59.000042Z");
        assert_eq!(parse_rfc3339(&rfc3339_micros(time)), Some(time));
        assert_eq!(parse_rfc3339("2024-12-31T23:59:59.5Z"), Some(at(1_735_689_599) + Duration::from_millis(500)));
        assert_eq!(parse_rfc3339("2024-12-31T23:59:59.000000001Z"), Some(at(1_735_689_599) + Duration::from_nanos(1)));
    }

    #[test]
    fn microseconds_since_the_epoch() {
        assert_eq!(unix_micros(at(2) + Duration::from_micros(5)), 2_000_005);
        assert_eq!(unix_micros(SystemTime::UNIX_EPOCH - Duration::from_secs(1)), 0);
    }

    #[test]
    fn ages_are_short() {
        let cases = [
            (0, "0s"),
            (119, "119s"),
            (330, "5m30s"),
            (360, "6m"),
            (42 * 60 + 5, "42m"),
            (7 * 3600 + 5 * 60, "7h5m"),
            (20 * 3600 + 59, "20h"),
            (3 * 86_400 + 4 * 3600, "3d4h"),
            (40 * 86_400, "40d"),
            (2 * 365 * 86_400 + 30 * 86_400, "2y30d"),
            (9 * 365 * 86_400, "9y"),
        ];
        for (seconds, expected) in cases {
            assert_eq!(short_age(Duration::from_secs(seconds)), expected, "{seconds}s");
        }
    }
}
