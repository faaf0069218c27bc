//! Example custom groups: CRD-style kinds that exercise the schema vocabulary Kubernetes' own types do not use
//! (oneOf/anyOf, nullable, explicit defaults, bounds, CEL rules, preserved unknown fields), a group with two
//! versions (`stable.example.com` v1 and v1beta1), and a kind name shared by two groups (`batch.example.com`'s
//! cluster-scoped CronTab), and a kind whose three versions come from one definition (`ops.example.com` Backup).

pub mod backups;
pub mod batch_v1;
pub mod stable_v1;
pub mod stable_v1beta1;
