//! Kubernetes' CEL environment for CRD rules (kube-apiserver 1.32): the libraries k8s.io/apiserver adds to cel-go's
//! standard library (`lists`, `regex`, `url`, `quantity`, `ip`, `cidr`, `format`) and cel-go's `sets` extension,
//! evaluated with cel-go's semantics. The `cel` crate supplies the standard library, optionals and the strings
//! extension; [`names`] lists every function of the environment (the type checker declares the same names), and a
//! rule calling any other fails when evaluated, as the server's checker would have refused it.

mod args;
mod cidr;
mod compat;
mod format;
mod gate;
mod go_format;
mod ip;
mod lists;
pub(crate) mod names;
mod net;
mod quantity;
mod regex;
mod sets;
pub(crate) mod time;
mod url;

use cel::{DeclarationError, Env};

pub(crate) use args::error_text;

pub(crate) use gate::undeclared_call;

/// Registers every Kubernetes library on `env`, with cel-go's behaviour where the crate's differs, and the strings
/// extension (after the overloads that shadow some of its own).
pub(crate) fn register(env: &mut Env) -> Result<(), DeclarationError> {
    // The library types, which rules may name (`type(x) == net.IP`).
    for name in [ip::TYPE_NAME, cidr::TYPE_NAME, quantity::TYPE_NAME, url::TYPE_NAME, format::TYPE_NAME] {
        env.add_type(cel::common::types::Type::new_opaque_type(name))?;
    }
    compat::register(env)?;
    env.add_extension(cel::extensions::strings)?;
    lists::register(env)?;
    regex::register(env)?;
    url::register(env)?;
    quantity::register(env)?;
    ip::register(env)?;
    cidr::register(env)?;
    format::register(env)?;
    sets::register(env)?;
    Ok(())
}
