//! A ladder of CRDs whose CEL rules climb towards and past the API server's cost limits, for the differential
//! test against a real kube-apiserver (tests/tests/kube_cel_cost.rs).
//!
//! A family is one rule shape on one schema shape, built at a growing size `n` (a `maxItems`, a `maxLength`, a
//! `maxProperties`, a pattern's length, a number of rules). Its rungs are the decades of `n` plus, where the cost
//! crosses a limit within them, the last size under the limit and the first over it (the per-rule limit, 10 000 000,
//! or the per-CRD total, 100 000 000).

use serde_json::{Value, json};

/// One rule shape at growing sizes.
#[derive(Debug)]
pub struct Family {
    /// What the family exercises, for the table of results.
    pub name: &'static str,
    /// The sizes to build it at.
    pub sizes: &'static [u64],
    /// The CRD's `openAPIV3Schema` at size `n`.
    pub schema: fn(u64) -> Value,
}

/// One CRD of the ladder: its family, its size and the CRD.
#[derive(Debug)]
pub struct Rung {
    pub family: &'static str,
    pub n: u64,
    pub crd: Value,
}

/// Every rung of every family, in table order.
pub fn rungs() -> Vec<Rung> {
    FAMILIES
        .iter()
        .flat_map(|family| family.sizes.iter().map(|&n| Rung { family: family.name, n, crd: crd((family.schema)(n)) }))
        .collect()
}

/// The DNS-label pattern rules commonly use: 34 bytes at a quarter of a unit each, so a match costs 9 times the
/// string's walk (a tenth of a unit per byte).
const DNS_LABEL: &str = "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$";

