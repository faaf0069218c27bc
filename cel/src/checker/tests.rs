//! The checker's verdicts and messages on one typed schema, against what the API server answered for the same
//! rules (kube-apiserver 1.32.2; `tests/tests/kube_cel_compile.rs` asks a live server).

use serde_json::{Value, json};

use super::{Checked, Site, check};
use crate::schema::Schema;

fn spec() -> Value {
    json!({
        "type": "object",
        "properties": {
            "n": {"type": "integer"},
            "s": {"type": "string"},
            "l": {"type": "array", "items": {"type": "integer"}},
            "o": {"type": "object", "properties": {"a": {"type": "integer"}}},
            "lo": {"type": "array", "items": {"type": "object", "properties": {"k": {"type": "string"}}}},
            "m": {"type": "object", "additionalProperties": {"type": "string"}},
            "ios": {"x-kubernetes-int-or-string": true},
            "t": {"type": "string", "format": "date-time"},
            "x-y": {"type": "string"}
        }
    })
}

/// [`check`]'s verdict alone.
fn outcome(source: &str, site: Site<'_>, checked: Checked) -> Result<(), String> {
    check(source, site, checked).map(|_| ())
}

fn verdict(rule: &str) -> Result<(), String> {
    let schema = spec();
    let site = Site { schema: Schema::new(&schema), resource_root: false, optional_old_self: false };
    outcome(rule, site, Checked::Rule)
}

