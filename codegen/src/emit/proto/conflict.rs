//! Why generation refuses a field number: the conflicts between the numbers a source asks for and the ledger.
//! Kept apart from the ledger so the crate's error can carry them without depending on the numbering itself.

use std::fmt;

/// Why a field cannot get the number its source asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConflictKind {
    /// The ledger already gives the field another number (`before`).
    Renumbered { before: u32 },
    /// The ledger gives the number to another current field.
    Taken { holder: String },
    /// The number belonged to a removed field and stays reserved.
    Reserved { was: String },
    /// Another field of the same message asks for the same number.
    Duplicate { other: String },
}

/// A field number that generation refuses to hand out, because existing data would be misread.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberingConflict {
    /// The message's full protobuf name.
    pub message: String,
    /// The field (JSON name).
    pub field: String,
    /// The number the source asks for.
    pub number: u32,
    pub kind: ConflictKind,
}

impl fmt::Display for NumberingConflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self { message, field, number, kind } = self;
        write!(f, "message `{message}`: field `{field}` ")?;
        match kind {
            ConflictKind::Renumbered { before } => {
                write!(f, "has number {before} in the ledger but the source asks for {number}")
            }
            ConflictKind::Taken { holder } => {
                write!(f, "asks for number {number}, which the ledger gives to field `{holder}`")
            }
            ConflictKind::Reserved { was } => {
                write!(f, "asks for number {number}, which is reserved (it was field `{was}`)")
            }
            ConflictKind::Duplicate { other } => write!(f, "asks for number {number}, as field `{other}` does"),
        }
    }
}
