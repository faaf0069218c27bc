//! The corpus' swagger 2.0 document drops exactly what its loss report lists, checked by the same oracle the
//! codegen tests run over their hand-built registry.

#[path = "../../codegen/tests/loss_oracle/mod.rs"]
mod loss_oracle;

#[test]
fn the_corpus_v2_drops_exactly_what_its_loss_report_lists() {
    loss_oracle::assert_loss_report_is_exact(&kapi_tests::corpus_artifacts());
}
