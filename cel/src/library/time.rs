//! Timestamps and durations as the API server reads them from CRD values and writes them in strings: Go's
//! `time.ParseDuration` (and kube-openapi's looser `1d`, `2 weeks`), kube-openapi's date-time layouts, and Go's
//! `RFC3339Nano` and seconds forms.

use chrono::{DateTime, Duration, FixedOffset, NaiveDate, NaiveDateTime, TimeZone, Timelike};

/// Go's `time.ParseDuration`: an optional sign, then numbers with units (`ns`, `us`, `µs`, `ms`, `s`, `m`, `h`).
pub(crate) fn parse_go_duration(text: &str) -> Option<Duration> {
    let (negative, mut rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if rest == "0" {
        return Some(Duration::zero());
    }
    if rest.is_empty() {
        return None;
    }
    let mut total: i128 = 0;
    while !rest.is_empty() {
        let number_end = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(rest.len());
        let number = &rest[..number_end];
        if number.is_empty() || number == "." {
            return None;
        }
        rest = &rest[number_end..];
        let unit_end = rest.find(|c: char| c.is_ascii_digit() || c == '.').unwrap_or(rest.len());
        let nanos_per_unit: i128 = match &rest[..unit_end] {
            "ns" => 1,
            "us" | "µs" | "μs" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            _ => return None,
        };
        rest = &rest[unit_end..];
        let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
        let whole: i128 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
        let mut value = whole.checked_mul(nanos_per_unit)?;
        let mut scale = nanos_per_unit;
        for digit in fraction.bytes() {
            scale /= 10;
            if scale == 0 {
                break;
            }
            value += i128::from(digit - b'0') * scale;
        }
        total = total.checked_add(value)?;
        if total > i128::from(i64::MAX) {
            return None;
        }
    }
    let nanos = i64::try_from(if negative { -total } else { total }).ok()?;
    Some(Duration::nanoseconds(nanos))
}

/// kube-openapi's `ParseDuration`: Go's form, else numbers with words (`1d`, `2 weeks`, `3hr`), summed.
pub(crate) fn parse_openapi_duration(text: &str) -> Option<Duration> {
    if let Some(duration) = parse_go_duration(text) {
        return Some(duration);
    }
    const UNITS: &[(&[&str], i64)] = &[
        (&["ns", "nano"], 1),
        (&["us", "µs", "micro"], 1_000),
        (&["ms", "milli"], 1_000_000),
        (&["s", "sec"], 1_000_000_000),
        (&["m", "min"], 60_000_000_000),
        (&["h", "hr", "hour"], 3_600_000_000_000),
        (&["d", "day"], 86_400_000_000_000),
        (&["w", "wk", "week"], 604_800_000_000_000),
    ];
    static PART: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"(([0-9]+)\s*([A-Za-zµ]+))").expect("a valid pattern"));
    let mut total: i64 = 0;
    let mut matched = false;
    for part in PART.captures_iter(text) {
        let factor: i64 = part[2].parse().ok()?;
        let unit = part[3].trim().to_lowercase();
        for (variants, nanos) in UNITS {
            let last = variants.len() - 1;
            for (index, variant) in variants.iter().enumerate() {
                if (index == last && unit.starts_with(variant)) || unit.eq_ignore_ascii_case(variant) {
                    matched = true;
                    total = total.wrapping_add(factor.wrapping_mul(*nanos));
                }
            }
        }
    }
    matched.then(|| Duration::nanoseconds(total))
}

/// A date-time in one of kube-openapi's layouts (RFC 3339 with or without a fraction, or a local time read as UTC).
pub(crate) fn parse_date_time(text: &str) -> Option<DateTime<FixedOffset>> {
    if let Ok(parsed) = DateTime::parse_from_rfc3339(text)
        && text.as_bytes().get(10) == Some(&b'T')
    {
        return Some(parsed);
    }
    let local = NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S").ok()?;
    Some(FixedOffset::east_opt(0)?.from_utc_datetime(&local))
}

/// A `date` value: midnight UTC of that day.
pub(crate) fn parse_date(text: &str) -> Option<DateTime<FixedOffset>> {
    if !crate::calendar::is_full_date(text) {
        return None;
    }
    let date = NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()?;
    Some(FixedOffset::east_opt(0)?.from_utc_datetime(&date.and_hms_opt(0, 0, 0)?))
}

/// Go's `time.RFC3339Nano` form: the fraction without trailing zeros, `Z` for UTC.
pub(crate) fn timestamp_string(time: &DateTime<FixedOffset>) -> String {
    let mut text = time.format("%Y-%m-%dT%H:%M:%S").to_string();
    let nanos = time.nanosecond() % 1_000_000_000;
    if nanos > 0 {
        let fraction = format!("{nanos:09}");
        text.push('.');
        text.push_str(fraction.trim_end_matches('0'));
    }
    let offset = time.offset().local_minus_utc();
    if offset == 0 {
        text.push('Z');
    } else {
        let sign = if offset < 0 { '-' } else { '+' };
        let offset = offset.abs();
        text.push_str(&format!("{sign}{:02}:{:02}", offset / 3600, offset % 3600 / 60));
    }
    text
}

/// cel-go's duration string: seconds, as few digits as needed, then `s`.
pub(crate) fn duration_string(duration: &Duration) -> String {
    let seconds = duration.num_seconds();
    let nanos = duration.subsec_nanos();
    format!("{}s", super::go_format::go_f(seconds as f64 + f64::from(nanos) / 1e9))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_durations() {
        assert_eq!(parse_go_duration("1h30m"), Some(Duration::minutes(90)));
        assert_eq!(parse_go_duration("1.5s"), Some(Duration::milliseconds(1500)));
        assert_eq!(parse_go_duration("-2ms"), Some(Duration::milliseconds(-2)));
        assert_eq!(parse_go_duration("0"), Some(Duration::zero()));
        assert_eq!(parse_go_duration("1"), None);
        assert_eq!(parse_go_duration("1d"), None);
        assert_eq!(parse_openapi_duration("1d"), Some(Duration::days(1)));
        assert_eq!(parse_openapi_duration("2 weeks"), Some(Duration::weeks(2)));
        assert_eq!(parse_openapi_duration("soon"), None);
    }

    #[test]
    fn date_times_and_their_strings() {
        let time = parse_date_time("2024-03-04T05:06:07.890Z").expect("parses");
        assert_eq!(timestamp_string(&time), "2024-03-04T05:06:07.89Z");
        let local = parse_date_time("2024-03-04T05:06:07").expect("parses");
        assert_eq!(timestamp_string(&local), "2024-03-04T05:06:07Z");
        let offset = parse_date_time("2024-03-04T05:06:07+01:30").expect("parses");
        assert_eq!(timestamp_string(&offset), "2024-03-04T05:06:07+01:30");
        assert!(parse_date_time("2024-03-04").is_none());
        assert_eq!(duration_string(&Duration::minutes(90)), "5400s");
        assert_eq!(duration_string(&Duration::milliseconds(1500)), "1.5s");
    }
}
