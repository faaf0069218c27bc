//! Attribute parsing: `#[kapi(...)]` declared once as typed values, plus the serde attributes kapi honours.

pub mod container;
pub mod crd;
pub mod field;
pub mod keywords;
pub mod resource;
pub mod serde_attrs;
pub mod values;
