//! Room for the connections the server is allowed: the soft limit of open files is often 1 024 while the hard
//! limit allows far more, and every connection is a file. Go's runtime raises the soft limit the same way at start,
//! so kube-apiserver has the room without asking.

use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};

/// Files the server keeps open besides its connections: listeners, the bundle's files while a reload reads them,
/// the request log, the directory watch.
const RESERVE: u64 = 256;

/// Raises the soft `RLIMIT_NOFILE` so that `connections` connections fit beside [`RESERVE`] other files, never above
/// the hard limit. Returns how many connections the server can hold: `connections`, or, when even the hard limit
/// leaves less room, what fits in it, said at start in a warning that names the limit.
///
/// Serving fewer than asked is what keeps the limit clear to clients: over the number returned, a connection is
/// accepted and answered 503 like any other over `--max-connections`, whereas past the file limit `accept` itself
/// fails, and connections wait in the listen queue, unanswered, until their clients give up.
pub(crate) fn make_room_for(connections: usize) -> usize {
    let wanted = u64::try_from(connections).unwrap_or(u64::MAX).saturating_add(RESERVE);
    let limit = getrlimit(Resource::Nofile);
    let Some(current) = limit.current else { return connections };
    if current >= wanted {
        return connections;
    }
    let raised = limit.maximum.map_or(wanted, |hard| hard.min(wanted));
    let now = if raised > current {
        match setrlimit(Resource::Nofile, Rlimit { current: Some(raised), maximum: limit.maximum }) {
            Ok(()) => raised,
            Err(error) => {
                tracing::warn!(%error, current, wanted, "cannot raise the limit of open files");
                current
            }
        }
    } else {
        current
    };
    if now >= wanted {
        return connections;
    }
    let fit = fitting(now);
    let hard = limit.maximum.map_or_else(|| "unlimited".to_owned(), |hard| hard.to_string());
    tracing::warn!(
        "{connections} connections (--max-connections) need {wanted} open files, but this process may open {now} \
         (hard limit {hard}): serving at most {fit} connections at once, and answering more with 503. Raise the \
         hard limit (ulimit -Hn, or LimitNOFILE= for a systemd service) to serve more."
    );
    fit
}

/// The connections that fit in a limit of `open_files`, beside the reserve (at least one).
fn fitting(open_files: u64) -> usize {
    usize::try_from(open_files.saturating_sub(RESERVE)).unwrap_or(usize::MAX).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_soft_limit_rises_to_fit_the_connections_within_the_hard_limit() {
        let limit = getrlimit(Resource::Nofile);
        let Some(hard) = limit.maximum else {
            // Unlimited: nothing could be refused; the call must leave it so.
            assert_eq!(make_room_for(100_000), 100_000);
            assert_eq!(getrlimit(Resource::Nofile).current, limit.current);
            return;
        };
        // This test's process starts low, as a default shell's 1 024 would.
        let low = hard.min(300);
        setrlimit(Resource::Nofile, Rlimit { current: Some(low), maximum: Some(hard) }).expect("lowered");
        let wanted = 1_000 + RESERVE;
        let expected = if wanted <= hard { 1_000 } else { fitting(hard) };
        assert_eq!(make_room_for(1_000), expected);
        assert_eq!(getrlimit(Resource::Nofile).current, Some(wanted.min(hard)));
        // Already enough: unchanged.
        assert_eq!(make_room_for(10), 10);
        assert_eq!(getrlimit(Resource::Nofile).current, Some(wanted.min(hard)));
    }

    #[test]
    fn beyond_the_hard_limit_the_server_holds_what_fits() {
        let limit = getrlimit(Resource::Nofile);
        let Some(hard) = limit.maximum else {
            assert_eq!(make_room_for(usize::MAX / 2), usize::MAX / 2, "unlimited: everything fits");
            return;
        };
        let beyond = usize::try_from(hard).expect("fits") + 1_000;
        assert_eq!(make_room_for(beyond), fitting(hard), "the hard limit, less the reserve");
        assert_eq!(getrlimit(Resource::Nofile).current, Some(hard), "raised as far as it goes");
        assert_eq!(fitting(RESERVE), 1, "never none");
    }
}
