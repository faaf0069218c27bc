//! The corpus' swagger 2.0 document drops exactly what its loss report lists, checked by the same oracle the
//! codegen tests run over their hand-built registry; the example groups (lossless conventions) lose only what
//! swagger 2.0 cannot say, and the Kubernetes groups what kube-apiserver strips.

use crate::loss_oracle;

use kapi_codegen::openapi_v2::{LossLocation, LossReport, LossRule};

#[test]
fn the_corpus_v2_drops_exactly_what_its_loss_report_lists() {
    loss_oracle::assert_loss_report_is_exact(&kapi_tests::corpus_artifacts());
}

#[test]
fn the_example_groups_lose_only_what_swagger_2_cannot_say() {
    let artifacts = kapi_tests::corpus_artifacts();
    let examples = |definition: &str| definition.starts_with("com.example.");
    let checked = loss_oracle::assert_lossless_losses_are_inexpressible(&artifacts, examples);
    assert!(checked > 0, "the example groups use oneOf, anyOf and nullable");
    // The Kubernetes groups' defaults are stripped by the Kubernetes rule, and only theirs.
    let report = LossReport::from_artifacts(&artifacts).expect("loss report");
    for entry in report.entries().iter().filter(|e| e.keyword.as_str() == "default") {
        let LossLocation::Definition(definition) = &entry.location else { panic!("{entry:?}") };
        assert!(definition.starts_with("io.k8s."), "{definition} lost a default");
        assert_eq!(entry.rule, LossRule::KubernetesV2);
    }
}
