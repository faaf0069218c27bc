//! Volumes and their sources, and persistent volume claims and their templates.
