//! What both tools' findings are compared as, and the trees they read.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A tree of `.proto` files by import path.
pub type Tree = BTreeMap<String, String>;

/// A finding as both tools can name it: the file it is reported in, the message, enum or service (its last name
/// segment, as buf prints it), the field, value, reserved range or name, or method (`field 5`, `extension 100`,
/// `value 2`, `reserved range [5,9]`, `rpc Get`; empty for the element itself), and the kapi rule.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Finding {
    pub file: String,
    pub element: String,
    pub subject: String,
    pub rule: String,
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {} {} {}", self.rule, self.file, self.element, self.subject)
    }
}

/// The repository's root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").to_owned()
}
