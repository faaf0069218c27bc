//! The functions the API server declares for CRD rules (Kubernetes 1.32, new expressions at the 1.31 compatibility
//! level): cel-go's standard library with cross-type numeric comparisons and optional types, cel-go's strings
//! extension (version 2) and sets extension, and Kubernetes' libraries (lists, regex, URLs, quantities, IPs, CIDRs,
//! named formats, and the authorizer's functions, declared although CRD rules have no authorizer to call them on).
//! Two-variable comprehensions come at 1.32, one level above what the server lets new rules use.
//!
//! Each overload is written as its signature: `(int, int) -> int` for a global function, `string.(string) -> bool`
//! for a method of `string`; one capital letter is a type parameter.

use std::collections::HashMap;
use std::sync::LazyLock;

use super::types::Type;

/// One overload of a function.
#[derive(Debug, Clone)]
pub(crate) struct Overload {
    /// Called on a receiver (`x.f(y)`), which is the first parameter.
    pub member: bool,
    pub params: Vec<Type<'static>>,
    pub result: Type<'static>,
}

/// The comparison operators: every type compares with itself, and numbers across types.
const ORDERED: &[&str] = &[
    "(bool, bool) -> bool",
    "(int, int) -> bool",
    "(int, double) -> bool",
    "(int, uint) -> bool",
    "(uint, uint) -> bool",
    "(uint, double) -> bool",
    "(uint, int) -> bool",
    "(double, double) -> bool",
    "(double, int) -> bool",
    "(double, uint) -> bool",
    "(string, string) -> bool",
    "(bytes, bytes) -> bool",
    "(timestamp, timestamp) -> bool",
    "(duration, duration) -> bool",
];

const TIME_PARTS: &[&str] = &["timestamp.() -> int", "timestamp.(string) -> int"];
const TIME_AND_DURATION_PARTS: &[&str] = &["timestamp.() -> int", "timestamp.(string) -> int", "duration.() -> int"];