/// The families. Sizes past a limit by far keep one or two rungs: the server's factor is `more than 100x` there.
pub static FAMILIES: &[Family] = &[
    // Strings and lists that grow.
    Family {
        name: "startsWith on every string of a list (maxItems)",
        sizes: &[10, 100, 1_000, 10_000, 100_000, 1_000_000, 1_999_999, 2_000_000, 10_000_000],
        schema: |n| spec(&[("l", list(n, string(64)))], &["self.l.all(x, x.startsWith('kapi-'))"]),
    },
    Family {
        name: "matches on a string (maxLength)",
        sizes: &[10, 100, 1_000, 10_000, 100_000, 1_000_000, 3_124_997, 3_124_998, 10_000_000],
        schema: |n| spec(&[("s", string(n))], &[&format!("self.s.matches('{DNS_LABEL}')")]),
    },
    Family {
        name: "matches with a longer pattern (pattern bytes)",
        sizes: &[4, 40, 400, 4_000, 9_996, 9_997, 40_000],
        schema: |n| spec(&[("s", string(10_000))], &[&format!("self.s.matches('{}')", "a".repeat(n as usize))]),
    },
    Family {
        name: "matches on every string of a list (maxItems)",
        sizes: &[10, 100, 1_000, 10_000, 47_169, 47_170, 100_000, 471_698, 471_699, 1_000_000],
        schema: |n| spec(&[("l", list(n, string(63)))], &[&format!("self.l.all(x, x.matches('{DNS_LABEL}'))")]),
    },
    Family {
        name: "matches on every string of an unbounded list (maxLength)",
        sizes: &[0, 1, 4, 5, 10, 100],
        schema: |n| spec(&[("l", unbounded_list(string(n)))], &["self.l.all(x, x.matches('^[a-z]+$'))"]),
    },
    // Nested comprehensions.
    Family {
        name: "exists inside all, over one list (maxItems)",
        sizes: &[10, 100, 876, 877, 1_000, 2_773, 2_774, 10_000],
        schema: |n| spec(&[("l", list(n, string(16)))], &["self.l.all(x, self.l.exists(y, x == y))"]),
    },
    Family {
        name: "all, exists, all over lists of lists of lists (maxItems of each)",
        sizes: &[2, 10, 100, 125, 126, 270, 271, 1_000],
        schema: |n| {
            let c = object(&[("c", list(n, string(8)))]);
            let b = object(&[("b", list(n, c))]);
            spec(&[("a", list(n, b))], &["self.a.all(x, x.b.exists(y, y.c.all(z, z != 'q')))"])
        },
    },
    Family {
        name: "exists_one, map and filter (maxItems)",
        sizes: &[10, 100, 1_000, 10_000, 100_000, 222_221, 222_222, 1_000_000],
        schema: |n| {
            let rule =
                "self.l.exists_one(x, x == 'a') || self.l.map(x, x + '-').filter(y, y.endsWith('-a')).size() > 1";
            spec(&[("l", list(n, string(32)))], &[rule])
        },
    },
    // String functions.
    Family {
        name: "contains, one string in another (maxLength of both)",
        sizes: &[10, 100, 1_000, 7_905, 7_906, 10_000, 24_997, 24_998, 100_000],
        schema: |n| spec(&[("s", string(n)), ("t", string(n))], &["self.s.contains(self.t)"]),
    },
    Family {
        name: "split, then startsWith on every part (maxLength)",
        sizes: &[10, 100, 1_000, 10_000, 100_000, 480_769, 480_770, 1_000_000, 4_807_692, 4_807_693],
        schema: |n| spec(&[("s", string(n))], &["self.s.split(',').all(x, x.startsWith('a'))"]),
    },
    Family {
        name: "join, then lowerAscii (maxItems)",
        sizes: &[10, 100, 1_000, 10_000, 100_000, 384_615, 384_616, 1_000_000],
        schema: |n| spec(&[("l", list(n, string(32)))], &["self.l.join(', ').lowerAscii().startsWith('kapi')"]),
    },
    Family {
        name: "lowerAscii, upperAscii, trim, replace, substring (maxLength)",
        sizes: &[10, 100, 1_000, 10_000, 100_000, 1_000_000, 3_571_426, 3_571_427, 10_000_000],
        schema: |n| {
            let rule = "self.s.lowerAscii().upperAscii().trim().replace('-', '--').substring(1).size() <= 1000";
            spec(&[("s", string(n))], &[rule])
        },
    },
    Family {
        name: "concatenation, conditional and size (maxLength)",
        sizes: &[10, 100, 1_000, 10_000, 100_000, 1_000_000, 6_249_992, 6_249_993, 10_000_000],
        schema: |n| {
            let rule = "(self.a.size() > 0 ? self.a + '/' + self.b : self.c) == self.c";
            spec(&[("a", string(n)), ("b", string(n)), ("c", string(n))], &[rule])
        },
    },
    Family {
        name: "endsWith, indexOf and find (maxLength)",
        sizes: &[10, 100, 1_000, 10_000, 100_000, 1_000_000, 8_333_302, 8_333_303, 10_000_000],
        schema: |n| {
            let rule = "self.s.endsWith(self.t) && self.s.indexOf('x') >= 0 && self.s.find('[0-9]+') != ''";
            spec(&[("s", string(n)), ("t", string(64))], &[rule])
        },
    },
    Family {
        name: "isSorted, indexOf, sum and min over lists (maxItems)",
        sizes: &[10, 100, 1_000, 10_000, 100_000, 178_571, 178_572, 1_000_000],
        schema: |n| {
            let rule = "self.l.isSorted() && self.l.indexOf('a') >= 0 && self.i.sum() >= 0 && self.i.min() >= 0";
            spec(&[("l", list(n, string(64))), ("i", list(n, json!({"type": "integer"})))], &[rule])
        },
    },
    Family {
        name: "in and sets.contains between two lists (maxItems)",
        sizes: &[10, 100, 1_000, 2_234, 2_235, 7_069, 7_070, 10_000],
        schema: |n| {
            let rule = "self.a.all(x, x in self.b) && sets.contains(self.a, self.b)";
            spec(&[("a", list(n, string(16))), ("b", list(n, string(16)))], &[rule])
        },
    },
    // Maps.
    Family {
        name: "matches on every value of a map (maxProperties)",
        sizes: &[10, 100, 1_000, 10_000, 46_511, 46_512, 100_000, 465_116, 465_117, 1_000_000],
        schema: |n| spec(&[("m", map(n, string(63)))], &[&format!("self.m.all(k, self.m[k].matches('{DNS_LABEL}'))")]),
    },
    Family {
        name: "matches on every key of a map, keys sized 0 (maxProperties)",
        sizes: &[10, 1_000, 100_000, 666_666, 666_667, 6_666_666, 6_666_667, 10_000_000],
        schema: |n| {
            let rule = format!("self.m.all(k, k.matches('{DNS_LABEL}') && k.size() < 64)");
            spec(&[("m", map(n, string(8)))], &[&rule])
        },
    },
    Family {
        name: "matches on every value of a map without maxProperties (maxLength)",
        sizes: &[0, 10, 44, 45, 100, 617, 618, 1_000],
        schema: |n| spec(&[("m", unbounded_map(string(n)))], &["self.m.all(k, self.m[k].matches('^a+$'))"]),
    },
    // Transition rules.
    Family {
        name: "self == oldSelf on a string (maxLength)",
        sizes: &[10, 1_000, 100_000, 10_000_000, 24_999_995, 24_999_996, 100_000_000],
        schema: |n| spec(&[("s", with_rules(string(n), &["self == oldSelf"]))], &[]),
    },
    Family {
        name: "self == oldSelf on a list (maxItems)",
        sizes: &[10, 1_000, 100_000, 10_000_000, 99_999_980, 99_999_981, 1_000_000_000],
        schema: |n| spec(&[("l", with_rules(list(n, string(16)), &["self == oldSelf"]))], &[]),
    },
    Family {
        name: "every old item still in the list (maxItems)",
        sizes: &[10, 100, 1_000, 3_159, 3_160, 9_997, 9_998, 10_000],
        schema: |n| spec(&[("l", list(n, string(16)))], &["oldSelf.l.all(x, x in self.l)"]),
    },
    Family {
        name: "a transition rule on the items of a list-map (maxItems)",
        sizes: &[10, 100, 1_000, 10_000, 12_376, 12_377, 100_000],
        schema: |n| {
            let item = json!({"type": "object", "required": ["name"], "properties": {
                "name": string(63), "value": string(1_000)}});
            let rule = "self.value == oldSelf.value || self.value.startsWith(oldSelf.value)";
            spec(&[("items", list_map(n, with_rules(item, &[rule])))], &[])
        },
    },
    Family {
        name: "optionalOldSelf, the old value unsized (maxLength)",
        sizes: &[10, 1_000],
        schema: |n| {
            let rule = json!({"rule": "!oldSelf.hasValue() || oldSelf.value() == self", "optionalOldSelf": true});
            let walked =
                json!({"rule": "!oldSelf.hasValue() || self.startsWith(oldSelf.value())", "optionalOldSelf": true});
            let mut s = string(n);
            s["x-kubernetes-validations"] = json!([rule, walked]);
            spec(&[("s", s)], &[])
        },
    },
    // Cardinality: how often a rule's node can occur.
    Family {
        name: "a rule under a list of lists (maxItems of both)",
        sizes: &[10, 100, 218, 219, 690, 691, 1_000, 10_000],
        schema: |n| {
            let item = with_rules(object(&[("s", string(63))]), &[&format!("self.s.matches('{DNS_LABEL}')")]);
            spec(&[("outer", list(n, list(n, item)))], &[])
        },
    },
    Family {
        name: "a rule under a map of lists (maxProperties)",
        sizes: &[10, 100, 478, 479, 1_000, 4_784, 4_785, 10_000],
        schema: |n| {
            let item = with_rules(string(63), &[&format!("self.matches('{DNS_LABEL}')")]);
            spec(&[("m", map(n, list(100, item)))], &[])
        },
    },
    Family {
        name: "a rule on the items of an unbounded list (maxLength)",
        sizes: &[0, 1, 5, 9, 10, 100],
        schema: |n| spec(&[("l", unbounded_list(with_rules(string(n), &["self.matches('^[a-z]+$')"])))], &[]),
    },
    Family {
        name: "a rule on objects with required fields in an unbounded list (maxLength)",
        sizes: &[1, 10, 100, 180, 181, 1_000],
        schema: |n| {
            let mut item = object(&[("name", string(63)), ("value", string(n))]);
            item["required"] = json!(["name", "value"]);
            spec(&[("l", unbounded_list(with_rules(item, &["self.name.startsWith(self.value)"])))], &[])
        },
    },
    // The per-CRD total.
    Family {
        name: "rules under the per-rule limit adding up (number of rules)",
        sizes: &[1, 2, 5, 10, 11, 12, 20, 100],
        schema: |n| {
            let rule = format!("self.matches('{DNS_LABEL}')");
            let properties: Vec<(String, Value)> =
                (0..n).map(|i| (format!("p{i}"), with_rules(string(2_700_000), &[&rule]))).collect();
            spec(&properties, &[])
        },
    },
    Family {
        name: "the per-CRD total crossed by one rule among twelve (maxLength)",
        sizes: &[10, 1_000, 100_000, 1_000_000, 1_549_967, 1_549_968, 2_700_000],
        schema: |n| {
            let rule = format!("self.matches('{DNS_LABEL}')");
            let mut properties: Vec<(String, Value)> =
                (0..11).map(|i| (format!("p{i}"), with_rules(string(2_700_000), &[&rule]))).collect();
            properties.push(("last".to_owned(), with_rules(string(n), &[&rule])));
            spec(&properties, &[])
        },
    },
    // Message expressions: charged on their own, never times the cardinality.
    Family {
        name: "a message expression (maxLength)",
        sizes: &[10, 1_000, 100_000, 4_999_997, 4_999_998, 10_000_000],
        schema: |n| {
            let mut s = string(n);
            s["x-kubernetes-validations"] =
                json!([{"rule": "self != ''", "messageExpression": "'bad: ' + self.lowerAscii() + self.upperAscii()"}]);
            spec(&[("s", s)], &[])
        },
    },
    Family {
        name: "a message expression on the items of a list (maxItems)",
        sizes: &[10, 1_000, 100_000, 10_000_000, 10_000_001],
        schema: |n| {
            let mut item = string(1_000);
            item["x-kubernetes-validations"] =
                json!([{"rule": "self != ''", "messageExpression": "self.lowerAscii()"}]);
            spec(&[("l", list(n, item))], &[])
        },
    },
    // Formats and types the server declares differently from strings.
    Family {
        name: "int-or-string, date-time, duration and byte fields (maxItems)",
        sizes: &[1, 10, 11, 105, 106, 1_000],
        schema: |n| {
            let item = json!({"type": "object", "properties": {
                "q": {"x-kubernetes-int-or-string": true},
                "t": {"type": "string", "format": "date-time"},
                "d": {"type": "string", "format": "duration"},
                "b": {"type": "string", "format": "byte", "maxLength": 64}}});
            let rule = "self.l.all(x, (type(x.q) == string ? x.q.matches('^[0-9]+%$') : x.q >= 0) && \
                        x.t > timestamp('2000-01-01T00:00:00Z') && x.d < duration('1h') && x.b.size() < 64)";
            spec(&[("l", list(n, item))], &[rule])
        },
    },
    Family {
        name: "library types compared by their qualified names (maxItems)",
        sizes: &[1, 1_000, 100_000, 10_000_000],
        schema: |n| {
            let rule = "self.l.all(x, type(ip(x)) == net.IP && type(cidr(x + '/8')) == net.CIDR)";
            spec(&[("l", list(n, string(15)))], &[rule])
        },
    },
    Family {
        name: "strings of an enum (maxItems)",
        sizes: &[10, 1_000, 100_000, 499_999, 500_000, 4_999_999, 5_000_000, 10_000_000],
        schema: |n| {
            let item = json!({"type": "string", "enum": ["Always", "IfNotPresent", "Never"]});
            spec(&[("l", list(n, item))], &["self.l.all(x, x.matches('^(Always|IfNotPresent|Never)$'))"])
        },
    },
    Family {
        name: "a root rule reading metadata.name, unbounded (maxItems)",
        sizes: &[1, 10, 31, 32, 100],
        schema: |n| root(&[("l", list(n, string(16)))], &["self.spec.l.all(x, x.startsWith(self.metadata.name))"]),
    },
    Family {
        name: "a root rule on metadata whose bounds the resource declares (maxLength)",
        sizes: &[10, 1_000, 7_905, 7_906],
        schema: |n| declared_metadata(n, true),
    },
    Family {
        name: "the same without kind and apiVersion declared: metadata unbounded (maxLength)",
        sizes: &[10],
        schema: |n| declared_metadata(n, false),
    },
];

