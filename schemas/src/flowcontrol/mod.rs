//! `k8s.io/api/flowcontrol`: API priority and fairness, which sorts incoming requests into flows and shares the
//! API server's capacity among priority levels.

pub mod v1;
