//! The feature's state on a handle, and what it derives from each bundle.

use crate::hub::Hub;
use crate::objects::GroupContents;

/// The feature's state on a handle: the objects with their history, and the group they are served in.
#[derive(Debug)]
pub(crate) struct Groups {
    pub hub: Hub,
    pub discovery_group: String,
}

/// What each bundle contributes: its groups' contents, and whether its discovery lists the `groups` resource.
#[derive(Debug)]
pub(crate) struct Derived {
    pub contents: GroupContents,
    pub served: bool,
}