/// The first line of the server's answer to each rule (`Ok` when it accepts the rule).
const ANSWERS: &[(&str, Option<&str>)] = &[
    (
        "self.n > 'three'",
        Some("compilation failed: ERROR: <input>:1:8: found no matching overload for '_>_' applied to '(int, string)'"),
    ),
    ("foo(self.n)", Some("compilation failed: ERROR: <input>:1:4: undeclared reference to 'foo' (in container '')")),
    ("self.s", Some("cel expression must evaluate to a bool")),
    ("self.l.all(x, x)", Some("compilation failed: ERROR: <input>:1:15: expected type 'bool' but found 'int'")),
    (
        "self.l.map(x, x + 's').size() > 0",
        Some(
            "compilation failed: ERROR: <input>:1:17: found no matching overload for '_+_' applied to '(int, string)'",
        ),
    ),
    (
        "self.l.exists_one(x, 's')",
        Some(
            "compilation failed: ERROR: <input>:1:18: found no matching overload for '_?_:_' applied to '(string, int, int)'",
        ),
    ),
    (
        "self.l.filter(x, x).size() > 0",
        Some(
            "compilation failed: ERROR: <input>:1:14: found no matching overload for '_?_:_' applied to '(int, list(int), list(int))'",
        ),
    ),
    ("self.n.foo()", Some("compilation failed: ERROR: <input>:1:11: undeclared reference to 'foo' (in container '')")),
    (
        "self.s.indexOf(1) > 0",
        Some(
            "compilation failed: ERROR: <input>:1:15: found no matching overload for 'indexOf' applied to 'string.(int)'",
        ),
    ),
    ("[1, 's'].size() > 0", Some("compilation failed: ERROR: <input>:1:5: expected type 'int' but found 'string'")),
    (
        "{'a': 1, 'b': 's'}.size() > 0",
        Some("compilation failed: ERROR: <input>:1:15: expected type 'int' but found 'string'"),
    ),
    ("self.zz > 0", Some("compilation failed: ERROR: <input>:1:5: undefined field 'zz'")),
    ("self.s.x == 1", Some("compilation failed: ERROR: <input>:1:7: type 'string' does not support field selection")),
    (
        "int > 0",
        Some(
            "compilation failed: ERROR: <input>:1:5: found no matching overload for '_>_' applied to '(type(int), int)'",
        ),
    ),
    (
        "self.n == 1.0",
        Some(
            "compilation failed: ERROR: <input>:1:8: found no matching overload for '_==_' applied to '(int, double)'",
        ),
    ),
    ("dyn(self.n) == 's'", None),
    ("self.s.matches('[')", Some("compilation failed: ERROR: <input>:1:16: invalid matches argument")),
    ("duration('1x') > duration('1s')", Some("compilation failed: ERROR: <input>:1:10: invalid duration argument")),
    ("duration(1) > duration('0s')", Some("compilation failed: ERROR: <input>:1:10: invalid duration argument")),
    (
        "timestamp('x') > timestamp('2020-01-01T00:00:00Z')",
        Some("compilation failed: ERROR: <input>:1:11: invalid timestamp argument"),
    ),
    (
        "self.n > 0 ? 'a' : 1",
        Some(
            "compilation failed: ERROR: <input>:1:12: found no matching overload for '_?_:_' applied to '(bool, string, int)'",
        ),
    ),
    (
        "self.l[0] == 'a'",
        Some(
            "compilation failed: ERROR: <input>:1:11: found no matching overload for '_==_' applied to '(int, string)'",
        ),
    ),
    (
        "self.o == 1",
        Some(
            "compilation failed: ERROR: <input>:1:8: found no matching overload for '_==_' applied to '(selfType0.o, int)'",
        ),
    ),
    (
        "self.lo == 1",
        Some(
            "compilation failed: ERROR: <input>:1:9: found no matching overload for '_==_' applied to '(list(selfType0.lo.@idx), int)'",
        ),
    ),
    (
        "[self.o, self.lo[0]].size() > 0",
        Some("compilation failed: ERROR: <input>:1:17: expected type 'selfType0.o' but found 'selfType0.lo.@idx'"),
    ),
    ("[1, dyn(2)].size() > 0", Some("compilation failed: ERROR: <input>:1:8: expected type 'int' but found 'dyn'")),
    ("Foo{a: 1} == 1", Some("compilation failed: ERROR: <input>:1:4: undeclared reference to 'Foo' (in container '')")),
    (
        "self.n == null",
        Some("compilation failed: ERROR: <input>:1:8: found no matching overload for '_==_' applied to '(int, null)'"),
    ),
    ("self.ios == 1", None),
    ("self.ios", Some("cel expression must evaluate to a bool")),
    ("self.x__dash__y == ''", None),
    ("self.?n.orValue(1) > 0", None),
    ("format.dns1123Label().validate(self.s).hasValue()", None),
    (
        "self.l.sum() == 1.0",
        Some(
            "compilation failed: ERROR: <input>:1:14: found no matching overload for '_==_' applied to '(int, double)'",
        ),
    ),
    ("self.t < timestamp('2020-01-01T00:00:00Z') && self.t.getFullYear() > 2000", None),
    (
        "math.greatest(1, 2) == 2",
        Some("compilation failed: ERROR: <input>:1:1: undeclared reference to 'math' (in container '')"),
    ),
    (
        "self.l.all(i, v, v > 0)",
        Some("compilation failed: ERROR: <input>:1:11: undeclared reference to 'all' (in container '')"),
    ),
    (
        "[1].existsOne(x, true)",
        Some("compilation failed: ERROR: <input>:1:14: undeclared reference to 'existsOne' (in container '')"),
    ),
    (
        "quantity('1').sign() >= 0",
        Some(
            "compilation failed: ERROR: <input>:1:19: found no matching overload for 'sign' applied to 'kubernetes.Quantity.()'",
        ),
    ),
    ("sign(quantity('1')) >= 0", None),
    ("matches(self.s, '(')", Some("program instantiation failed: error parsing regexp: missing closing ): `(`")),
    ("self.s.find('[') == ''", Some("program instantiation failed: error parsing regexp: missing closing ]: `[`")),
    (
        "'%d'.format(['a']) == ''",
        Some(
            "compilation failed: ERROR: <input>:1:14: error during formatting: decimal clause can only be used on \
             integers, was given string",
        ),
    ),
    ("'%s-%d'.format([self.s, self.n]) != ''", None),
    (
        "timestamp(-62135596801) < timestamp(0)",
        Some("compilation failed: ERROR: <input>:1:11: invalid timestamp argument"),
    ),
];

