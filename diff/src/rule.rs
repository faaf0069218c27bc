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
    /// A field kept its name but not its number.
    FieldNumberChanged => ("proto.field-number-changed", Error,
        "binary clients read and write the field under its old number, which now means nothing or something else"),
    /// A number that meant one field now means another: a field of another type, or a number once reserved.
    FieldNumberReused => ("proto.field-number-reused", Error,
        "bytes written under the number by old clients, or stored before, are read as the new field"),
    /// A field's declaration no longer reads the bytes or JSON the old one wrote.
    FieldTypeChanged => ("proto.field-type-changed", Error,
        "values written under the old type no longer decode, or decode to something else"),
    /// A number or name the old message held or reserved is free to be taken.
    ReservedDropped => ("proto.reserved-dropped", Error,
        "a later field can take the number or name and then misread what old clients send"),
    /// A field kept its number under another name.
    JsonNameChanged => ("proto.json-name-changed", Error,
        "clients of protobuf's JSON mapping read and write the field under its old name"),
}
