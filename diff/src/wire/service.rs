//! One service's old and new declarations: each method kept by name keeps its request and response types, its
//! streaming on either side, and its idempotency level.

use std::collections::BTreeMap;

use prost_types::MethodDescriptorProto;
use prost_types::method_options::IdempotencyLevel;

use super::change::Change;
use super::index::Index;
use crate::rule::Rule;

/// Compares every service of the old tree with the new service of the same full name.
pub(super) fn compare_all(old: &Index<'_>, new: &Index<'_>, changes: &mut Vec<Change>) {
    for (name, (_, old_service)) in &old.services {
        let Some((new_place, new_service)) = new.services.get(name) else { continue };
        let new_methods: BTreeMap<&str, &MethodDescriptorProto> =
            new_service.method.iter().map(|method| (method.name(), method)).collect();
        for old_method in &old_service.method {
            let Some(new_method) = new_methods.get(old_method.name()) else { continue };
            let mut at = |rule, what: String| {
                let (path, subject) = (format!(".{}", new_method.name()), format!("rpc {}", new_method.name()));
                changes.push(new_place.change(rule, path, subject, what));
            };
            let types = [
                (Rule::RpcRequestTypeChanged, old_method.input_type(), new_method.input_type()),
                (Rule::RpcResponseTypeChanged, old_method.output_type(), new_method.output_type()),
            ];
            for (rule, was, is) in types {
                if was != is {
                    at(rule, format!("`{was}` -> `{is}`"));
                }
            }
            let streaming = [
                (Rule::RpcClientStreamingChanged, old_method.client_streaming(), new_method.client_streaming()),
                (Rule::RpcServerStreamingChanged, old_method.server_streaming(), new_method.server_streaming()),
            ];
            for (rule, was, is) in streaming {
                if was != is {
                    at(rule, format!("{} -> {}", streams(was), streams(is)));
                }
            }
            let (was, is) = (idempotency(old_method), idempotency(new_method));
            if was != is {
                at(
                    Rule::RpcIdempotencyChanged,
                    format!("idempotency_level {} -> {}", was.as_str_name(), is.as_str_name()),
                );
            }
        }
    }
}

fn streams(streaming: bool) -> &'static str {
    if streaming { "streaming" } else { "unary" }
}

fn idempotency(method: &MethodDescriptorProto) -> IdempotencyLevel {
    method.options.as_ref().map_or(IdempotencyLevel::IdempotencyUnknown, |options| options.idempotency_level())
}
