//! Checks of the model that run before anything is written: each default and example against the schema it sits
//! in, with a JSON Schema validator.

pub(crate) mod defaults;
mod walk;
