//! Example custom groups: CRD-style kinds that exercise the schema vocabulary Kubernetes' own types do not use
//! (oneOf/anyOf, nullable, explicit defaults, bounds, CEL rules, preserved unknown fields).

pub mod stable_v1;
