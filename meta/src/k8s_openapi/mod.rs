//! Conversions between kapi-meta's meta types and k8s-openapi's, for programs that hold both (kube-rs
//! controllers hold k8s-openapi's): object and list metadata and everything they carry, conditions, label
//! selectors, time stamps, quantities and int-or-string values. See docs/KUBE-RS.md.
//!
//! Every conversion names every field on both sides, so a field either crate adds later fails to compile here
//! instead of being dropped. k8s-openapi to kapi-meta never fails (`From`). kapi-meta to k8s-openapi fails
//! (`TryFrom`, [`InvalidTime`]) only where a time stamp is involved: kapi-meta keeps time stamps as the text
//! that came over the wire, k8s-openapi as a parsed instant, so text that is no RFC 3339 time has no k8s-openapi
//! form. Types without a time stamp convert with `From` both ways.
//!
//! The code compiles against whichever Kubernetes version the final program picks for k8s-openapi: the one field
//! that exists only in some versions (`ListMeta.shardInfo`, 1.36 on) is converted only where it exists.

mod condition;
mod label_selector;
mod object_meta;
mod time;
mod values;

#[cfg(test)]
mod tests;

pub use time::InvalidTime;

/// k8s-openapi's `meta/v1` package, whatever Kubernetes version is picked.
use ::k8s_openapi::apimachinery::pkg::apis::meta::v1 as upstream;

/// Converts each element, naming the failing one by its index in `field` (`managedFields[2].time`).
fn try_convert_list<Source, Target>(field: &str, items: Vec<Source>) -> Result<Vec<Target>, InvalidTime>
where
    Target: TryFrom<Source, Error = InvalidTime>,
{
    items
        .into_iter()
        .enumerate()
        .map(|(index, item)| Target::try_from(item).map_err(|error| error.within(&format!("{field}[{index}]"))))
        .collect()
}

/// Converts each element of an infallible conversion.
fn convert_list<Source, Target: From<Source>>(items: Option<Vec<Source>>) -> Option<Vec<Target>> {
    items.map(|items| items.into_iter().map(Target::from).collect())
}
