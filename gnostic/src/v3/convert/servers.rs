//! Servers and their variables.

use super::values::extensions;
use crate::reader::{Obj, Problems};
use crate::v3::messages::{Server, ServerVariable};
use serde_json::Value;

/// Converts one entry of a `servers` list.
pub(super) fn server(problems: &mut Problems, value: &Value, path: String) -> Server {
    let Some(o) = Obj::new(problems, value, path, "a server") else { return Server::default() };
    o.check_keys(problems, &["url", "description", "variables"], &["url"]);
    Server {
        url: o.string(problems, "url"),
        description: o.string(problems, "description"),
        variables: o.named(problems, "variables", server_variable),
        specification_extension: extensions(&o),
    }
}

fn server_variable(problems: &mut Problems, value: &Value, path: String) -> ServerVariable {
    let Some(o) = Obj::new(problems, value, path, "a server variable") else { return ServerVariable::default() };
    o.check_keys(problems, &["enum", "default", "description"], &["default"]);
    ServerVariable {
        r#enum: o.strings(problems, "enum"),
        default: o.string(problems, "default"),
        description: o.string(problems, "description"),
        specification_extension: extensions(&o),
    }
}