/// Every declared function and its overloads, in declaration order.
const FUNCTIONS: &[(&str, &[&str])] = &[
    // cel-go's standard library: operators.
    ("_?_:_", &["(bool, A, A) -> A"]),
    ("_&&_", &["(bool, bool) -> bool"]),
    ("_||_", &["(bool, bool) -> bool"]),
    ("!_", &["(bool) -> bool"]),
    ("@not_strictly_false", &["(bool) -> bool"]),
    ("_==_", &["(A, A) -> bool"]),
    ("_!=_", &["(A, A) -> bool"]),
    (
        "_+_",
        &[
            "(bytes, bytes) -> bytes",
            "(double, double) -> double",
            "(duration, duration) -> duration",
            "(duration, timestamp) -> timestamp",
            "(timestamp, duration) -> timestamp",
            "(int, int) -> int",
            "(list(A), list(A)) -> list(A)",
            "(string, string) -> string",
            "(uint, uint) -> uint",
        ],
    ),
    ("_/_", &["(double, double) -> double", "(int, int) -> int", "(uint, uint) -> uint"]),
    ("_%_", &["(int, int) -> int", "(uint, uint) -> uint"]),
    ("_*_", &["(double, double) -> double", "(int, int) -> int", "(uint, uint) -> uint"]),
    ("-_", &["(double) -> double", "(int) -> int"]),
    (
        "_-_",
        &[
            "(double, double) -> double",
            "(duration, duration) -> duration",
            "(int, int) -> int",
            "(timestamp, duration) -> timestamp",
            "(timestamp, timestamp) -> duration",
            "(uint, uint) -> uint",
        ],
    ),
    ("_<_", ORDERED),
    ("_<=_", ORDERED),
    ("_>_", ORDERED),
    ("_>=_", ORDERED),
    (
        "_[_]",
        &[
            "(list(A), int) -> A",
            "(map(A, B), A) -> B",
            "(optional_type(list(V)), int) -> optional_type(V)",
            "(optional_type(map(K, V)), K) -> optional_type(V)",
        ],
    ),
    ("@in", &["(A, list(A)) -> bool", "(A, map(A, B)) -> bool"]),
    (
        "size",
        &[
            "(bytes) -> int",
            "bytes.() -> int",
            "(list(A)) -> int",
            "list(A).() -> int",
            "(map(A, B)) -> int",
            "map(A, B).() -> int",
            "(string) -> int",
            "string.() -> int",
        ],
    ),
    // Conversions.
    ("type", &["(A) -> type(A)"]),
    ("bool", &["(bool) -> bool", "(string) -> bool"]),
    ("bytes", &["(bytes) -> bytes", "(string) -> bytes"]),
    ("double", &["(double) -> double", "(int) -> double", "(string) -> double", "(uint) -> double"]),
    ("duration", &["(duration) -> duration", "(int) -> duration", "(string) -> duration"]),
    ("dyn", &["(A) -> dyn"]),
    (
        "int",
        &[
            "(int) -> int",
            "(double) -> int",
            "(duration) -> int",
            "(string) -> int",
            "(timestamp) -> int",
            "(uint) -> int",
        ],
    ),
    (
        "string",
        &[
            "(string) -> string",
            "(bool) -> string",
            "(bytes) -> string",
            "(double) -> string",
            "(duration) -> string",
            "(int) -> string",
            "(timestamp) -> string",
            "(uint) -> string",
            // Kubernetes' IP and CIDR libraries.
            "(net.IP) -> string",
            "(net.CIDR) -> string",
        ],
    ),
    ("timestamp", &["(timestamp) -> timestamp", "(int) -> timestamp", "(string) -> timestamp"]),
    ("uint", &["(uint) -> uint", "(double) -> uint", "(int) -> uint", "(string) -> uint"]),
    // Strings and times.
    ("contains", &["string.(string) -> bool"]),
    ("endsWith", &["string.(string) -> bool"]),
    ("startsWith", &["string.(string) -> bool"]),
    ("matches", &["(string, string) -> bool", "string.(string) -> bool"]),
    ("getFullYear", TIME_PARTS),
    ("getMonth", TIME_PARTS),
    ("getDayOfYear", TIME_PARTS),
    ("getDayOfMonth", TIME_PARTS),
    ("getDate", TIME_PARTS),
    ("getDayOfWeek", TIME_PARTS),
    ("getHours", TIME_AND_DURATION_PARTS),
    ("getMinutes", TIME_AND_DURATION_PARTS),
    ("getSeconds", TIME_AND_DURATION_PARTS),
    ("getMilliseconds", TIME_AND_DURATION_PARTS),
    // cel-go's optional types.
    ("optional.of", &["(V) -> optional_type(V)"]),
    ("optional.ofNonZeroValue", &["(V) -> optional_type(V)"]),
    ("optional.none", &["() -> optional_type(V)"]),
    ("value", &["optional_type(V).() -> V"]),
    ("hasValue", &["optional_type(V).() -> bool"]),
    ("or", &["optional_type(V).(optional_type(V)) -> optional_type(V)"]),
    ("orValue", &["optional_type(V).(V) -> V"]),
    ("_?._", &["(dyn, string) -> optional_type(V)"]),
    (
        "_[?_]",
        &[
            "(list(V), int) -> optional_type(V)",
            "(optional_type(list(V)), int) -> optional_type(V)",
            "(map(K, V), K) -> optional_type(V)",
            "(optional_type(map(K, V)), K) -> optional_type(V)",
        ],
    ),
    // cel-go's strings extension, version 2; `indexOf` and `lastIndexOf` also hold Kubernetes' list overloads.
    ("charAt", &["string.(int) -> string"]),
    ("indexOf", &["string.(string) -> int", "string.(string, int) -> int", "list(A).(A) -> int"]),
    ("lastIndexOf", &["string.(string) -> int", "string.(string, int) -> int", "list(A).(A) -> int"]),
    ("lowerAscii", &["string.() -> string"]),
    ("replace", &["string.(string, string) -> string", "string.(string, string, int) -> string"]),
    ("split", &["string.(string) -> list(string)", "string.(string, int) -> list(string)"]),
    ("substring", &["string.(int) -> string", "string.(int, int) -> string"]),
    ("trim", &["string.() -> string"]),
    ("upperAscii", &["string.() -> string"]),
    ("format", &["string.(list(dyn)) -> string"]),
    ("strings.quote", &["(string) -> string"]),
    ("join", &["list(string).() -> string", "list(string).(string) -> string"]),
    // cel-go's sets extension.
    ("sets.contains", &["(list(T), list(T)) -> bool"]),
    ("sets.equivalent", &["(list(T), list(T)) -> bool"]),
    ("sets.intersects", &["(list(T), list(T)) -> bool"]),
    // Kubernetes' lists library.
    (
        "isSorted",
        &[
            "list(int).() -> bool",
            "list(uint).() -> bool",
            "list(double).() -> bool",
            "list(bool).() -> bool",
            "list(duration).() -> bool",
            "list(timestamp).() -> bool",
            "list(string).() -> bool",
            "list(bytes).() -> bool",
        ],
    ),
    (
        "sum",
        &["list(int).() -> int", "list(uint).() -> uint", "list(double).() -> double", "list(duration).() -> duration"],
    ),
    (
        "max",
        &[
            "list(int).() -> int",
            "list(uint).() -> uint",
            "list(double).() -> double",
            "list(bool).() -> bool",
            "list(duration).() -> duration",
            "list(timestamp).() -> timestamp",
            "list(string).() -> string",
            "list(bytes).() -> bytes",
        ],
    ),
    (
        "min",
        &[
            "list(int).() -> int",
            "list(uint).() -> uint",
            "list(double).() -> double",
            "list(bool).() -> bool",
            "list(duration).() -> duration",
            "list(timestamp).() -> timestamp",
            "list(string).() -> string",
            "list(bytes).() -> bytes",
        ],
    ),
    // Kubernetes' regex library.
    ("find", &["string.(string) -> string"]),
    ("findAll", &["string.(string) -> list(string)", "string.(string, int) -> list(string)"]),
    // Kubernetes' URL library.
    ("url", &["(string) -> kubernetes.URL"]),
    ("getScheme", &["kubernetes.URL.() -> string"]),
    ("getHost", &["kubernetes.URL.() -> string"]),
    ("getHostname", &["kubernetes.URL.() -> string"]),
    ("getPort", &["kubernetes.URL.() -> string"]),
    ("getEscapedPath", &["kubernetes.URL.() -> string"]),
    ("getQuery", &["kubernetes.URL.() -> map(string, list(string))"]),
    ("isURL", &["(string) -> bool"]),
    // Kubernetes' quantity library.
    ("quantity", &["(string) -> kubernetes.Quantity"]),
    ("isQuantity", &["(string) -> bool"]),
    ("sign", &["(kubernetes.Quantity) -> int"]),
    ("isGreaterThan", &["kubernetes.Quantity.(kubernetes.Quantity) -> bool"]),
    ("isLessThan", &["kubernetes.Quantity.(kubernetes.Quantity) -> bool"]),
    ("compareTo", &["kubernetes.Quantity.(kubernetes.Quantity) -> int"]),
    ("asApproximateFloat", &["kubernetes.Quantity.() -> double"]),
    ("asInteger", &["kubernetes.Quantity.() -> int"]),
    ("isInteger", &["kubernetes.Quantity.() -> bool"]),
    (
        "add",
        &[
            "kubernetes.Quantity.(kubernetes.Quantity) -> kubernetes.Quantity",
            "kubernetes.Quantity.(int) -> kubernetes.Quantity",
        ],
    ),
    (
        "sub",
        &[
            "kubernetes.Quantity.(kubernetes.Quantity) -> kubernetes.Quantity",
            "kubernetes.Quantity.(int) -> kubernetes.Quantity",
        ],
    ),
    // Kubernetes' IP and CIDR libraries.
    ("ip", &["(string) -> net.IP", "net.CIDR.() -> net.IP"]),
    ("family", &["net.IP.() -> int"]),
    ("ip.isCanonical", &["(string) -> bool"]),
    ("isUnspecified", &["net.IP.() -> bool"]),
    ("isLoopback", &["net.IP.() -> bool"]),
    ("isLinkLocalMulticast", &["net.IP.() -> bool"]),
    ("isLinkLocalUnicast", &["net.IP.() -> bool"]),
    ("isGlobalUnicast", &["net.IP.() -> bool"]),
    ("isIP", &["(string) -> bool"]),
    ("cidr", &["(string) -> net.CIDR"]),
    ("containsIP", &["net.CIDR.(string) -> bool", "net.CIDR.(net.IP) -> bool"]),
    ("containsCIDR", &["net.CIDR.(string) -> bool", "net.CIDR.(net.CIDR) -> bool"]),
    ("prefixLength", &["net.CIDR.() -> int"]),
    ("masked", &["net.CIDR.() -> net.CIDR"]),
    ("isCIDR", &["(string) -> bool"]),
    // Kubernetes' format library.
    ("validate", &["kubernetes.NamedFormat.(string) -> optional_type(list(string))"]),
    ("format.named", &["(string) -> optional_type(kubernetes.NamedFormat)"]),
    ("format.dns1123Label", &["() -> kubernetes.NamedFormat"]),
    ("format.dns1123Subdomain", &["() -> kubernetes.NamedFormat"]),
    ("format.dns1035Label", &["() -> kubernetes.NamedFormat"]),
    ("format.qualifiedName", &["() -> kubernetes.NamedFormat"]),
    ("format.dns1123LabelPrefix", &["() -> kubernetes.NamedFormat"]),
    ("format.dns1123SubdomainPrefix", &["() -> kubernetes.NamedFormat"]),
    ("format.dns1035LabelPrefix", &["() -> kubernetes.NamedFormat"]),
    ("format.labelValue", &["() -> kubernetes.NamedFormat"]),
    ("format.uri", &["() -> kubernetes.NamedFormat"]),
    ("format.uuid", &["() -> kubernetes.NamedFormat"]),
    ("format.byte", &["() -> kubernetes.NamedFormat"]),
    ("format.date", &["() -> kubernetes.NamedFormat"]),
    ("format.datetime", &["() -> kubernetes.NamedFormat"]),
    // Kubernetes' authorizer library: declared, but nothing in a CRD rule has these types.
    ("path", &["kubernetes.authorization.Authorizer.(string) -> kubernetes.authorization.PathCheck"]),
    ("group", &["kubernetes.authorization.Authorizer.(string) -> kubernetes.authorization.GroupCheck"]),
    (
        "serviceAccount",
        &["kubernetes.authorization.Authorizer.(string, string) -> kubernetes.authorization.Authorizer"],
    ),
    ("resource", &["kubernetes.authorization.GroupCheck.(string) -> kubernetes.authorization.ResourceCheck"]),
    ("subresource", &["kubernetes.authorization.ResourceCheck.(string) -> kubernetes.authorization.ResourceCheck"]),
    ("namespace", &["kubernetes.authorization.ResourceCheck.(string) -> kubernetes.authorization.ResourceCheck"]),
    ("name", &["kubernetes.authorization.ResourceCheck.(string) -> kubernetes.authorization.ResourceCheck"]),
    (
        "check",
        &[
            "kubernetes.authorization.PathCheck.(string) -> kubernetes.authorization.Decision",
            "kubernetes.authorization.ResourceCheck.(string) -> kubernetes.authorization.Decision",
        ],
    ),
    ("errored", &["kubernetes.authorization.Decision.() -> bool"]),
    ("error", &["kubernetes.authorization.Decision.() -> string"]),
    ("allowed", &["kubernetes.authorization.Decision.() -> bool"]),
    ("reason", &["kubernetes.authorization.Decision.() -> string"]),
    ("fieldSelector", &["kubernetes.authorization.ResourceCheck.(string) -> kubernetes.authorization.ResourceCheck"]),
    ("labelSelector", &["kubernetes.authorization.ResourceCheck.(string) -> kubernetes.authorization.ResourceCheck"]),
];

