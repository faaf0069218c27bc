//! CEL compilation, differential: a ladder of rules on a typed schema, each in a CRD created (dry run) on a real
//! kube-apiserver. Valid rules touch every function, macro, type and conversion of the server's CRD environment;
//! invalid ones mistype operands, call unknown functions, read unknown fields, return the wrong type, misuse
//! optionals, mix types in literals, write bad literals. On every rung kapi's verdict must be the server's; for a
//! refusal, the fields of the causes must be the server's, and a type error's message the server's own words.

use std::collections::BTreeSet;

use kapi_cel::{OPTIONAL_OLD_SELF_UNUSED, UNTYPED_NODE, check_schema_rules};
use kapi_codegen::crd_check::check_crd;
use kapi_tests::kube::{crd_around, kube};
use serde_json::{Value, json};

use crate::kube_crds::server_verdict;

/// Where a rung's rule sits.
#[derive(Debug, Clone, Copy)]
enum At {
    /// On `spec`, the typed object below.
    Spec,
    /// On the resource root (`apiVersion`, `kind`, `metadata.name`/`generateName` and `spec`).
    Root,
    /// On the items of `spec.lo`, a list of type map (old and new items pair up).
    MapItem,
    /// On the items of `spec.atomic`, an atomic list (they do not).
    AtomicItem,
    /// On a property of `spec`.
    Field(&'static str),
}

/// `spec`: one field of every kind the server types, every list, map and string bounded so that no rule is costly.
fn spec_properties() -> Value {
    let string = |max: u64| json!({"type": "string", "maxLength": max});
    json!({
        "n": {"type": "integer"},
        "d": {"type": "number"},
        "s": string(32),
        "b": {"type": "boolean"},
        "by": {"type": "string", "format": "byte", "maxLength": 64},
        "du": {"type": "string", "format": "duration"},
        "ts": {"type": "string", "format": "date-time"},
        "dt": {"type": "string", "format": "date"},
        "l": {"type": "array", "maxItems": 8, "items": {"type": "integer"}},
        "ld": {"type": "array", "maxItems": 8, "items": {"type": "number"}},
        "ls": {"type": "array", "maxItems": 8, "items": string(16)},
        "lo": {
            "type": "array", "maxItems": 8, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"],
            "items": {"type": "object", "required": ["k"], "properties": {"k": string(16), "v": {"type": "integer"}}}
        },
        "atomic": {
            "type": "array", "maxItems": 8,
            "items": {"type": "object", "properties": {"k": string(16)}}
        },
        "m": {"type": "object", "maxProperties": 8, "additionalProperties": string(16)},
        "mo": {"type": "object", "maxProperties": 8,
            "additionalProperties": {"type": "object", "properties": {"z": {"type": "integer"}}}},
        "o": {"type": "object", "properties": {
            "a": {"type": "integer"},
            "inner": {"type": "object", "properties": {"deep": string(8)}}
        }},
        "ios": {"x-kubernetes-int-or-string": true},
        "e": {"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true},
        "en": {"type": "string", "enum": ["a", "b"]},
        "x-y": string(8),
        "namespace": string(8),
        "pu": {"type": "object", "x-kubernetes-preserve-unknown-fields": true,
            "properties": {"known": {"type": "integer"}}},
        "q": string(16),
        "ip": string(45),
        "cidr": string(49),
        "url": string(64),
        "1abc": string(8),
        "free": {"x-kubernetes-preserve-unknown-fields": true}
    })
}

/// The CRD's schema with `entry` (a rule entry) placed `at`.
fn schema_with(at: At, entry: &Value) -> Value {
    let mut spec = json!({"type": "object", "properties": spec_properties()});
    let mut root = json!({"type": "object", "properties": {}});
    let rules = json!([entry]);
    match at {
        At::Spec => spec["x-kubernetes-validations"] = rules,
        At::Root => root["x-kubernetes-validations"] = rules,
        At::MapItem => spec["properties"]["lo"]["items"]["x-kubernetes-validations"] = rules,
        At::AtomicItem => spec["properties"]["atomic"]["items"]["x-kubernetes-validations"] = rules,
        At::Field(name) => spec["properties"][name]["x-kubernetes-validations"] = rules,
    }
    root["properties"]["spec"] = spec;
    root
}

/// One rung: where the rule sits and its entry (a bare rule, or an entry with `messageExpression` or
/// `optionalOldSelf`).
struct Rung {
    at: At,
    entry: Value,
}

fn rule(text: &str) -> Rung {
    Rung { at: At::Spec, entry: json!({"rule": text}) }
}

fn at(at: At, text: &str) -> Rung {
    Rung { at, entry: json!({"rule": text}) }
}

fn with_message(text: &str, message_expression: &str) -> Rung {
    Rung { at: At::Spec, entry: json!({"rule": text, "messageExpression": message_expression}) }
}

fn optional_old_self(text: &str) -> Rung {
    Rung { at: At::Spec, entry: json!({"rule": text, "optionalOldSelf": true}) }
}

/// Rules the server accepts.
const VALID: &[&str] = &[
    // Numbers, with cross-type comparisons.
    "self.n > 0",
    "self.n >= 1 && self.n <= 10",
    "self.n < 1.5",
    "self.n > 1u",
    "self.d > 1",
    "self.d == 1.0",
    "self.n < self.d",
    "self.n + 1 == 2",
    "self.n - 1 < self.n * 2",
    "self.n / 2 >= 0 || self.n % 2 == 1",
    "-self.n < 0 || self.n == 0",
    "self.d / 2.0 < self.d * 3.0 || self.d - 1.0 < 0.0",
    "1 + 2 * 3 - 4 / 2 % 3 == 5",
    "1u + 2u == 3u",
    // Strings and bytes.
    "self.s.size() <= 32",
    "size(self.s) < 33",
    "self.s.contains('a') || self.s.startsWith('b') || self.s.endsWith('c')",
    "self.s.matches('^[a-z]*$')",
    "matches(self.s, '^[a-z]*$')",
    "'a'.matches(self.s)",
    "self.s.matches('(?i)abc')",
    "self.s.matches('[]a]') && self.s.matches('x{') && self.s.matches('(?i:a)|(?P<n>b)') && self.s.matches('a{2,3}?')",
    "self.s + 'x' != ''",
    "self.s < 'z'",
    "'abc'.size() == 3 && b'abc'.size() == 3",
    "self.by.size() < 100",
    "self.by == b'abc' || self.by + b'x' != b''",
    "string(self.by) != ''",
    "bytes(self.s).size() >= 0",
    "self.b || !self.b",
    "self.b == true",
    // Durations and timestamps.
    "self.du > duration('1s')",
    "self.du + duration('1h') > duration('0s')",
    "self.du.getSeconds() >= 0 && self.du.getMilliseconds() >= 0 && self.du.getHours() >= 0 && self.du.getMinutes() >= 0",
    "duration('1h30m') > duration('90m') - duration('1s')",
    "self.ts > timestamp('2020-01-01T00:00:00Z')",
    "timestamp('2024-02-29T12:00:00.5+01:00') < timestamp('2025-01-01T00:00:00Z')",
    "timestamp(253402300799) > timestamp(0)",
    "self.ts - duration('1h') < self.ts",
    "self.ts - timestamp('2020-01-01T00:00:00Z') > duration('0s')",
    "self.ts.getFullYear() > 2000 && self.ts.getMonth() >= 0 && self.ts.getDate() >= 1",
    "self.ts.getDayOfMonth() >= 0 && self.ts.getDayOfWeek() >= 0 && self.ts.getDayOfYear() >= 0",
    "self.ts.getHours('UTC') >= 0 && self.ts.getMinutes() >= 0 && self.ts.getSeconds() >= 0 && self.ts.getMilliseconds('Europe/Paris') >= 0",
    "self.dt < self.ts",
    "self.ts != null && self.du != null",
    // Conversions.
    "int(self.ts) > 0 && int(self.du) >= 0",
    "string(self.ts) != '' && string(self.du) != ''",
    "double(self.n) > 0.5 && double(1u) > 0.0",
    "int(self.d) > 0 && int(1u) == 1",
    "uint(self.n) > 0u && uint(self.d) > 0u",
    "int('1') == 1 && uint('1') == 1u && double('1.5') > 1.0",
    "string(self.n) != '' && string(self.d) != '' && string(self.b) != '' && string(1u) == '1'",
    "bool('true') && bool(self.b)",
    "duration(self.s) > duration('0s')",
    "timestamp(self.s) > timestamp(0)",
    "timestamp(self.n) > timestamp(0)",
    "dyn(self.n) == 's'",
    "type(self.n) == int",
    "type(self.s) == string && type(self.l) == list && type(self.m) == map",
    "type(self.b) == bool && type(self.d) == double && type(self.by) == bytes",
    "type(1u) == uint && type(null) == null_type && type(type(1)) == type",
    "null == null",
    "self.o != null",
    // Macros and comprehension variables.
    "self.l.all(x, x > 0)",
    "self.l.exists(x, x == 1)",
    "self.l.exists_one(x, x == 1)",
    "self.l.map(x, x * 2).all(y, y > 0)",
    "self.l.map(x, x > 0, x * 2).size() >= 0",
    "self.l.filter(x, x > 0).size() <= self.l.size()",
    "self.l.all(x, self.l.all(y, x + y > 0))",
    "[1, 2, 3].all(x, x > 0)",
    "{'a': 1, 'b': 2}.all(k, k != '')",
    "[1, 2].map(x, string(x)).size() == 2",
    "self.lo.all(i, i.k != '' && i.v > 0)",
    "self.lo.exists(i, has(i.v))",
    "self.lo.all(i, self.lo.exists(j, i.k == j.k))",
    "self.lo.filter(i, i.v > 0).map(i, i.k).size() >= 0",
    "self.m.all(k, self.m[k] != '')",
    "self.m.exists(k, k.startsWith('x'))",
    "self.m.map(k, k).size() >= 0",
    "self.mo.all(k, self.mo[k].z > 0)",
    // Lists and maps.
    "1 in self.l",
    "self.l[0] == 1",
    "self.l + [1] != []",
    "self.l.size() == size(self.l)",
    "[].size() == 0 && {}.size() == 0",
    "[[1], [2]].size() == 2",
    "{'a': [1]}['a'][0] == 1",
    "'a' in self.m",
    "self.m.k == ''",
    "self.mo.k.z > 0",
    "self.ls.all(s, s.size() < 17)",
    "self.ls.join(',') != '' && self.ls.join() != ''",
    "[self.o, oldSelf.o].size() == 2",
    // Objects, presence and optionals.
    "has(self.o.a) && self.o.a > 0",
    "has(self.o.inner) && self.o.inner.deep != ''",
    "has(self.pu.known)",
    "self.o.?a.orValue(0) >= 0",
    "self.?o.?a.hasValue()",
    "self.o.?inner.?deep.orValue('') == ''",
    "self.m[?'k'].orValue('') == ''",
    "self.l[?0].hasValue()",
    "optional.of(1).value() == 1",
    "optional.none().orValue(1) == 1",
    "optional.none().value() == 'a'",
    "optional.ofNonZeroValue(self.n).hasValue()",
    "optional.of(self.n).or(optional.none()).hasValue()",
    "self.o.?a.optMap(a, a + 1).orValue(0) >= 0",
    "self.o.?a.optFlatMap(a, optional.of(a)).hasValue()",
    "[?self.o.?a].size() >= 0",
    "{?'a': self.o.?a}.size() >= 0",
    // int-or-string, embedded resources, enums, escaped names.
    "self.ios == 1 || self.ios == '1'",
    "type(self.ios) == int || type(self.ios) == string",
    "self.e.apiVersion != '' && self.e.kind != '' && self.e.metadata.name != ''",
    "has(self.e.metadata.generateName)",
    "self.en == 'a'",
    "self.x__dash__y != ''",
    "self.__namespace__ != ''",
    // Kubernetes' lists library.
    "self.l.sum() > 0",
    "self.ld.sum() > 0.0",
    "self.l.min() < self.l.max()",
    "self.ls.min() != '' && self.ls.max() != ''",
    "self.l.isSorted() && self.ls.isSorted()",
    "self.lo.map(i, i.v).isSorted()",
    "self.l.indexOf(1) >= -1 && self.l.lastIndexOf(1) >= -1",
    // The strings extension.
    "self.s.indexOf('a') >= -1 && self.s.lastIndexOf('a') >= -1",
    "self.s.indexOf('a', 0) >= -1 && self.s.lastIndexOf('a', 0) >= -1",
    "self.s.charAt(0) != 'x'",
    "self.s.lowerAscii() == self.s.upperAscii().lowerAscii()",
    "self.s.replace('a', 'b') != '' || self.s.replace('a', 'b', 1) != ''",
    "self.s.split(',').size() >= 0 && self.s.split(',', 2).size() >= 0",
    "self.s.substring(0) == self.s && self.s.substring(0, 0) == ''",
    "self.s.trim() == self.s",
    "'%s-%d'.format([self.s, self.n]) != ''",
    "strings.quote(self.s) != ''",
    "'%.2f %e'.format([self.d, self.d]) != '' && '%x %X %o %b'.format([self.n, self.s, self.n, self.b]) != ''",
    "'%s %s %s %%'.format([self.l, self.m, [self.ts, self.du]]) != ''",
    // Kubernetes' regex library.
    "self.s.find('[a-z]+') != '' || self.s.findAll('[a-z]').size() >= 0",
    "self.s.findAll('[a-z]', 2).size() <= 2",
    // URLs.
    "isURL(self.url) && url(self.url).getScheme() == 'https'",
    "url(self.url).getHost() != '' && url(self.url).getHostname() != '' && url(self.url).getPort() != ''",
    "url(self.url).getEscapedPath() != '' && url(self.url).getQuery().size() >= 0",
    // Quantities.
    "isQuantity(self.q) && quantity(self.q).isGreaterThan(quantity('1'))",
    "quantity(self.q).isLessThan(quantity('1Gi')) && quantity(self.q).compareTo(quantity('1')) >= 0",
    "quantity(self.q).asApproximateFloat() > 0.0 && quantity(self.q).isInteger() && quantity(self.q).asInteger() > 0",
    "sign(quantity(self.q).add(quantity('1')).sub(1)) >= 0",
    "quantity(self.q).add(2).isGreaterThan(quantity('0'))",
    // IPs and CIDRs.
    "isIP(self.ip) && ip(self.ip).family() == 4",
    "ip(self.ip).isUnspecified() || ip(self.ip).isLoopback() || ip(self.ip).isLinkLocalMulticast()",
    "ip(self.ip).isLinkLocalUnicast() || ip(self.ip).isGlobalUnicast()",
    "ip.isCanonical(self.ip) && string(ip(self.ip)) != ''",
    "isCIDR(self.cidr) && cidr(self.cidr).containsIP(self.ip) && cidr(self.cidr).containsIP(ip(self.ip))",
    "cidr(self.cidr).containsCIDR('10.0.0.0/8') || cidr(self.cidr).containsCIDR(cidr('10.0.0.0/8'))",
    "cidr(self.cidr).ip().family() == 4 && cidr(self.cidr).prefixLength() > 0",
    "string(cidr(self.cidr).masked()) != ''",
    // Named formats.
    "format.dns1123Label().validate(self.s).hasValue()",
    "!format.dns1123Subdomain().validate(self.s).hasValue() || format.dns1035Label().validate(self.s).value().size() > 0",
    "!format.qualifiedName().validate(self.s).hasValue()",
    "format.named('uuid').hasValue() && format.named('uuid').value().validate(self.s).hasValue()",
    "format.labelValue().validate(self.s).orValue([]).size() == 0",
    "[format.uri(), format.uuid(), format.byte(), format.date(), format.datetime()].size() == 5",
    "[format.dns1123LabelPrefix(), format.dns1123SubdomainPrefix(), format.dns1035LabelPrefix()].size() == 3",
    "format.dns1123Label().validate(self.s) == null",
    // Sets.
    "sets.contains(self.l, [1]) && sets.equivalent(self.l, [1]) || sets.intersects(self.ls, ['a'])",
    // Transition rules.
    "self.o == oldSelf.o",
    "self.n >= oldSelf.n",
];

/// Rules the server refuses.
const INVALID: &[&str] = &[
    // Operands of the wrong type.
    "self.n > 'three'",
    "self.n == 1.5",
    "self.n == 1u",
    "self.d == 1",
    "1 == 1.0",
    "1u + 1 == 2u",
    "self.s > 1",
    "self.n + self.d > 0",
    "self.s + 1 == ''",
    "self.b + self.b",
    "!self.n",
    "self.b && self.n",
    "self.n || self.b",
    "self.n > 0 ? 'a' : 1",
    "self.du > self.ts",
    "self.ts + self.ts > self.ts",
    "self.n == null",
    "self.l == null",
    "self.o == 1",
    "self.lo == 1",
    "int > 0",
    "type(self.n) == 1",
    // Unknown functions and fields.
    "foo(self.n)",
    "self.n.foo()",
    "self.zz > 0",
    "self.o.zz > 0",
    "self.lo.all(i, i.zz > 0)",
    "self.mo.k.zz > 0",
    "has(self.zz)",
    "self.s.x == ''",
    "self.o.a.b == 1",
    "has(self.n.x)",
    "self.e.spec == 1",
    "self.e.metadata.labels.size() > 0",
    "self.pu.x == 1",
    "Foo{a: 1} == 1",
    "self.l.map(x, y).size() > 0",
    "self.l.all(x, x > 0) && x > 0",
    // Libraries the server does not offer CRD rules.
    "self.s.reverse() == ''",
    "math.greatest(1, 2) == 2",
    "base64.encode(b'a') == ''",
    "cel.bind(x, 1, x > 0)",
    "self.l.flatten().size() > 0",
    "self.l.all(i, v, v > 0)",
    "self.l.existsOne(x, x > 0)",
    "format.nope().validate(self.s).hasValue()",
    // Wrong arguments and arity.
    "self.s.size(1) == 0",
    "size() == 0",
    "self.s.startsWith(1)",
    "self.s.indexOf(1) > 0",
    "self.s.charAt('a') == ''",
    "self.ls.join(1) == ''",
    "self.l.join(',') == ''",
    "self.s.split(1).size() > 0",
    "self.s.substring('a') == ''",
    "self.ts.getFullYear(1) > 0",
    "self.du.getFullYear() > 0",
    "self.ts.getHours(1) > 0",
    "string(self.l) != ''",
    "int(self.b) == 1",
    "'abc'[0] == 'a'",
    "self.l[0] == 'a'",
    "self.m[0] == ''",
    "self.n in self.ls",
    "1 in self.n",
    "self.n.all(x, x > 0)",
    "quantity(self.q).sign() >= 0",
    "format.dns1123Label().validate(1).hasValue()",
    "url(1).getScheme() == ''",
    "ip(self.ip).family() == 'x'",
    "cidr(self.cidr).containsIP(1)",
    "self.l.sum() == 1.0",
    "self.ls.sum() == ''",
    "self.m.isSorted()",
    "sets.contains(self.l, self.ls)",
    // Macro bodies of the wrong type.
    "self.l.all(x, x)",
    "self.l.exists_one(x, 's')",
    "self.l.filter(x, x).size() > 0",
    "self.l.map(x, x + 's').size() > 0",
    // Results of the wrong type.
    "self.n",
    "self.s",
    "self.ios",
    "self.o.?a",
    "self.l.map(x, x)",
    // Optionals misused.
    "optional.of(1) == 1",
    "optional.of(1).orValue('a') == 1",
    "[?1].size() > 0",
    "self.o.?a.value() == 's'",
    "self.o.?a > 0",
    // Heterogeneous literals.
    "[1, 's'].size() > 0",
    "{'a': 1, 'b': 's'}.size() > 0",
    "{'a': 1, 2: 1}.size() > 0",
    "[1, dyn(2)].size() > 0",
    "[self.s, self.n].size() == 2 || self.s.format([[1, 's']]) != ''",
    "[1, 's'][0] + 1 > 0",
    "[self.o, self.lo[0]].size() > 0",
    // Bad literals.
    "self.s.matches('[')",
    "self.o.inner.deep.matches('^[')",
    "duration('1x') > duration('1s')",
    "duration(1) > duration('0s')",
    "timestamp('x') > timestamp('2020-01-01T00:00:00Z')",
    "timestamp('2020-02-30T00:00:00Z') < self.ts",
    "timestamp(-62135596801) < timestamp(0)",
    // Format strings that do not fit their arguments.
    "'%d'.format(['a']) == ''",
    "'%s %s'.format([self.s]) == ''",
    "'%s'.format([self.s, self.n]) == ''",
    "'%q'.format([1]) == ''",
    "'%s'.format([self.o]) == ''",
    "'%f'.format([self.b]) == ''",
    "'%.2'.format([self.d]) == ''",
    // Patterns the server compiles when it builds the program.
    "matches(self.s, '(')",
    // Type names the server's program cannot resolve.
    "type(self.du) == duration",
    "type(self.ts) == timestamp",
    "self.s.find('[') == ''",
    "self.s.findAll('(').size() > 0",
    "matches(self.s, 'a**')",
    "matches(self.s, '*')",
    "matches(self.s, '[z-a]')",
    "matches(self.s, '\\\\q')",
    "matches(self.s, '(?=a)')",
    "matches(self.s, ')')",
    "matches(self.s, 'a{1001}')",
    "matches(self.s, '[^]')",
    "self.s.find('a\\\\') == ''",
];

fn rungs() -> Vec<Rung> {
    let mut rungs: Vec<Rung> = VALID.iter().chain(INVALID).map(|text| rule(text)).collect();
    rungs.extend([
        // The resource root shows apiVersion, kind and only the name fields of metadata.
        at(At::Root, "self.metadata.name.startsWith('x') || self.apiVersion != '' || self.kind != ''"),
        at(At::Root, "has(self.metadata.generateName) && self.spec.n > 0"),
        at(At::Root, "self.metadata.labels.size() > 0"),
        at(At::Root, "self.metadata.namespace == ''"),
        // Items of a list of type map pair up for transition rules; items of an atomic list do not.
        at(At::MapItem, "self.k != '' && self.v >= 0"),
        at(At::MapItem, "self.k == oldSelf.k"),
        at(At::MapItem, "self.zz == oldSelf.k"),
        at(At::AtomicItem, "self.k != ''"),
        at(At::AtomicItem, "self.k == oldSelf.k"),
        at(At::AtomicItem, "self.k == oldSelf.zz"),
        // Rules on a list, a map, an int-or-string, an embedded resource, an untyped node.
        at(At::Field("l"), "self.all(x, x > 0) && self.size() <= 8"),
        at(At::Field("l"), "self.size() > 'a'"),
        at(At::Field("m"), "self.all(k, self[k] != '') && self.k != ''"),
        at(At::Field("lo"), "self.all(i, i.k != '') && self == oldSelf"),
        at(At::Field("ios"), "self == 1 || self == 'a'"),
        at(At::Field("ios"), "self"),
        at(At::Field("e"), "self.kind != '' && self.metadata.name != ''"),
        at(At::Field("e"), "self.spec.x == 1"),
        at(At::Field("free"), "self == 1"),
        // Names: keywords, with or without their escape; names no rule can spell.
        rule("self.namespace == '' && self.__namespace__ == ''"),
        rule("self.x-y == ''"),
        rule("self.__1abc__ == ''"),
        rule("self.free == 1"),
        rule("has(self.free)"),
        // optionalOldSelf.
        optional_old_self("!oldSelf.hasValue() || self.n >= oldSelf.value().n"),
        optional_old_self("self.n >= oldSelf.orValue(self).n"),
        optional_old_self("oldSelf.n > 0"),
        optional_old_self("self.n > 0"),
        // messageExpression: a string, checked once the rule compiles.
        with_message("self.n > 0", "self.s + ' is not positive'"),
        // Formatting an unbounded string costs too much: refused for its cost, not its type.
        with_message("self.n > 0", "'n is ' + string(self.n)"),
        with_message("self.n > 0", "self.s"),
        with_message("self.n > 0", "self.n"),
        with_message("self.n > 0", "dyn('x')"),
        with_message("self.n > 0", "self.zz"),
        with_message("self.n > 0", "'a' + 1"),
        with_message("self.zz > 0", "self.n"),
    ]);
    rungs
}

/// One side's causes: the field under `openAPIV3Schema` and the message.
type Causes = BTreeSet<(String, String)>;

/// kapi's answer: whether `check_crd` refuses the CRD, and the causes `check_schema_rules` names.
fn kapi_answer(crd: &Value) -> (bool, Causes) {
    let found = check_crd(crd).unwrap_or_else(|problem| panic!("check_crd: {problem}"));
    let refused = !found.errors.is_empty() || found.warnings.iter().any(|finding| finding.rule == "cel");
    let report = check_schema_rules(&crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]);
    // Errors and cost warnings (a cost over a limit is a refusal too); the per-CRD total has no entry.
    let causes = report
        .findings
        .iter()
        .map(|finding| {
            if finding.pointer.is_empty() {
                return (String::new(), finding.message.clone());
            }
            if finding.message == UNTYPED_NODE {
                return (server_path(&finding.pointer), finding.message.clone());
            }
            let which = if finding.message.starts_with("messageExpression")
                || finding.message.starts_with("estimated messageExpression cost")
            {
                "messageExpression"
            } else if finding.message == OPTIONAL_OLD_SELF_UNUSED {
                "optionalOldSelf"
            } else {
                "rule"
            };
            (format!("{}.{which}", server_path(&finding.pointer)), finding.message.clone())
        })
        .collect();
    (refused, causes)
}

/// The server's answer: whether it refuses the CRD, and its causes with the value the message quotes taken off.
fn server_answer(crd: &Value) -> (bool, Causes) {
    let Some(causes) = server_verdict(kube(), crd) else { return (false, Causes::new()) };
    let causes = causes
        .iter()
        .map(|cause| {
            let (field, message) = cause.split_once(": ").unwrap_or(("", cause));
            let field = field.split_once("openAPIV3Schema").map_or(field, |(_, rest)| rest).to_owned();
            // `Invalid value: <the entry, Go-printed>: <why>`; the entry's printing is Go's own.
            let message = match message.find("}: ") {
                Some(end) if message.starts_with("Invalid value: apiextensions.ValidationRule{") => &message[end + 3..],
                _ => message
                    .strip_prefix("Invalid value: true: ")
                    .or_else(|| message.strip_prefix("Internal error: "))
                    .unwrap_or(message),
            };
            (field, normalize_self_type(message))
        })
        .collect();
    (true, causes)
}

/// The server names the rule's own type `selfType` and a number that changes with every request; kapi writes 0.
fn normalize_self_type(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find("selfType") {
        out.push_str(&rest[..at + "selfType".len()]);
        rest = rest[at + "selfType".len()..].trim_start_matches(|c: char| c.is_ascii_digit());
        out.push('0');
    }
    out.push_str(rest);
    out
}

/// A JSON pointer into the schema (`/properties/spec/x-kubernetes-validations/0`) as the server writes the field
/// (`.properties[spec].x-kubernetes-validations[0]`).
fn server_path(pointer: &str) -> String {
    let mut path = String::new();
    let mut tokens = pointer.split('/').skip(1);
    while let Some(token) = tokens.next() {
        match token {
            "properties" | "x-kubernetes-validations" | "allOf" => match tokens.next() {
                Some(name) => path.push_str(&format!(".{token}[{}]", name.replace("~1", "/").replace("~0", "~"))),
                None => path.push_str(&format!(".{token}")),
            },
            other => path.push_str(&format!(".{other}")),
        }
    }
    path
}

/// Whether a cause's message is the checker's to word as the server does (type errors, result types, patterns Go's
/// regexp refuses when the program is built, `optionalOldSelf`); other causes (where a transition rule sits, costs)
/// are compared by field only.
fn worded_as_the_server(message: &str) -> bool {
    [
        "compilation failed:",
        "messageExpression compilation failed:",
        "cel expression must",
        "messageExpression must",
        "program instantiation failed:",
    ]
    .iter()
    .any(|prefix| message.starts_with(prefix))
        || message == OPTIONAL_OLD_SELF_UNUSED
        || message == UNTYPED_NODE
}

/// How kapi's answer differs from the server's, if it does.
fn difference(ours: &(bool, Causes), theirs: &(bool, Causes)) -> Option<String> {
    let fields = |causes: &Causes| causes.iter().map(|(field, _)| field.clone()).collect::<BTreeSet<_>>();
    let worded = |causes: &Causes| {
        causes.iter().filter(|(_, message)| worded_as_the_server(message)).cloned().collect::<BTreeSet<_>>()
    };
    let shown = |(refused, causes): &(bool, Causes)| {
        let verdict = if *refused { "refuses" } else { "accepts" };
        let causes: Vec<String> = causes.iter().map(|(field, message)| format!("{field}: {message}")).collect();
        format!("{verdict} {}", causes.join(" | "))
    };
    let agree = ours.0 == theirs.0
        && fields(&ours.1) == fields(&theirs.1)
        && worded(&theirs.1).iter().all(|cause| ours.1.contains(cause));
    (!agree).then(|| format!("kapi:   {}\n    server: {}", shown(ours), shown(theirs)))
}

#[test]
fn kapi_compiles_cel_rules_as_the_api_server_does_on_every_rung() {
    let rungs = rungs();
    assert!(rungs.len() >= 150, "{} rungs", rungs.len());
    let crds: Vec<Value> = rungs
        .iter()
        .map(|rung| crd_around("compile.kapi.example.com", "Rung", schema_with(rung.at, &rung.entry)))
        .collect();
    // In parallel: the server compiles rules on several cores.
    let answers: Vec<((bool, Causes), (bool, Causes))> = std::thread::scope(|scope| {
        let chunks: Vec<_> = crds
            .chunks(crds.len().div_ceil(4))
            .map(|chunk| {
                scope.spawn(move || chunk.iter().map(|crd| (kapi_answer(crd), server_answer(crd))).collect::<Vec<_>>())
            })
            .collect();
        chunks.into_iter().flat_map(|chunk| chunk.join().expect("a checking thread panicked")).collect()
    });
    let mut disagreements = Vec::new();
    let mut refused = 0;
    for (rung, (ours, theirs)) in rungs.iter().zip(&answers) {
        refused += usize::from(theirs.0);
        if let Some(difference) = difference(ours, theirs) {
            disagreements.push(format!("{:?} {}\n    {difference}", rung.at, rung.entry));
        }
    }
    eprintln!(
        "CEL compile ladder: {} rungs, the server refuses {refused}, kapi disagrees on {}",
        rungs.len(),
        disagreements.len()
    );
    assert!(disagreements.is_empty(), "kapi and the API server disagree:\n  {}", disagreements.join("\n  "));
    // The ladder says what it means to: every VALID rule accepted, every INVALID one refused.
    for (rung, (_, theirs)) in rungs.iter().zip(&answers).take(VALID.len() + INVALID.len()) {
        let expected = INVALID.contains(&rung.entry["rule"].as_str().unwrap_or_default());
        assert_eq!(theirs.0, expected, "the server's verdict on {} is not the ladder's", rung.entry);
    }
}
