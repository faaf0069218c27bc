//! Label selectors: which objects a resource applies to.
