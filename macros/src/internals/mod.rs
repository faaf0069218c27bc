//! Parsing and checking, apart from emission (serde_derive's split).

pub mod ast;
pub mod attr;
pub mod case;
pub mod check;
pub mod check_enum;
pub mod check_proto;
pub mod ctxt;
pub mod docs;
