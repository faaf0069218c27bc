//! Kubernetes' `cidr` library: `cidr()`, `isCIDR`, `containsIP`, `containsCIDR`, `ip()`, `masked`, `prefixLength`
//! and `string(cidr)`.

use cel::common::types::{STRING_TYPE, Type};
use cel::objects::Opaque;
use cel::{DeclarationError, Env, ExecutionError, Value};

use super::args::{error, opaque, overload, string, wrap};
use super::ip::{self, Ip};
use super::net::{Prefix, parse_prefix};

/// The CEL type of a CIDR.
pub(crate) const TYPE_NAME: &str = "net.CIDR";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cidr(pub(crate) Prefix);

impl Opaque for Cidr {
    fn runtime_type_name(&self) -> &str {
        TYPE_NAME
    }
}

pub(super) fn register(env: &mut Env) -> Result<(), DeclarationError> {
    let cidr = || Type::new_opaque_type(TYPE_NAME);
    let ip = || Type::new_opaque_type(ip::TYPE_NAME);
    env.add_overload("cidr", "string_to_cidr", vec![STRING_TYPE], overload!(to_cidr))?;
    env.add_overload("isCIDR", "is_cidr", vec![STRING_TYPE], overload!(is_cidr))?;
    env.add_overload("string", "cidr_to_string", vec![cidr()], overload!(to_string))?;
    env.add_member_overload(
        "containsIP",
        "cidr_contains_ip_string",
        cidr(),
        vec![STRING_TYPE],
        overload!(contains_ip),
    )?;
    env.add_member_overload("containsIP", "cidr_contains_ip_ip", cidr(), vec![ip()], overload!(contains_ip))?;
    let contains = overload!(contains_cidr);
    env.add_member_overload("containsCIDR", "cidr_contains_cidr_string", cidr(), vec![STRING_TYPE], contains)?;
    env.add_member_overload("containsCIDR", "cidr_contains_cidr", cidr(), vec![cidr()], contains)?;
    env.add_member_overload("ip", "cidr_ip", cidr(), vec![], overload!(address))?;
    env.add_member_overload("prefixLength", "cidr_prefix_length", cidr(), vec![], overload!(prefix_length))?;
    env.add_member_overload("masked", "cidr_masked", cidr(), vec![], overload!(masked))?;
    Ok(())
}

/// `cidr(text)`: the parse error behind the conversion's own words.
fn parse(function: &str, text: &str) -> Result<Prefix, ExecutionError> {
    parse_prefix(text).map_err(|problem| {
        error(function, format!("network address parse error during conversion from string: {problem}"))
    })
}

fn to_cidr(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(wrap(Cidr(parse("cidr", string("cidr", args, 0)?)?)))
}

fn is_cidr(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Bool(parse_prefix(string("isCIDR", args, 0)?).is_ok()))
}

fn prefix(function: &str, args: &[Value]) -> Result<Prefix, ExecutionError> {
    opaque::<Cidr>(function, args, 0).map(|cidr| cidr.0)
}

fn to_string(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::from(prefix("string", args)?.to_string()))
}

fn contains_ip(args: &[Value]) -> Result<Value, ExecutionError> {
    let cidr = prefix("containsIP", args)?;
    let address = match args.get(1) {
        // An address that does not parse is, on the server, an argument of no matching overload.
        Some(Value::String(_)) => match ip::to_ip(&args[1..]) {
            Ok(parsed) => opaque::<Ip>("containsIP", std::slice::from_ref(&parsed), 0)?.0,
            Err(_) => return Err(error("containsIP", "no such overload")),
        },
        _ => opaque::<Ip>("containsIP", args, 1)?.0,
    };
    Ok(Value::Bool(cidr.contains(address)))
}

fn contains_cidr(args: &[Value]) -> Result<Value, ExecutionError> {
    let cidr = prefix("containsCIDR", args)?;
    let other = match args.get(1) {
        Some(Value::String(text)) => parse("cidr", text)?,
        _ => opaque::<Cidr>("containsCIDR", args, 1)?.0,
    };
    // As the server: the other address is compared unmasked, so `10.0.0.0/8` does not contain `10.1.0.0/16`.
    let same_network = cidr.masked() == Prefix { address: other.address, bits: cidr.bits };
    Ok(Value::Bool(same_network && cidr.bits <= other.bits))
}

fn address(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(wrap(Ip(prefix("ip", args)?.address)))
}

fn prefix_length(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Int(i64::from(prefix("prefixLength", args)?.bits)))
}

fn masked(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(wrap(Cidr(prefix("masked", args)?.masked())))
}
