//! The features: one type per form the derive supports for CRDs. Each has a `name` (the key of the map-list
//! placement); strings and lists that CEL rules read are bounded, so every placement stays within the cost limits.

use std::collections::{BTreeMap, HashMap};

use kapi::Schema;
use kapi_meta::intstr::IntOrString;
use kapi_meta::meta::v1::{Condition, LabelSelector, MicroTime, ObjectMeta, Time};
use kapi_meta::quantity::Quantity;
use kapi_meta::runtime::RawExtension;
use serde::Serialize;

/// Scalars of every JSON type, with numeric and string bounds and formats.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct Scalars {
    /// The key.
    #[kapi(max_length = 63)]
    pub name: String,
    /// A bounded 32-bit integer.
    #[kapi(minimum = 0, maximum = 10)]
    pub small: i32,
    /// A 64-bit integer, a multiple of 5, bounds excluded.
    #[kapi(minimum = 0, exclusive_minimum, maximum = 1000, exclusive_maximum, multiple_of = 5)]
    pub large: i64,
    /// An unsigned integer.
    pub count: u32,
    /// A float.
    #[kapi(minimum = 0.5)]
    pub ratio: f64,
    /// A flag.
    pub enabled: bool,
    /// A patterned, bounded string.
    #[kapi(min_length = 1, max_length = 12, pattern = "^[a-z]+$")]
    pub word: String,
    /// A date-time string.
    #[kapi(format = "date-time")]
    pub at: String,
    /// A titled, described, read-only string with an example.
    #[kapi(title = "Note", description = "A note for people.", example = "hello", read_only)]
    pub note: String,
    /// A deprecated field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(deprecated)]
    pub legacy: Option<String>,
}

/// Externally tagged: `{"url": {...}}` or `{"service": {...}}`.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
pub enum Target {
    /// A web address.
    Url {
        /// The address.
        href: String,
    },
    /// A service.
    Service {
        /// Its name.
        name: String,
        /// Its port.
        port: i32,
    },
    /// A count, as a newtype variant.
    Count(i32),
}

/// An externally tagged enum.
#[derive(Debug, Serialize, Schema)]
pub struct ExternallyTagged {
    /// The key.
    pub name: String,
    /// What is targeted.
    pub target: Target,
}

/// Internally tagged: `{"type": "Http", "path": ...}`.
#[derive(Debug, Serialize, Schema)]
#[serde(tag = "type")]
pub enum Probe {
    /// An HTTP GET.
    Http {
        /// The path.
        path: String,
    },
    /// A TCP connect.
    Tcp {
        /// Seconds to wait.
        timeout: i32,
    },
    /// No probe.
    None,
}

/// An internally tagged enum.
#[derive(Debug, Serialize, Schema)]
pub struct InternallyTagged {
    /// The key.
    pub name: String,
    /// How to probe.
    pub probe: Probe,
}

/// Adjacently tagged: `{"kind": "Between", "value": {...}}`.
#[derive(Debug, Serialize, Schema)]
#[serde(tag = "kind", content = "value")]
pub enum Filter {
    /// Codes in a range.
    Between(Range),
    /// Words.
    Words(WordList),
    /// Everything.
    All,
}

/// Words to look for.
#[derive(Debug, Serialize, Schema)]
pub struct WordList {
    /// The words.
    pub words: Vec<String>,
}

/// A range.
#[derive(Debug, Serialize, Schema)]
pub struct Range {
    /// The lowest.
    pub low: i32,
    /// The highest.
    pub high: i32,
}

/// An adjacently tagged enum.
#[derive(Debug, Serialize, Schema)]
pub struct AdjacentlyTagged {
    /// The key.
    pub name: String,
    /// What passes.
    pub filter: Filter,
}

/// Untagged scalars: `8080` or `"http"`.
#[derive(Debug, Serialize, Schema)]
#[serde(untagged)]
pub enum Port {
    /// By number.
    Number(i32),
    /// By name.
    Name(String),
}

/// Untagged objects: `{"seconds": 5}` or `{"initialSeconds": 1, "maxSeconds": 60}`.
#[derive(Debug, Serialize, Schema)]
#[serde(untagged)]
pub enum Retry {
    /// The same wait.
    Fixed {
        /// Seconds.
        seconds: i64,
    },
    /// A doubling wait.
    #[serde(rename_all = "camelCase")]
    Exponential {
        /// The first wait.
        initial_seconds: i64,
        /// The longest wait.
        max_seconds: i64,
    },
}

