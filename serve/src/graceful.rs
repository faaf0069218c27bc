//! Running a hyper connection until it ends, or until the server starts draining, when it is asked to finish
//! its request in progress and close.

use std::future::Future;
use std::pin::{Pin, pin};

use tokio::sync::watch;

/// Drives `connection` to its end; a change on `shutdown` first calls `finish` on it (hyper's `graceful_shutdown`).
pub(crate) async fn until_drained<C, E>(
    connection: C,
    shutdown: &mut watch::Receiver<()>,
    finish: impl FnOnce(Pin<&mut C>),
) -> Result<(), E>
where
    C: Future<Output = Result<(), E>>,
{
    let mut connection = pin!(connection);
    tokio::select! {
        result = connection.as_mut() => result,
        _ = shutdown.changed() => {
            finish(connection.as_mut());
            connection.await
        }
    }
}
