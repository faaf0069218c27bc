//! Every family of attribute mistake is a compile error at the offending token (trybuild UI cases).

#[test]
fn attribute_mistakes_are_compile_errors() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*.rs");
}