/// Untagged objects written with `oneOf`.
#[derive(Debug, Serialize, Schema)]
#[serde(untagged)]
#[kapi(one_of)]
pub enum Source {
    /// From a secret.
    Secret {
        /// The secret's name.
        secret: String,
    },
    /// Inline.
    Inline {
        /// The value.
        value: String,
    },
}

/// Untagged enums, of scalars and of objects.
#[derive(Debug, Serialize, Schema)]
pub struct Untagged {
    /// The key.
    pub name: String,
    /// A port.
    pub port: Port,
    /// A retry policy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry: Option<Retry>,
    /// A source, exactly one of its forms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<Source>,
}

/// A closed enum of unit variants, renamed.
#[derive(Debug, Serialize, Schema, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Not started.
    #[default]
    NotStarted,
    /// Running.
    Running,
    /// Done.
    AllDone,
}

/// An open enum: values other than these may appear.
#[derive(Debug, Serialize, Schema)]
#[kapi(open)]
pub enum Tier {
    /// Cheap.
    Bronze,
    /// Dear.
    Gold,
}

/// Closed and open enums, and enum-like strings.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct Enums {
    /// The key.
    pub name: String,
    /// A closed enum with a default.
    #[serde(default)]
    #[kapi(default = "not-started")]
    pub phase: Phase,
    /// An open enum.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tier: Option<Tier>,
    /// A string with an enum list.
    #[kapi(enum_values = ["a", "b"])]
    pub letter: String,
    /// A string with known values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(known_values = ["x", "y"])]
    pub hint: Option<String>,
}

/// Common settings, flattened into their user.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct Common {
    /// A label.
    pub label: String,
    /// A weight.
    #[serde(default)]
    pub weight: i32,
}

/// Flattening, renames and skipped fields.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct Shaped {
    /// The key.
    pub name: String,
    /// Flattened settings.
    #[serde(flatten)]
    pub common: Common,
    /// A renamed field.
    #[serde(rename = "x-custom")]
    pub custom: String,
    /// Never written.
    #[serde(skip)]
    pub cache: u64,
    /// Not serialised.
    #[serde(skip_serializing)]
    pub secret: String,
    /// Explicitly optional, explicitly required.
    #[serde(default)]
    #[kapi(required)]
    pub must: String,
}

/// A newtype over a number.
#[derive(Debug, Serialize, Schema)]
pub struct Replicas(pub u16);

/// A transparent wrapper.
#[derive(Debug, Serialize, Schema)]
#[serde(transparent)]
pub struct Label {
    /// The text.
    pub text: String,
}

/// Newtypes and transparent structs.
#[derive(Debug, Serialize, Schema)]
pub struct Newtypes {
    /// The key.
    pub name: String,
    /// A newtype.
    pub replicas: Replicas,
    /// A transparent struct.
    pub label: Label,
}

/// The innermost level.
#[derive(Debug, Serialize, Schema)]
pub struct Leaf {
    /// A value.
    #[kapi(max_length = 8)]
    pub value: String,
}

/// The middle level.
#[derive(Debug, Serialize, Schema)]
pub struct Branch {
    /// Leaves.
    #[kapi(max_items = 4)]
    pub leaves: Vec<Leaf>,
}

/// Three levels of structs.
#[derive(Debug, Serialize, Schema)]
pub struct Nested {
    /// The key.
    pub name: String,
    /// The tree.
    pub branch: Branch,
}

/// Kubernetes' int-or-string and quantity.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct IntOrStrings {
    /// The key.
    pub name: String,
    /// A count or a percentage.
    #[kapi(int_or_string)]
    pub max_surge: IntOrString,
    /// Optional.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(int_or_string)]
    pub max_unavailable: Option<IntOrString>,
    /// A quantity.
    pub memory: Quantity,
    /// An optional quantity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu: Option<Quantity>,
}

/// Times.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct Times {
    /// The key.
    pub name: String,
    /// A time.
    pub started: Time,
    /// A time with microseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub renewed: Option<MicroTime>,
}

