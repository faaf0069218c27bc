//! RFC 3339 time stamps (as meta/v1 `Time` and `MicroTime` are written in JSON) to and from the seconds and
//! nanoseconds of their protobuf form. Only UTC (`Z`) occurs in Kubernetes objects.

/// Seconds since the Unix epoch and nanoseconds, from `2024-05-01T12:00:00Z` or `...:00.123456Z`.
pub fn parse(text: &str) -> Result<(i64, i32), String> {
    let bad = || format!("`{text}` is not an RFC 3339 UTC time stamp");
    let body = text.strip_suffix('Z').ok_or_else(bad)?;
    let (date, clock) = body.split_once('T').ok_or_else(bad)?;
    let (clock, fraction) = clock.split_once('.').unwrap_or((clock, ""));
    let numbers = |part: &str, sep: char| -> Result<Vec<i64>, String> {
        part.split(sep).map(|n| n.parse::<i64>().map_err(|_| bad())).collect()
    };
    let (date, clock) = (numbers(date, '-')?, numbers(clock, ':')?);
    let (Ok([year, month, day]), Ok([hour, minute, second])) =
        (<[i64; 3]>::try_from(date), <[i64; 3]>::try_from(clock))
    else {
        return Err(bad());
    };
    let nanos = if fraction.is_empty() {
        0
    } else {
        let digits: i64 = fraction.parse().map_err(|_| bad())?;
        let scale = 10_i64.pow(9_u32.saturating_sub(fraction.len() as u32));
        i32::try_from(digits * scale).map_err(|_| bad())?
    };
    let seconds = days_from_civil(year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second;
    Ok((seconds, nanos))
}

/// `Time`'s JSON form: whole seconds.
pub fn format_seconds(seconds: i64) -> String {
    let (date, clock) = split(seconds);
    format!("{date}T{clock}Z")
}

/// `MicroTime`'s JSON form: always six fractional digits.
pub fn format_micros(seconds: i64, nanos: i32) -> String {
    let (date, clock) = split(seconds);
    format!("{date}T{clock}.{:06}Z", nanos / 1_000)
}

fn split(seconds: i64) -> (String, String) {
    let (days, rest) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    let (year, month, day) = civil_from_days(days);
    (format!("{year:04}-{month:02}-{day:02}"), format!("{:02}:{:02}:{:02}", rest / 3_600, rest / 60 % 60, rest % 60))
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let day_of_year = (153 * ((month + 9) % 12) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The inverse of [`days_from_civil`].
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let days = days + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era = (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 };
    (year_of_era + era * 400 + i64::from(month <= 2), month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_stamps_round_trip() -> Result<(), String> {
        assert_eq!(parse("1970-01-01T00:00:00Z")?, (0, 0));
        assert_eq!(parse("2024-05-01T12:00:00Z")?, (1_714_564_800, 0));
        assert_eq!(parse("2024-02-29T23:59:59.5Z")?, (1_709_251_199, 500_000_000));
        assert_eq!(format_seconds(1_714_564_800), "2024-05-01T12:00:00Z");
        assert_eq!(format_micros(1_709_251_199, 123_456_000), "2024-02-29T23:59:59.123456Z");
        assert!(parse("2024-05-01 12:00:00").is_err());
        Ok(())
    }
}