/// Names that stand for types, and the type each is a value of.
pub(crate) fn type_ident(name: &str) -> Option<Type<'static>> {
    let ty = match name {
        "bool" => Type::Bool,
        "bytes" => Type::Bytes,
        "double" => Type::Double,
        "duration" => Type::Duration,
        "int" => Type::Int,
        "list" => Type::list(Type::Param("A".into())),
        "map" => Type::map(Type::Param("A".into()), Type::Param("B".into())),
        "null_type" => Type::Null,
        "string" => Type::String,
        "timestamp" => Type::Timestamp,
        "type" => return Some(Type::Meta(Some(Box::new(Type::Meta(None))))),
        "uint" => Type::Uint,
        "dyn" => Type::Dyn,
        "optional_type" => Type::optional(Type::Param("V".into())),
        "kubernetes.URL" | "kubernetes.Quantity" | "kubernetes.NamedFormat" | "net.IP" | "net.CIDR" => {
            Type::Opaque(opaque_name(name)?, Vec::new())
        }
        _ => return None,
    };
    Some(Type::Meta(Some(Box::new(ty))))
}

/// The overloads of a declared function.
pub(crate) fn function(name: &str) -> Option<&'static [Overload]> {
    static TABLE: LazyLock<HashMap<&'static str, Vec<Overload>>> = LazyLock::new(|| {
        let mut table: HashMap<&'static str, Vec<Overload>> = HashMap::new();
        for (name, signatures) in FUNCTIONS {
            let overloads = table.entry(name).or_default();
            overloads.extend(signatures.iter().map(|signature| parse_signature(signature)));
        }
        table
    });
    TABLE.get(name).map(Vec::as_slice)
}