/// Free-form and embedded objects.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct Opaque {
    /// The key.
    pub name: String,
    /// Any JSON, kept as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<serde_json::Value>,
    /// A whole object of any kind.
    pub template: RawExtension,
    /// Bytes, base64 in JSON.
    #[serde(default)]
    #[kapi(bytes)]
    pub data: Vec<u8>,
}

/// An object of another kind, written out whole.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct Template {
    /// Its API version.
    pub api_version: String,
    /// Its kind.
    pub kind: String,
    /// Its metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// Its content, of any shape.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec: Option<serde_json::Value>,
}

/// Embedded resources: typed, and of any kind.
#[derive(Debug, Serialize, Schema)]
pub struct Embedded {
    /// The key.
    pub name: String,
    /// A typed object.
    #[kapi(embedded_resource)]
    pub object: Template,
    /// An object of any kind, kept as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(embedded_resource, preserve_unknown_fields, type = "object")]
    pub any: Option<serde_json::Value>,
}

/// Kubernetes' shared types: conditions and a label selector.
#[derive(Debug, Serialize, Schema)]
pub struct Shared {
    /// The key.
    pub name: String,
    /// Conditions by type.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[kapi(list_type = "map", list_map_keys = ["type"], max_items = 8)]
    pub conditions: Vec<Condition>,
    /// Which objects.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
}

/// Nullable fields.
#[derive(Debug, Serialize, Schema)]
pub struct Nullables {
    /// The key.
    pub name: String,
    /// A nullable string.
    #[serde(default)]
    #[kapi(nullable)]
    pub comment: Option<String>,
    /// A nullable object.
    #[serde(default)]
    #[kapi(nullable)]
    pub range: Option<Range>,
    /// A nullable list.
    #[serde(default)]
    #[kapi(nullable)]
    pub tags: Option<Vec<String>>,
}

/// Lists of every list type.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct Lists {
    /// The key.
    pub name: String,
    /// An atomic list.
    #[kapi(list_type = "atomic", min_items = 1, max_items = 4)]
    pub hosts: Vec<String>,
    /// A set of strings.
    #[serde(default)]
    #[kapi(list_type = "set", max_items = 4)]
    pub finalizers: Vec<String>,
    /// A set of integers.
    #[serde(default)]
    #[kapi(list_type = "set")]
    pub ports: Vec<i64>,
    /// A list of lists.
    #[serde(default)]
    pub matrix: Vec<Vec<String>>,
    /// A list without a list type.
    #[serde(default)]
    pub plain: Vec<bool>,
}

/// A port of a map list.
#[derive(Debug, Serialize, Schema)]
pub struct ServicePort {
    /// Its name.
    #[kapi(max_length = 15)]
    pub name: String,
    /// Its protocol, a key with a default.
    #[serde(default)]
    #[kapi(default = "TCP")]
    pub protocol: String,
    /// Its number.
    #[kapi(minimum = 1, maximum = 65535)]
    pub port: i32,
}

/// A map list with two keys, one defaulted, and a strategic-merge-patch key.
#[derive(Debug, Serialize, Schema)]
pub struct MapList {
    /// The key.
    pub name: String,
    /// Ports by name and protocol.
    #[kapi(
        list_type = "map",
        list_map_keys = ["name", "protocol"],
        max_items = 8,
        patch_strategy = "merge",
        patch_merge_key = "name"
    )]
    pub ports: Vec<ServicePort>,
}

/// Maps of every map type.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct Maps {
    /// The key.
    pub name: String,
    /// A granular map of strings.
    #[serde(default)]
    #[kapi(map_type = "granular", max_properties = 16)]
    pub labels: BTreeMap<String, String>,
    /// An atomic map.
    #[serde(default)]
    #[kapi(map_type = "atomic", min_properties = 1)]
    pub selector: BTreeMap<String, String>,
    /// A map of objects.
    #[serde(default)]
    pub ranges: BTreeMap<String, Range>,
    /// A map of lists.
    #[serde(default)]
    pub groups: BTreeMap<String, Vec<String>>,
    /// A hash map of integers.
    #[serde(default)]
    pub weights: HashMap<String, i32>,
}

