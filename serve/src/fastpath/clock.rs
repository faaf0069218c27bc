//! The `Date` and `Expires` (a year ahead) header lines, formatted once a second per worker thread and copied
//! into each connection's own buffers, so a response head never formats a date.

use std::cell::RefCell;
use std::time::{Duration, SystemTime};

use crate::respond::{ClockLines, ONE_YEAR};

/// `date: ` + 29-byte IMF-fixdate + CRLF.
const DATE_LINE_LEN: usize = 37;
/// `expires: ` + 29-byte IMF-fixdate + CRLF.
const EXPIRES_LINE_LEN: usize = 40;

/// The lines for one second.
#[derive(Debug, Clone, Copy)]
struct Lines {
    second: u64,
    date: [u8; DATE_LINE_LEN],
    expires: [u8; EXPIRES_LINE_LEN],
}

impl Lines {
    fn at(second: u64) -> Self {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(second);
        let mut lines = Self { second, date: [0; DATE_LINE_LEN], expires: [0; EXPIRES_LINE_LEN] };
        copy_line(&mut lines.date, "date: ", now);
        copy_line(&mut lines.expires, "expires: ", now + ONE_YEAR);
        lines
    }
}

fn copy_line(out: &mut [u8], name: &str, at: SystemTime) {
    let line = format!("{name}{}\r\n", httpdate::fmt_http_date(at));
    // IMF-fixdate has a fixed width, so the line always fits exactly.
    let len = line.len().min(out.len());
    out[..len].copy_from_slice(&line.as_bytes()[..len]);
}

thread_local! {
    static CURRENT: RefCell<Lines> = RefCell::new(Lines::at(0));
}

/// One connection's copy of the current lines.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ConnectionClock {
    lines: Lines,
}

impl Default for ConnectionClock {
    fn default() -> Self {
        Self { lines: Lines::at(0) }
    }
}

impl ConnectionClock {
    /// Brings the lines up to the current second and lends them out.
    pub fn now(&mut self) -> ClockLines<'_> {
        let second = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        if self.lines.second != second {
            self.lines = CURRENT.with(|current| {
                let mut current = current.borrow_mut();
                if current.second != second {
                    *current = Lines::at(second);
                }
                *current
            });
        }
        ClockLines { date: &self.lines.date, expires: &self.lines.expires }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_whole_http_dates_a_year_apart() {
        let lines = Lines::at(1_700_000_000);
        assert_eq!(std::str::from_utf8(&lines.date).expect("ascii"), "date: Tue, 14 Nov 2023 22:13:20 GMT\r\n");
        assert_eq!(std::str::from_utf8(&lines.expires).expect("ascii"), "expires: Wed, 13 Nov 2024 22:13:20 GMT\r\n");
    }

    #[test]
    fn a_connection_clock_follows_the_wall_clock() {
        let mut clock = ConnectionClock::default();
        let date = std::str::from_utf8(clock.now().date).expect("ascii").to_owned();
        let expected = format!("date: {}\r\n", httpdate::fmt_http_date(SystemTime::now()));
        // The second may turn between the two readings.
        assert!(date == expected || date.len() == expected.len(), "{date:?} vs {expected:?}");
        assert!(!date.contains("1970"));
    }
}
