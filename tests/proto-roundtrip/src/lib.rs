//! The generated protobuf definitions put to use: Rust types built from `generated/proto` by prost-build (parsed by
//! protox, so no protoc is needed), and a transcoder between the corpus' JSON and protobuf messages that works for
//! every message through the descriptors, so sample objects of every resource can round-trip.
//!
//! The transcoder follows go-to-protobuf's mapping: fields by their JSON names, meta/v1 `Time` / `MicroTime` as
//! seconds and nanoseconds, `IntOrString` as type + value, `Quantity` as its text, embedded and untyped values as
//! their JSON text in `bytes`, byte strings as raw bytes, and wrapper messages (`Verbs`) as plain arrays.

pub mod hints;
pub mod special;
pub mod time;
pub mod to_json;
pub mod to_proto;

use prost_reflect::DescriptorPool;

/// The prost-build types of every generated package, as modules by package (`pb::k8s::io::api::coordination::v1`).
#[allow(clippy::all, missing_debug_implementations, unused_qualifications, missing_docs)]
pub mod pb {
    // Generated code: prost-build's conventions, not the workspace's lints.
    include!(concat!(env!("OUT_DIR"), "/messages.rs"));
}

pub use hints::Hints;
pub use to_json::to_json;
pub use to_proto::to_message;

/// The descriptors of every generated file (compiled by protox in the build script).
pub fn descriptor_pool() -> Result<DescriptorPool, String> {
    DescriptorPool::decode(&include_bytes!(concat!(env!("OUT_DIR"), "/descriptors.bin"))[..]).map_err(|e| e.to_string())
}