/// A struct replaced as a whole.
#[derive(Debug, Serialize, Schema)]
#[kapi(map_type = "atomic")]
pub struct Endpoint {
    /// The host.
    pub host: String,
    /// The port.
    pub port: i32,
}

/// An atomic struct.
#[derive(Debug, Serialize, Schema)]
pub struct AtomicStruct {
    /// The key.
    pub name: String,
    /// Where to connect.
    pub endpoint: Endpoint,
}

/// A union with a discriminator.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(union(discriminator = "type"))]
pub struct Volume {
    /// Which member is set.
    pub r#type: String,
    /// A path on the host.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(union_member = "HostPath")]
    pub host_path: Option<String>,
    /// An empty directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(union_member = "EmptyDir")]
    pub empty_dir: Option<Range>,
}

/// A discriminated union.
#[derive(Debug, Serialize, Schema)]
pub struct Union {
    /// The key.
    pub name: String,
    /// The volume.
    pub volume: Volume,
}

/// Defaults of every kind.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct Defaults {
    /// The key.
    pub name: String,
    /// A string default.
    #[serde(default)]
    #[kapi(default = "info")]
    pub level: String,
    /// An integer default.
    #[serde(default)]
    #[kapi(default = 3, minimum = 0)]
    pub retries: i32,
    /// A float default.
    #[serde(default)]
    #[kapi(default = 0.5)]
    pub ratio: f64,
    /// A bool default.
    #[serde(default)]
    #[kapi(default = true)]
    pub enabled: bool,
    /// An object default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(default_json = r#"{"low": 200, "high": 299}"#)]
    pub accept: Option<Range>,
    /// A list default.
    #[serde(default)]
    #[kapi(default_json = r#"["a", "b"]"#)]
    pub tags: Vec<String>,
    /// A map default.
    #[serde(default)]
    #[kapi(default_json = r#"{"team": "core"}"#)]
    pub labels: BTreeMap<String, String>,
}

/// Validation rules with messages, message expressions, reasons and field paths.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(
    validation(rule = "self.min <= self.max", message = "min must not exceed max"),
    validation(
        rule = "self.max - self.min <= 100",
        // `string(int)` has no size bound, so the server estimates a concatenation with it past its limits.
        message_expression = "'the range is too wide, with a ' + (self.min < 0 ? 'negative' : 'positive') + ' low end'",
        reason = "FieldValueInvalid",
        field_path = ".max"
    ),
    validation(rule = "!has(self.unit) || self.unit in ['s', 'm']", reason = "FieldValueForbidden")
)]
pub struct Rules {
    /// The key.
    #[kapi(max_length = 63, validation(rule = "self.matches('^[a-z][a-z0-9-]*$')", message = "a DNS label"))]
    pub name: String,
    /// The low end.
    pub min: i64,
    /// The high end.
    pub max: i64,
    /// The unit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(max_length = 2)]
    pub unit: Option<String>,
}

/// Transition rules: immutable fields and monotonic counters.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(validation(rule = "self.generation >= oldSelf.generation", message = "generation only grows"))]
pub struct Transitions {
    /// The key, immutable.
    #[kapi(max_length = 63, validation(rule = "self == oldSelf", message = "name is immutable"))]
    pub name: String,
    /// A counter.
    pub generation: i64,
    /// Set once: may be added, never changed or removed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        max_length = 63,
        validation(
            rule = "!oldSelf.hasValue() || oldSelf.value() == self",
            message = "owner is set once",
            optional_old_self = true
        )
    )]
    pub owner: Option<String>,
}

/// Rules over lists and maps: macros, string functions and sizes.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(
    validation(rule = "self.hosts.all(h, h.size() <= 253 && !h.startsWith('-'))", message = "hosts are DNS names"),
    validation(rule = "self.hosts.exists_one(h, h == self.primary)", message = "the primary is one of the hosts"),
    validation(rule = "self.labels.all(k, self.labels[k] != '')", message = "labels have values"),
    validation(rule = "self.hosts.map(h, h.lowerAscii()).filter(h, h.contains('.')).size() >= 0"),
    validation(rule = "self.primary.split('.').size() <= 8 && self.primary.indexOf('.') != 0")
)]
pub struct Collections {
    /// The key.
    pub name: String,
    /// Host names.
    #[kapi(max_items = 8)]
    pub hosts: Vec<Host>,
    /// The primary host.
    #[kapi(max_length = 253)]
    pub primary: String,
    /// Labels.
    #[serde(default)]
    #[kapi(max_properties = 8)]
    pub labels: BTreeMap<String, Short>,
}

