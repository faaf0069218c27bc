//! The functions a CRD rule may call on the API server (kube-apiserver 1.32, a new CRD's rules), by library: one
//! list, which the rules kapi evaluates are held to, the type checker's declarations are compared with, and the
//! differential test covers call by call.

/// A function of the environment and the library it comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Function {
    /// The name as called: `size`, `isSorted`, `format.named`, `sets.contains`.
    pub name: &'static str,
    /// The library: `standard`, `optional`, `strings`, `sets`, or a Kubernetes library (`lists`, `regex`, `url`,
    /// `quantity`, `ip`, `cidr`, `format`).
    pub library: &'static str,
}

const fn f(library: &'static str, name: &'static str) -> Function {
    Function { name, library }
}

/// Every function a CRD rule may call, operators and macros aside (they are syntax): cel-go's standard library and
/// optional types, its strings (version 2) and sets extensions, and Kubernetes' libraries.
pub const FUNCTIONS: &[Function] = &[
    // cel-go's standard library.
    f("standard", "size"),
    f("standard", "contains"),
    f("standard", "startsWith"),
    f("standard", "endsWith"),
    f("standard", "matches"),
    f("standard", "int"),
    f("standard", "uint"),
    f("standard", "double"),
    f("standard", "string"),
    f("standard", "bytes"),
    f("standard", "bool"),
    f("standard", "dyn"),
    f("standard", "type"),
    f("standard", "duration"),
    f("standard", "timestamp"),
    f("standard", "getFullYear"),
    f("standard", "getMonth"),
    f("standard", "getDayOfYear"),
    f("standard", "getDayOfMonth"),
    f("standard", "getDate"),
    f("standard", "getDayOfWeek"),
    f("standard", "getHours"),
    f("standard", "getMinutes"),
    f("standard", "getSeconds"),
    f("standard", "getMilliseconds"),
    // Optional types.
    f("optional", "optional.of"),
    f("optional", "optional.none"),
    f("optional", "optional.ofNonZeroValue"),
    f("optional", "hasValue"),
    f("optional", "value"),
    f("optional", "or"),
    f("optional", "orValue"),
    // The strings extension, version 2.
    f("strings", "charAt"),
    f("strings", "indexOf"),
    f("strings", "lastIndexOf"),
    f("strings", "lowerAscii"),
    f("strings", "upperAscii"),
    f("strings", "replace"),
    f("strings", "split"),
    f("strings", "substring"),
    f("strings", "trim"),
    f("strings", "join"),
    f("strings", "format"),
    f("strings", "strings.quote"),
    // The sets extension.
    f("sets", "sets.contains"),
    f("sets", "sets.equivalent"),
    f("sets", "sets.intersects"),
    // Kubernetes' lists library (`indexOf` and `lastIndexOf` also take lists).
    f("lists", "isSorted"),
    f("lists", "sum"),
    f("lists", "min"),
    f("lists", "max"),
    // Kubernetes' regex library.
    f("regex", "find"),
    f("regex", "findAll"),
    // Kubernetes' url library.
    f("url", "url"),
    f("url", "isURL"),
    f("url", "getScheme"),
    f("url", "getHost"),
    f("url", "getHostname"),
    f("url", "getPort"),
    f("url", "getEscapedPath"),
    f("url", "getQuery"),
    // Kubernetes' quantity library.
    f("quantity", "quantity"),
    f("quantity", "isQuantity"),
    f("quantity", "sign"),
    f("quantity", "isGreaterThan"),
    f("quantity", "isLessThan"),
    f("quantity", "compareTo"),
    f("quantity", "add"),
    f("quantity", "sub"),
    f("quantity", "asInteger"),
    f("quantity", "isInteger"),
    f("quantity", "asApproximateFloat"),
    // Kubernetes' ip library.
    f("ip", "ip"),
    f("ip", "isIP"),
    f("ip", "ip.isCanonical"),
    f("ip", "family"),
    f("ip", "isUnspecified"),
    f("ip", "isLoopback"),
    f("ip", "isLinkLocalMulticast"),
    f("ip", "isLinkLocalUnicast"),
    f("ip", "isGlobalUnicast"),
    // Kubernetes' cidr library (`ip` also reads a CIDR's address).
    f("cidr", "cidr"),
    f("cidr", "isCIDR"),
    f("cidr", "containsIP"),
    f("cidr", "containsCIDR"),
    f("cidr", "prefixLength"),
    f("cidr", "masked"),
    // Kubernetes' format library.
    f("format", "format.named"),
    f("format", "validate"),
    f("format", "format.dns1123Label"),
    f("format", "format.dns1123Subdomain"),
    f("format", "format.dns1035Label"),
    f("format", "format.qualifiedName"),
    f("format", "format.dns1123LabelPrefix"),
    f("format", "format.dns1123SubdomainPrefix"),
    f("format", "format.dns1035LabelPrefix"),
    f("format", "format.labelValue"),
    f("format", "format.uri"),
    f("format", "format.uuid"),
    f("format", "format.byte"),
    f("format", "format.date"),
    f("format", "format.datetime"),
];

/// Functions the server's environment declares that no CRD rule can call: Kubernetes' `authz` library's methods,
/// on authorizer types no CRD rule has a value of (there is no `authorizer` variable). Every call of one is
/// refused for its types, on the server and here.
pub const UNREACHABLE: &[&str] = &[
    "allowed",
    "check",
    "error",
    "errored",
    "fieldSelector",
    "group",
    "labelSelector",
    "name",
    "namespace",
    "path",
    "reason",
    "resource",
    "serviceAccount",
    "subresource",
];

/// Whether `name` is a function of the environment.
pub fn is_function(name: &str) -> bool {
    FUNCTIONS.iter().any(|function| function.name == name)
}

/// Names the parser introduces for syntax: operators (`_+_`, `@in`, `_?._`) and the optional-selection helpers.
pub(crate) fn is_syntax(name: &str) -> bool {
    name.starts_with('_') || name.starts_with('@') || name == "!_" || name == "-_"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_listed_once() {
        let mut names: Vec<&str> = FUNCTIONS.iter().map(|function| function.name).collect();
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(names.len(), before, "a function listed twice");
    }

    /// The type checker's declarations (`checker::decls`, written from the server's sources independently) name
    /// the same functions: the list is complete.
    #[test]
    fn the_type_checker_declares_the_same_functions() {
        let declared: Vec<&str> = crate::checker::decls::names().into_iter().filter(|name| !is_syntax(name)).collect();
        let mut listed: Vec<&str> =
            FUNCTIONS.iter().map(|function| function.name).chain(UNREACHABLE.iter().copied()).collect();
        listed.sort_unstable();
        listed.dedup();
        assert_eq!(listed, declared);
    }
}