/// A resource bounding `metadata.name` and `metadata.generateName` to `n` characters, which the server keeps only
/// when `kind` and `apiVersion` are declared too (else it substitutes unbounded strings for all four).
fn declared_metadata(n: u64, with_kind: bool) -> Value {
    let metadata = object(&[("name", string(n)), ("generateName", string(n))]);
    let mut properties = vec![("metadata", metadata), ("spec", json!({"type": "object"}))];
    if with_kind {
        properties.extend([("kind", json!({"type": "string"})), ("apiVersion", json!({"type": "string"}))]);
    }
    with_rules(object(&properties), &["self.metadata.name.contains(self.metadata.generateName)"])
}

/// A CRD around `schema`, with one served and stored version.
fn crd(schema: Value) -> Value {
    crate::kube::crd_around("ladder.kapi.dev", "Rung", schema)
}

/// A resource whose `spec` has `properties` and carries `rules`.
fn spec(properties: &[(impl AsRef<str>, Value)], rules: &[&str]) -> Value {
    json!({"type": "object", "properties": {"spec": with_rules(object(properties), rules)}})
}

/// A resource with `properties` in `spec` and `rules` at its root (where `self.metadata.name` can be read).
fn root(properties: &[(impl AsRef<str>, Value)], rules: &[&str]) -> Value {
    with_rules(json!({"type": "object", "properties": {"spec": object(properties)}}), rules)
}