/// A host name.
#[derive(Debug, Serialize, Schema)]
#[serde(transparent)]
pub struct Host(#[kapi(max_length = 253)] pub String);

/// A short string.
#[derive(Debug, Serialize, Schema)]
#[serde(transparent)]
pub struct Short(#[kapi(max_length = 63)] pub String);

/// Rules using Kubernetes' CEL libraries: formats, durations, timestamps, URLs, regexes.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(
    validation(rule = "!format.dns1123Label().validate(self.name).hasValue()", message = "a DNS label"),
    validation(rule = "duration(self.timeout) <= duration('1h')", message = "at most an hour"),
    validation(rule = "timestamp(self.notBefore) > timestamp('2020-01-01T00:00:00Z')"),
    validation(rule = "isURL(self.endpoint) && url(self.endpoint).getScheme() == 'https'", message = "an https URL"),
    validation(rule = "self.pattern == '' || self.pattern.find('[0-9]+') != ''")
)]
pub struct Libraries {
    /// The key.
    #[kapi(max_length = 63)]
    pub name: String,
    /// A duration.
    #[kapi(max_length = 32)]
    pub timeout: String,
    /// A timestamp.
    #[kapi(max_length = 64)]
    pub not_before: String,
    /// A URL.
    #[kapi(max_length = 256)]
    pub endpoint: String,
    /// Text searched.
    #[kapi(max_length = 64)]
    pub pattern: String,
}

/// Externally tagged newtype variants: `{"text": "…"}` or `{"number": 3}`.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
pub enum Literal {
    /// Text.
    Text(String),
    /// A number.
    Number(i64),
    /// A range.
    Span(Range),
}

/// Externally tagged newtype variants.
#[derive(Debug, Serialize, Schema)]
pub struct ExternalNewtypes {
    /// The key.
    pub name: String,
    /// A literal.
    pub literal: Literal,
    /// Several.
    #[serde(default)]
    #[kapi(max_items = 4)]
    pub more: Vec<Literal>,
}

/// Optional containers and boxes.
#[derive(Debug, Serialize, Schema)]
pub struct Options {
    /// The key.
    pub name: String,
    /// An optional list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
    /// An optional map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub labels: Option<BTreeMap<String, String>>,
    /// A boxed object.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<Box<Range>>,
    /// A list of optional strings, nullable items.
    #[serde(default)]
    pub gaps: Vec<Option<String>>,
}

/// Numbers of every width.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct Numbers {
    /// The key.
    pub name: String,
    /// 8 bits.
    pub tiny: i8,
    /// 16 bits.
    pub short: i16,
    /// Unsigned 64 bits.
    pub big: u64,
    /// A single-precision float.
    pub single: f32,
    /// Unsigned 16 bits.
    pub port: u16,
}

/// Unknown fields kept below declared ones.
#[derive(Debug, Serialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct Preserved {
    /// The key.
    pub name: String,
    /// Declared fields, and any others kept.
    #[kapi(preserve_unknown_fields)]
    pub extension: Range,
    /// Any values by key.
    #[serde(default)]
    pub extras: BTreeMap<String, serde_json::Value>,
}

/// A rule on each item of a map list, and on each value of a map.
#[derive(Debug, Serialize, Schema)]
#[kapi(validation(rule = "self.port == oldSelf.port", message = "a port's number is immutable"))]
pub struct RuledPort {
    /// Its name.
    #[kapi(max_length = 15)]
    pub name: String,
    /// Its number.
    #[kapi(validation(rule = "self > 0 && self < 65536"))]
    pub port: i32,
}

/// Rules on list items and map values.
#[derive(Debug, Serialize, Schema)]
pub struct ItemRules {
    /// The key.
    pub name: String,
    /// Ports by name.
    #[kapi(list_type = "map", list_map_keys = ["name"], max_items = 8)]
    pub ports: Vec<RuledPort>,
    /// Ports by role.
    #[serde(default)]
    #[kapi(max_properties = 4)]
    pub roles: BTreeMap<String, RuledPort>,
}