/// Every declared function's name, sorted.
#[cfg(test)]
pub(crate) fn names() -> Vec<&'static str> {
    let mut names: Vec<&str> = FUNCTIONS.iter().map(|(name, _)| *name).collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// The names of the libraries' own types, as `&'static str`.
fn opaque_name(name: &str) -> Option<&'static str> {
    const NAMES: &[&str] = &[
        "kubernetes.URL",
        "kubernetes.Quantity",
        "kubernetes.NamedFormat",
        "net.IP",
        "net.CIDR",
        "kubernetes.authorization.Authorizer",
        "kubernetes.authorization.PathCheck",
        "kubernetes.authorization.GroupCheck",
        "kubernetes.authorization.ResourceCheck",
        "kubernetes.authorization.Decision",
    ];
    NAMES.iter().find(|known| **known == name).copied()
}

/// Parses `(a, b) -> r` or `receiver.(a) -> r`; the table is fixed, so a malformed entry is a bug the tests catch.
fn parse_signature(signature: &'static str) -> Overload {
    let (call, result) = signature.split_once(" -> ").unwrap_or((signature, "dyn"));
    let (receiver, args) = match call.strip_prefix('(') {
        Some(args) => (None, args),
        None => {
            let (receiver, args) = call.split_once(".(").unwrap_or((call, ")"));
            (Some(receiver), args)
        }
    };
    let args = args.strip_suffix(')').unwrap_or(args);
    let mut params: Vec<Type<'static>> = receiver.into_iter().map(parse_type).collect();
    params.extend(split_top_level(args).into_iter().map(parse_type));
    Overload { member: receiver.is_some(), params, result: parse_type(result) }
}