fn object(properties: &[(impl AsRef<str>, Value)]) -> Value {
    let properties: serde_json::Map<String, Value> =
        properties.iter().map(|(name, schema)| (name.as_ref().to_owned(), schema.clone())).collect();
    json!({"type": "object", "properties": properties})
}

fn with_rules(mut node: Value, rules: &[&str]) -> Value {
    if !rules.is_empty() {
        node["x-kubernetes-validations"] = rules.iter().map(|rule| json!({"rule": rule})).collect();
    }
    node
}

fn string(max_length: u64) -> Value {
    json!({"type": "string", "maxLength": max_length})
}

fn list(max_items: u64, items: Value) -> Value {
    json!({"type": "array", "maxItems": max_items, "items": items})
}

fn map(max_properties: u64, values: Value) -> Value {
    json!({"type": "object", "maxProperties": max_properties, "additionalProperties": values})
}

fn unbounded_list(items: Value) -> Value {
    json!({"type": "array", "items": items})
}

fn unbounded_map(values: Value) -> Value {
    json!({"type": "object", "additionalProperties": values})
}

/// A list whose items are objects paired between old and new values by `name`.
fn list_map(max_items: u64, items: Value) -> Value {
    json!({"type": "array", "maxItems": max_items, "x-kubernetes-list-type": "map",
        "x-kubernetes-list-map-keys": ["name"], "items": items})
}
