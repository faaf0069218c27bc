//! Room for the connections the server is allowed: the soft limit of open files is often 1 024 while the hard
//! limit allows far more, and every connection is a file. Go's runtime raises the soft limit the same way at start,
//! so kube-apiserver has the room without asking.

use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};

/// Files the server keeps open besides its connections: listeners, the bundle's files while a reload reads them,
/// the request log, the directory watch.
const RESERVE: u64 = 256;

/// Raises the soft `RLIMIT_NOFILE` so that `connections` connections fit beside [`RESERVE`] other files, never above
/// the hard limit. Returns the soft limit now in force (`None`: unlimited); warns when it is still too low.
pub(crate) fn make_room_for(connections: usize) -> Option<u64> {
    let wanted = u64::try_from(connections).unwrap_or(u64::MAX).saturating_add(RESERVE);
    let limit = getrlimit(Resource::Nofile);
    let current = limit.current?;
    if current >= wanted {
        return Some(current);
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
    if now < wanted {
        tracing::warn!(
            open_files = now,
            max_connections = connections,
            "the limit of open files is below --max-connections; connections beyond it will be refused by the system"
        );
    }
    Some(now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_soft_limit_rises_to_fit_the_connections_within_the_hard_limit() {
        let limit = getrlimit(Resource::Nofile);
        let Some(hard) = limit.maximum else {
            // Unlimited: nothing could be refused; the call must leave it so.
            assert_eq!(make_room_for(100_000), limit.current);
            return;
        };
        // This test's process starts low, as a default shell's 1 024 would.
        let low = hard.min(300);
        setrlimit(Resource::Nofile, Rlimit { current: Some(low), maximum: Some(hard) }).expect("lowered");
        let wanted = 1_000 + RESERVE;
        assert_eq!(make_room_for(1_000), Some(wanted.min(hard)));
        assert_eq!(getrlimit(Resource::Nofile).current, Some(wanted.min(hard)));
        // Already enough: unchanged.
        assert_eq!(make_room_for(10), Some(wanted.min(hard)));
    }
}
