//! Kubernetes' `ip` library: `ip()`, `isIP`, `ip.isCanonical`, `family`, the address classes and `string(ip)`.

use std::net::IpAddr;

use cel::common::types::{STRING_TYPE, Type};
use cel::objects::Opaque;
use cel::{DeclarationError, Env, ExecutionError, Value};

use super::args::{error, opaque, overload, string, wrap};
use super::net::{is_global_unicast, is_link_local_multicast, is_link_local_unicast, parse_ip};

/// The CEL type of an IP address.
pub(crate) const TYPE_NAME: &str = "net.IP";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Ip(pub(crate) IpAddr);

impl Opaque for Ip {
    fn runtime_type_name(&self) -> &str {
        TYPE_NAME
    }
}

pub(super) fn register(env: &mut Env) -> Result<(), DeclarationError> {
    let ip = || Type::new_opaque_type(TYPE_NAME);
    env.add_overload("ip", "string_to_ip", vec![STRING_TYPE], overload!(to_ip))?;
    env.add_overload("isIP", "is_ip", vec![STRING_TYPE], overload!(is_ip))?;
    env.add_overload("ip.isCanonical", "ip_is_canonical", vec![STRING_TYPE], overload!(is_canonical))?;
    env.add_overload("string", "ip_to_string", vec![ip()], overload!(to_string))?;
    env.add_member_overload("family", "ip_family", ip(), vec![], overload!(family))?;
    let classes: [(&str, &str, cel::common::functions::Function); 5] = [
        ("isUnspecified", "ip_is_unspecified", overload!(is_unspecified)),
        ("isLoopback", "ip_is_loopback", overload!(is_loopback)),
        ("isLinkLocalMulticast", "ip_is_link_local_multicast", overload!(link_local_multicast)),
        ("isLinkLocalUnicast", "ip_is_link_local_unicast", overload!(link_local_unicast)),
        ("isGlobalUnicast", "ip_is_global_unicast", overload!(global_unicast)),
    ];
    for (name, id, function) in classes {
        env.add_member_overload(name, id, ip(), vec![], function)?;
    }
    Ok(())
}

pub(crate) fn to_ip(args: &[Value]) -> Result<Value, ExecutionError> {
    let text = string("ip", args, 0)?;
    parse_ip(text).map(|address| wrap(Ip(address))).map_err(|problem| error("ip", problem))
}

fn is_ip(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Bool(parse_ip(string("isIP", args, 0)?).is_ok()))
}

fn is_canonical(args: &[Value]) -> Result<Value, ExecutionError> {
    let text = string("ip.isCanonical", args, 0)?;
    let address = parse_ip(text).map_err(|problem| error("ip.isCanonical", problem))?;
    Ok(Value::Bool(address.to_string() == text))
}

fn address(function: &str, args: &[Value]) -> Result<IpAddr, ExecutionError> {
    opaque::<Ip>(function, args, 0).map(|ip| ip.0)
}

fn to_string(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::from(address("string", args)?.to_string()))
}

fn family(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Int(if address("family", args)?.is_ipv4() { 4 } else { 6 }))
}

fn is_unspecified(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Bool(address("isUnspecified", args)?.is_unspecified()))
}

fn is_loopback(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Bool(address("isLoopback", args)?.is_loopback()))
}

fn link_local_multicast(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Bool(is_link_local_multicast(address("isLinkLocalMulticast", args)?)))
}

fn link_local_unicast(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Bool(is_link_local_unicast(address("isLinkLocalUnicast", args)?)))
}

fn global_unicast(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Bool(is_global_unicast(address("isGlobalUnicast", args)?)))
}
