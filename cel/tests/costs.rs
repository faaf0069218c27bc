//! Costs of single rules as the API server estimates them, measured on kube-apiserver v1.32.2 (each rule placed
//! where its cost times a known cardinality lands just over the per-rule limit, and read back from the factor the
//! server reports, to six decimals). kapi must estimate every one exactly; tests/tests/kube_cel_cost.rs compares
//! whole CRDs with a running server.

use kapi_cel::check_schema_rules;
use serde_json::{Value, json};

/// The node every rule sits on: strings of 10 characters (40 bytes), unbounded ones, the formats the server types
/// apart, an int-or-string, an enum, an object, lists and a map of 10 elements.
fn node() -> Value {
    let short = json!({"type": "string", "maxLength": 10});
    json!({"type": "object", "properties": {
        "s": short, "t": short, "u": {"type": "string"}, "i": {"type": "integer"}, "f": {"type": "number"},
        "d": {"type": "string", "format": "duration"}, "ts": {"type": "string", "format": "date-time"},
        "dt": {"type": "string", "format": "date"}, "b": {"type": "string", "format": "byte", "maxLength": 10},
        "x": {"x-kubernetes-int-or-string": true}, "e": {"type": "string", "enum": ["a", "bcd"]},
        "o": {"type": "object", "properties": {"a": short}},
        "l": {"type": "array", "maxItems": 10, "items": short},
        "li": {"type": "array", "maxItems": 10, "items": {"type": "integer"}},
        "le": {"type": "array", "maxItems": 10, "items": {"type": "string", "enum": ["a", "bcd"]}},
        "ll": {"type": "array", "maxItems": 10, "items": {"type": "array", "maxItems": 5, "items": short}},
        "m": {"type": "object", "maxProperties": 10, "additionalProperties": short}
    }})
}