/// `a, list(b, c)` → `a`, `list(b, c)`.
fn split_top_level(text: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (index, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(text[start..index].trim());
                start = index + 1;
            }
            _ => {}
        }
    }
    if !text[start..].trim().is_empty() {
        parts.push(text[start..].trim());
    }
    parts
}

fn parse_type(text: &str) -> Type<'static> {
    let text = text.trim();
    let (name, params) = match text.split_once('(') {
        Some((name, rest)) => (name, split_top_level(rest.strip_suffix(')').unwrap_or(rest))),
        None => (text, Vec::new()),
    };
    let mut params = params.into_iter().map(parse_type);
    let mut next = || params.next().unwrap_or(Type::Dyn);
    match name {
        "bool" => Type::Bool,
        "int" => Type::Int,
        "uint" => Type::Uint,
        "double" => Type::Double,
        "string" => Type::String,
        "bytes" => Type::Bytes,
        "duration" => Type::Duration,
        "timestamp" => Type::Timestamp,
        "dyn" => Type::Dyn,
        "list" => Type::list(next()),
        "map" => {
            let key = next();
            Type::map(key, next())
        }
        "optional_type" => Type::optional(next()),
        "type" => Type::Meta(Some(Box::new(next()))),
        param if param.len() == 1 => Type::Param(param.to_owned()),
        other => opaque_name(other).map_or(Type::Error, |name| Type::Opaque(name, Vec::new())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_signature_parses_into_known_types() {
        for (name, signatures) in FUNCTIONS {
            for signature in *signatures {
                let overload = parse_signature(signature);
                let shown: Vec<String> = overload.params.iter().map(ToString::to_string).collect();
                assert!(!shown.iter().any(|t| t.contains("!error!")), "{name}: {signature}");
                assert!(!overload.result.to_string().contains("!error!"), "{name}: {signature}");
                let written = match overload.member {
                    true => format!("{}.({}) -> {}", shown[0], shown[1..].join(", "), overload.result),
                    false => format!("({}) -> {}", shown.join(", "), overload.result),
                };
                assert_eq!(written, *signature, "{name}");
            }
        }
    }

    #[test]
    fn methods_and_globals_are_told_apart() {
        let size = function("size").expect("declared");
        assert_eq!(size.iter().filter(|o| o.member).count(), 4);
        let join = function("join").expect("declared");
        assert!(join.iter().all(|o| o.member && matches!(o.params[0], Type::List(_))));
        assert!(names().contains(&"format.dns1123Label"));
    }
}
