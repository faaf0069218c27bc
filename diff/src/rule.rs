//! The rules: what kind of change each finding is, how bad it is by default, and why.

use serde::Serialize;

/// How much a finding matters. The order is the order of gravity: `Error` fails a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; breaks nobody.
    Info,
    /// Breaks some clients, or may.
    Warning,
    /// Breaks clients that followed the API as published.
    Error,
}

impl Severity {
    /// The lowercase name, as text and JSON output write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// Parses `info`, `warning` or `error`.
    pub fn parse(text: &str) -> Option<Self> {
        [Severity::Info, Severity::Warning, Severity::Error].into_iter().find(|s| s.as_str() == text)
    }
}

macro_rules! rules {
    ($($(#[$doc:meta])* $variant:ident => ($id:literal, $severity:ident, $reason:literal),)*) => {
        /// A kind of change, with a stable id (`schema.field-removed`), a default severity and a one-line reason.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Rule {
            $($(#[$doc])* $variant,)*
        }

        impl Rule {
            /// Every rule, in the order they are documented.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant,)*];

            /// The stable id, used in output and in allow-lists.
            pub fn id(self) -> &'static str {
                match self { $(Rule::$variant => $id,)* }
            }

            /// The severity for a generally available version.
            pub fn severity(self) -> Severity {
                match self { $(Rule::$variant => Severity::$severity,)* }
            }

            /// Why the change matters, in one line.
            pub fn reason(self) -> &'static str {
                match self { $(Rule::$variant => $reason,)* }
            }
        }
    };
}

rules! {
    /// A property is gone.
    FieldRemoved => ("schema.field-removed", Error,
        "clients that set the field are rejected or lose it, and clients that read it find nothing"),
    /// The JSON type of a position changed.
    TypeChanged => ("schema.type-changed", Error,
        "stored objects and clients' values no longer have the declared type"),
    /// The format of a position changed.
    FormatChanged => ("schema.format-changed", Error,
        "values valid under the old format may be rejected, and clients parse them differently"),
    /// A property became required.
    FieldRequired => ("schema.field-required", Error,
        "objects written without the field, as old clients write them, are rejected"),
    /// `nullable` was taken away.
    NullableRemoved => ("schema.nullable-removed", Error, "clients that send null are rejected"),
    /// A value of an enum is gone.
    EnumValueRemoved => ("schema.enum-value-removed", Error,
        "objects holding the value, and clients that send it, are rejected"),
    /// A value was added to an enum.
    EnumValueAdded => ("schema.enum-value-added", Warning,
        "clients that switch over every value meet one they do not know"),
    /// A closed enum (`enum`) became an open one (`x-extensible-enum`): values it did not list are accepted.
    EnumOpened => ("schema.enum-opened", Warning,
        "clients built from the closed list meet values they do not know, and later additions are not flagged"),
    /// A bound became tighter: minimum, maximum, lengths, item or property counts, multipleOf, uniqueItems.
    BoundTightened => ("schema.bound-tightened", Error, "values that were valid are rejected"),
    /// A pattern was added or changed.
    PatternChanged => ("schema.pattern-changed", Error, "values that matched the old pattern may be rejected"),
    /// A default was added, changed or removed.
    DefaultChanged => ("schema.default-changed", Error,
        "objects written without the field get a different value than their authors were promised"),
    /// `additionalProperties` allows less than before.
    AdditionalPropertiesNarrowed => ("schema.additional-properties-narrowed", Error,
        "map entries or unknown fields that were accepted are rejected or pruned"),
    /// `x-kubernetes-list-type`, `x-kubernetes-list-map-keys` or `x-kubernetes-map-type` changed.
    ListTypeChanged => ("schema.list-type-changed", Error,
        "server-side apply merges the field differently, and lists valid before may be rejected"),
    /// A CEL rule (`x-kubernetes-validations`) was added or its expression changed.
    ValidationAdded => ("schema.validation-added", Warning,
        "objects already stored may fail the rule on their next update, unless the rule ratchets"),
    /// A `oneOf` or `anyOf` lost an alternative or appeared, an `allOf` gained a constraint, or `not` appeared or
    /// changed.
    CompositionNarrowed => ("schema.composition-narrowed", Error,
        "values that matched the old alternatives or constraints may be rejected"),
    /// A group-version is no longer served.
    GroupVersionRemoved => ("api.group-version-removed", Error, "every request to the group-version fails"),
    /// A resource is gone from its group-version.
    ResourceRemoved => ("api.resource-removed", Error, "every request to the resource fails"),
    /// A verb is gone from a resource or subresource.
    VerbRemoved => ("api.verb-removed", Error, "requests with the verb are refused"),
    /// A subresource is gone.
    SubresourceRemoved => ("api.subresource-removed", Error, "requests to the subresource fail"),
    /// A resource moved between namespaced and cluster scope.
    ScopeChanged => ("api.scope-changed", Error, "every URL of the resource changes"),
    /// A short name is gone.
    ShortNameRemoved => ("api.short-name-removed", Warning, "scripts and habits that use the short name fail"),
    /// A different version of a custom resource is stored.
    StorageVersionChanged => ("api.storage-version-changed", Error,
        "stored objects need a migration, and a rollback across the change reads objects it cannot convert"),
    /// A version of a custom resource stopped being served.
    VersionUnserved => ("api.version-unserved", Error, "every request to the version fails"),
    /// A path of an OpenAPI document is gone, with every operation on it.
    PathRemoved => ("api.path-removed", Error, "every request to the path fails"),
    /// An operation (a method on a path that is still there) is gone.
    OperationRemoved => ("api.operation-removed", Error, "requests with the method are refused"),
    /// A parameter of an operation is gone.
    ParameterRemoved => ("api.parameter-removed", Warning,
        "clients that send the parameter have it ignored or rejected"),
    /// A parameter became required, or a required one was added.
    ParameterRequired => ("api.parameter-required", Error, "requests written without the parameter are rejected"),
    /// A request body became required, or a required one was added.
    RequestBodyRequired => ("api.request-body-required", Error, "requests written without a body are rejected"),
    /// A media type of a request or response body is gone.
    MediaTypeRemoved => ("api.media-type-removed", Error,
        "clients that send or accept only that media type are refused"),
    /// A success response (2xx) of an operation is gone.
    ResponseRemoved => ("api.response-removed", Error,
        "clients that handle the status and its body meet another one"),
    /// A property of a response is no longer required: the server may leave it out.
    FieldOptional => ("schema.field-optional", Error,
        "clients that read the field as always present (a non-optional type) fail when it is missing"),
    /// A position of a response became nullable.
    NullableAdded => ("schema.nullable-added", Error,
        "clients that read the field as never null (a non-optional type) fail on null"),
    // The wire rules: buf's `WIRE_JSON` category, rule for rule (docs/peers/buf.md maps the ids).
    /// A field's type at an unchanged number no longer reads the old values' bytes or JSON (buf:
    /// FIELD_WIRE_JSON_COMPATIBLE_TYPE).
    FieldTypeChanged => ("proto.field-type-changed", Error,
        "values written under the old type no longer decode, or decode to something else, in binary or in JSON"),
    /// A field became a list, a map or a single value, or required, or stopped being required (buf:
    /// FIELD_WIRE_JSON_COMPATIBLE_CARDINALITY).
    FieldCardinalityChanged => ("proto.field-cardinality-changed", Error,
        "JSON writes a list as an array and a map as an object, and binary readers keep one value of a list"),
    /// A field kept its number under another name (buf: FIELD_SAME_NAME).
    FieldNameChanged => ("proto.field-name-changed", Error,
        "text format and field masks name the field, and JSON readers accept its proto name as well"),
    /// A field's JSON name changed (buf: FIELD_SAME_JSON_NAME).
    JsonNameChanged => ("proto.json-name-changed", Error,
        "clients of protobuf's JSON mapping read and write the field under its old name"),
    /// A field moved into, out of, or between oneofs (buf: FIELD_SAME_ONEOF).
    FieldOneofChanged => ("proto.field-oneof-changed", Error,
        "setting a member of a oneof clears the others: values old clients send together are lost"),
    /// A field's default value changed (buf: FIELD_SAME_DEFAULT).
    FieldDefaultChanged => ("proto.field-default-changed", Error,
        "readers of a message without the field see a different value than its writer meant"),
    /// A field was deleted without reserving its number (buf: FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED).
    FieldNumberUnreserved => ("proto.field-number-unreserved", Error,
        "a later field can take the number and misread what old clients send"),
    /// A field was deleted without reserving its name (buf: FIELD_NO_DELETE_UNLESS_NAME_RESERVED).
    FieldNameUnreserved => ("proto.field-name-unreserved", Error,
        "a later field can take the name and misread what old JSON clients send"),
    /// A required field was added, or one stopped being required (buf: MESSAGE_SAME_REQUIRED_FIELDS).
    RequiredFieldsChanged => ("proto.required-fields-changed", Error,
        "a side that does not know the required field rejects what the other writes"),
    /// A reserved range or name is gone (buf: RESERVED_MESSAGE_NO_DELETE, RESERVED_ENUM_NO_DELETE).
    ReservedDropped => ("proto.reserved-dropped", Error,
        "a later field or value can take the number or name and then misread what old clients send"),
    /// An enum value was deleted without reserving its number (buf: ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED).
    EnumValueNumberUnreserved => ("proto.enum-value-number-unreserved", Error,
        "a later value can take the number and misread what old clients send"),
    /// An enum value was deleted without reserving its name (buf: ENUM_VALUE_NO_DELETE_UNLESS_NAME_RESERVED).
    EnumValueNameUnreserved => ("proto.enum-value-name-unreserved", Error,
        "a later value can take the name and misread what old JSON clients send"),
    /// An enum value's number is now called by a name it did not have (buf: ENUM_VALUE_SAME_NAME).
    EnumValueNameChanged => ("proto.enum-value-name-changed", Error,
        "JSON writes enum values by name: old clients reject the new name and send the old one"),
    /// A message or enum lost protobuf's full JSON mapping (buf: MESSAGE_SAME_JSON_FORMAT, ENUM_SAME_JSON_FORMAT).
    JsonFormatChanged => ("proto.json-format-changed", Error,
        "its JSON form is no longer guaranteed to round-trip"),
    /// A file kept its path but not its package (buf: FILE_SAME_PACKAGE).
    PackageChanged => ("proto.package-changed", Error,
        "every type in the file changes its full name, which `Any` values and clients' stubs carry"),
    /// A method's request type changed (buf: RPC_SAME_REQUEST_TYPE).
    RpcRequestTypeChanged => ("proto.rpc-request-type-changed", Error,
        "the server reads what old clients send as another message"),
    /// A method's response type changed (buf: RPC_SAME_RESPONSE_TYPE).
    RpcResponseTypeChanged => ("proto.rpc-response-type-changed", Error,
        "old clients read the reply as another message"),
    /// A method's client side became streaming or unary (buf: RPC_SAME_CLIENT_STREAMING).
    RpcClientStreamingChanged => ("proto.rpc-client-streaming-changed", Error,
        "old clients call the method in a way the server no longer serves"),
    /// A method's server side became streaming or unary (buf: RPC_SAME_SERVER_STREAMING).
    RpcServerStreamingChanged => ("proto.rpc-server-streaming-changed", Error,
        "old clients expect one reply where a stream comes, or the other way round"),
    /// A method's idempotency level changed (buf: RPC_SAME_IDEMPOTENCY_LEVEL).
    RpcIdempotencyChanged => ("proto.rpc-idempotency-changed", Error,
        "clients retry, or send with GET, calls the server no longer treats as safe"),
}