/// Each rule, and its cost on the server.
const MEASURED: &[(&str, u64)] = &[
    ("self.l.all(x, x.size() > 0)", 63),
    ("self.s.split(',').all(x, x == 'abc')", 171),
    ("self.i < 5", 3),
    ("self.d < duration('1h')", 4),
    ("type(self.x) == string", 4),
    ("self.l.exists_one(x, x == 'a')", 44),
    ("self.l.map(x, x + 'a').size() > 0", 195),
    ("self.l.filter(x, x != 'a').size() > 0", 165),
    ("'a' in self.l", 12),
    ("self.m['k'] == 'x'", 4),
    ("'k' in self.m", 3),
    ("self.d == oldSelf.d", 8),
    ("self.ts == oldSelf.ts", 8),
    ("self.dt == oldSelf.dt", 6),
    ("self.b == oldSelf.b", 5),
    ("self == oldSelf", 2),
    ("self.l == oldSelf.l", 5),
    ("self.m == oldSelf.m", 5),
    ("self.x == oldSelf.x", 314577),
    ("self.e == oldSelf.e", 5),
    ("self.s.replace('a', 'bb') == 'x'", 11),
    ("self.l.join(',') == 'x'", 44),
    ("self.l.join() == 'x'", 43),
    ("self.l.isSorted()", 52),
    ("self.li.sum() > 0", 13),
    ("self.l.indexOf('a') > 0", 53),
    ("self.li.indexOf(1) > 0", 13),
    ("sets.contains(self.l, ['a'])", 23),
    ("self.s.lowerAscii() == 'x'", 7),
    ("self.s.indexOf('a') > 0", 7),
    ("self.s.charAt(0) == 'a'", 4),
    ("self.s.substring(1) == 'a'", 7),
    ("self.s.trim() == 'a'", 7),
    ("format.dns1123Label().validate(self.s).hasValue()", 132),
    ("self.x.matches('abcd')", 314575),
    ("self.s.contains('abc')", 6),
    ("string(self.i) == 'a'", 4),
    ("int(self.s) > 3", 4),
    ("self.l.all(x, self.l.exists(y, x == y))", 1063),
    ("self.u.matches('abc')", 314575),
    ("self.i == 5", 2),
    ("has(self.s)", 1),
    ("self.s == 'x'", 3),
    ("isQuantity(self.s)", 6),
    ("quantity(self.s).isGreaterThan(quantity('1'))", 8),
    ("isIP(self.s)", 6),
    ("ip(self.s).family() == 4", 8),
    ("isCIDR(self.s)", 6),
    ("cidr(self.s).containsIP(self.t)", 16),
    ("isURL(self.s)", 3),
    ("url(self.s).getHost() == 'a'", 8),
    ("has(self.o.a)", 2),
    ("self.?o.a.orValue('') == 'x'", 4),
    ("(self.i > 0 ? self.s : self.t + self.t) == 'x'", 16),
    ("self.s + self.t == 'ab'", 13),
    ("self.s.split(',', 2).size() > 0", 12),
    ("self.s.matches(self.t)", 54),
    ("self.s.find('[a-z]+') == 'a'", 13),
    ("self.s.findAll('[a-z]+').size() > 0", 14),
    ("strings.quote(self.s) == 'a'", 7),
    ("bytes(self.s) == self.b", 9),
    ("string(self.b) == 'a'", 4),
    ("self.l[0] == 'a'", 4),
    ("size(self.s) < 5", 4),
    ("self.ll.all(x, x.all(y, y.startsWith('a')))", 303),
    ("self.u.startsWith('a')", 3),
    ("self.u.endsWith(self.s)", 8),
    ("self.s.upperAscii().matches('^A+$')", 11),
    ("self.s.format([1]) == 'a'", 17),
    ("self.l.min() == 'a'", 53),
    ("self.i > -1", 3),
    ("self.f > -1.5", 3),
    ("self.s.size() + 1 > 3", 5),
    ("self.l.size() > 0 && self.l[0].size() < 5", 9),
    ("!(self.s in ['a', 'b'])", 15),
    ("self.l.exists(x, x == self.s) ? self.i > 0 : self.i < 0", 116),
    ("self.s.lastIndexOf('a') >= -1", 7),
    ("[self.s, 'a'].all(x, x != '')", 21),
    ("{'a': self.s}['a'] == 'x'", 33),
    ("self.s.matches('^a') || self.s.contains('b') && !self.s.endsWith('c')", 17),
    ("b'abc' == bytes(self.s)", 7),
    ("double(self.i) > 1.0", 4),
    ("uint(self.i) > 1u", 4),
    ("duration('1h') + duration('1m') > duration('1h')", 5),
    ("timestamp('2020-01-01T00:00:00Z') - duration('1h') < timestamp('2021-01-01T00:00:00Z')", 5),
    ("quantity(self.s) == quantity(self.t)", 13),
    ("url(self.s) == url(self.t)", 16),
    ("format.dns1123Label() == format.named('uuid').value()", 10),
    ("cidr(self.s).containsCIDR(self.t)", 19),
    ("ip.isCanonical(self.s)", 10),
    ("cidr(self.s).ip().family() == 4", 9),
    ("cidr(self.s).masked().prefixLength() > 0", 9),
    ("self.s.replace('', '-') == 'a'", 11),
    ("self.s.split(',', -1).size() > 0", 12),
    ("self.le.join('/') == 'a'", 7),
    ("self.s.findAll(self.t, 2).size() > 0", 56),
    ("self.l.lastIndexOf(self.s) > 0", 55),
    ("sets.equivalent(self.l, self.le)", 205),
    ("sets.intersects(self.l, ['a', 'b'])", 33),
    ("self.l.max() == 'z'", 53),
    ("self.s.upperAscii().size() == self.t.lowerAscii().size()", 15),
    ("self.l.all(x, x.matches(self.s))", 563),
    ("self.l.map(x, x.size()).all(y, y > 1)", 204),
    ("self.l.filter(x, x.startsWith('a')).all(y, y.endsWith(self.s))", 264),
];

#[test]
fn every_measured_rule_costs_what_the_server_says() {
    let mut differing = Vec::new();
    for &(rule, server) in MEASURED {
        let mut spec = node();
        spec["x-kubernetes-validations"] = json!([{"rule": rule}]);
        let report = check_schema_rules(&json!({"type": "object", "properties": {"spec": spec}}));
        let ours = report.costs.first().map(|cost| cost.cost);
        if ours != Some(server) {
            differing.push(format!("`{rule}`: kapi {ours:?}, the server {server} ({:?})", report.findings));
        }
    }
    assert!(
        differing.is_empty(),
        "{} of {} rules differ:\n  {}",
        differing.len(),
        MEASURED.len(),
        differing.join("\n  ")
    );
}
