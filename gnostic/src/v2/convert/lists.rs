//! Which `openapi.v2` messages hold a JSON map as a list of named entries: the [`NamedList`] impls through which
//! `Obj::named` builds them.
//!
//! [`NamedList`]: crate::reader::NamedList

use crate::reader::named_lists;
use crate::v2::messages::{
    Definitions, Header, Headers, NamedHeader, NamedParameter, NamedResponse, NamedSchema,
    NamedSecurityDefinitionsItem, Parameter, ParameterDefinitions, Properties, Response, ResponseDefinitions, Schema,
    SecurityDefinitions, SecurityDefinitionsItem,
};

named_lists! {
    Definitions of NamedSchema(Schema),
    Properties of NamedSchema(Schema),
    ParameterDefinitions of NamedParameter(Parameter),
    ResponseDefinitions of NamedResponse(Response),
    Headers of NamedHeader(Header),
    SecurityDefinitions of NamedSecurityDefinitionsItem(SecurityDefinitionsItem),
}
