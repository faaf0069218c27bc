//! Protobuf: one `generated.proto` per package, as go-to-protobuf writes Kubernetes' (proto2, `optional` scalars and
//! messages, `repeated` lists, `map<string, V>` maps, other packages' messages fully qualified, descriptions as
//! comments), plus the field-number ledger.
//!
//! Field numbers come from `#[kapi(proto = N)]` where the source gives one; every other field keeps the number the
//! previous [`Ledger`] gave it or gets the next free one, and fields that went away stay reserved. A source number
//! that contradicts the ledger is an error naming the message, field and number.
//!
//! Layout: `proto/<package path>/generated.proto` (e.g. `proto/k8s.io/api/coordination/v1/generated.proto`, the
//! path other files import it by) and [`LEDGER_PATH`].

pub mod conflict;
mod enums;
mod ir;
pub mod ledger;
mod messages;
mod names;
mod number;
mod render;
mod shape;

use crate::error::Error;
use crate::infra::artifacts::Artifacts;
use crate::infra::context::Context;

pub use conflict::{ConflictKind, NumberingConflict};
pub use ledger::{LEDGER_PATH, Ledger, LedgerMessage};
pub use names::message_name;

/// The folder of the .proto files among the artifacts (their import root).
pub const PROTO_ROOT: &str = "proto";

/// Adds every package's .proto file and the next ledger; `previous` is the ledger the last generation wrote.
pub(crate) fn emit(ctx: &Context<'_>, previous: Option<&Ledger>, artifacts: &mut Artifacts) -> Result<(), Error> {
    let (mut files, problems) = messages::Builder::new(&ctx.registry, &ctx.conventions).build();
    if !problems.is_empty() {
        return Err(Error::proto_shape(problems));
    }
    let empty = Ledger::new();
    let ledger = number::number_files(&mut files, previous.unwrap_or(&empty)).map_err(Error::proto_numbering)?;
    for file in &files {
        let path = format!("{PROTO_ROOT}/{}", file.package.file_path());
        artifacts.insert(path, render::render(file).into_bytes());
    }
    artifacts.insert(LEDGER_PATH, ledger.to_json()?);
    Ok(())
}