#[test]
fn the_checker_answers_as_the_api_server_did() {
    for (rule, answer) in ANSWERS {
        let found = verdict(rule);
        let first_line = found.as_ref().err().map(|message| message.lines().next().unwrap_or_default());
        assert_eq!(first_line, *answer, "{rule}: {found:?}");
    }
}

#[test]
fn errors_are_sorted_and_shown_with_the_rule_and_a_caret() {
    let expected = "compilation failed: ERROR: <input>:1:8: found no matching overload for '_+_' applied to \
                    '(int, string)'\n | self.n + self.s == 1 && bar()\n | .......^\nERROR: <input>:1:28: undeclared \
                    reference to 'bar' (in container '')\n | self.n + self.s == 1 && bar()\n | \
                    ...........................^";
    assert_eq!(verdict("self.n + self.s == 1 && bar()"), Err(expected.to_owned()));
    // Two-variable forms are not macros at the server's level: the name and every argument are undeclared.
    let all = verdict("self.l.all(i, v, v > 0)").expect_err("refused");
    assert_eq!(all.matches("undeclared reference").count(), 4, "{all}");
}

#[test]
fn a_message_expression_must_be_a_string() {
    let schema = spec();
    let site = Site { schema: Schema::new(&schema), resource_root: false, optional_old_self: false };
    assert_eq!(outcome("'n is ' + string(self.n)", site, Checked::MessageExpression), Ok(()));
    assert_eq!(
        outcome("self.n", site, Checked::MessageExpression),
        Err("messageExpression must evaluate to a string".to_owned())
    );
    let unknown = outcome("self.zz", site, Checked::MessageExpression).expect_err("refused");
    assert!(unknown.starts_with("messageExpression compilation failed: ERROR: <input>:1:5: undefined field 'zz'"));
}

#[test]
fn optional_old_self_is_an_optional_of_the_node() {
    let schema = spec();
    let site = Site { schema: Schema::new(&schema), resource_root: false, optional_old_self: true };
    assert_eq!(outcome("!oldSelf.hasValue() || self.n >= oldSelf.value().n", site, Checked::Rule), Ok(()));
    let plain = outcome("oldSelf.n > 0", site, Checked::Rule).expect_err("refused");
    assert!(plain.contains("'_>_' applied to '(optional_type(int), int)'"), "{plain}");
}

#[test]
fn a_resource_root_shows_only_the_name_fields_of_metadata() {
    let root = json!({"type": "object", "properties": {"spec": spec()}});
    let site = Site { schema: Schema::new(&root), resource_root: true, optional_old_self: false };
    let accepted =
        "self.metadata.name != '' && has(self.metadata.generateName) && self.kind != '' && self.apiVersion != ''";
    assert_eq!(outcome(accepted, site, Checked::Rule), Ok(()));
    let labels = outcome("self.metadata.labels.size() > 0", site, Checked::Rule).expect_err("refused");
    assert!(labels.contains("1:14: undefined field 'labels'"), "{labels}");
}

#[test]
fn no_input_makes_the_checker_panic() {
    // Every prefix and suffix of the rules above (most do not parse, some do and are odd), and patterns and format
    // strings cut anywhere.
    for (rule, _) in ANSWERS {
        for (at, _) in rule.char_indices() {
            let _ = verdict(&rule[..at]);
            let _ = verdict(&rule[at..]);
        }
    }
    for text in ["[a-", "[", "\\", "(?", "(?P<", "a{1,", "{", "x**?", "[]]", "[^]", "%", "%.", "%.1", "%é"] {
        let _ = verdict(&format!("self.s.matches('{}')", text.replace('\\', "\\\\")));
        let _ = verdict(&format!("matches(self.s, '{}')", text.replace('\\', "\\\\")));
        let _ = verdict(&format!("'{text}'.format([1]) == ''"));
    }
}
