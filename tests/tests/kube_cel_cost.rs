//! CEL cost, differential: the ladder of `kapi_tests::cel_ladder`, CRDs whose rules climb past the API server's
//! cost limits, each created (dry run) on a real kube-apiserver. On every rung kapi and the server must agree on the
//! verdict, and wherever the server says by what factor a rule, a message expression or the CRD's total is over its
//! limit, kapi's estimate must be over it by the same factor, within 1 %.

use std::collections::{BTreeMap, BTreeSet};

use kapi_cel::{
    Expression, STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT, check_schema_rules, exceed_factor,
};
use kapi_codegen::crd_check::check_crd;
use kapi_tests::cel_ladder::rungs;
use kapi_tests::kube::kube;
use serde_json::Value;

use crate::kube_crds::server_verdict;

/// The key of the per-CRD total among the overruns.
const TOTAL: &str = "the per-CRD total";

/// One expression over its limit, as one side sees it: the factor, written as the server writes it, and what
/// else that side says (kapi's cost and rule, the server's message).
pub(crate) struct Overrun {
    factor: String,
    detail: String,
}

/// Overruns by expression: its field path under `openAPIV3Schema`, as the server writes it, or [`TOTAL`].
pub(crate) type Overruns = BTreeMap<String, Overrun>;

/// One side's answer about a rung.
pub(crate) struct Answer {
    pub(crate) refused: bool,
    pub(crate) overruns: Overruns,
    /// Reasons other than costs (kapi's errors, the server's other causes).
    other: Vec<String>,
}

impl Answer {
    /// `accepts`, or `refuses` and the factors.
    pub(crate) fn summary(&self) -> String {
        if !self.refused {
            return "accepts".to_owned();
        }
        let over: Vec<String> =
            self.overruns.iter().map(|(key, overrun)| format!("{key} {}", overrun.factor)).collect();
        format!("refuses {}", over.join(", "))
    }
}

/// kapi's answer: `check_crd`'s verdict, and the overruns of its cost estimates.
pub(crate) fn kapi_answer(crd: &Value) -> Answer {
    let found = check_crd(crd).unwrap_or_else(|problem| panic!("check_crd: {problem}"));
    let report = check_schema_rules(&crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]);
    let mut overruns = Overruns::new();
    for cost in report.costs.iter().filter(|cost| cost.counted > STATIC_ESTIMATED_COST_LIMIT) {
        let which = match cost.expression {
            Expression::Rule => "rule",
            Expression::MessageExpression => "messageExpression",
        };
        let factor = exceed_factor(cost.counted, STATIC_ESTIMATED_COST_LIMIT);
        let detail = format!("cost {} of `{}`", cost.counted, cost.rule);
        overruns.insert(format!("{}.{which}", server_path(&cost.pointer)), Overrun { factor, detail });
    }
    if report.total_cost > STATIC_ESTIMATED_CRD_COST_LIMIT {
        let factor = exceed_factor(report.total_cost, STATIC_ESTIMATED_CRD_COST_LIMIT);
        overruns.insert(TOTAL.to_owned(), Overrun { factor, detail: format!("total {}", report.total_cost) });
    }
    let refused = !found.errors.is_empty() || !found.warnings.is_empty();
    Answer { refused, overruns, other: found.errors.into_iter().map(|e| e.message).collect() }
}

/// The server's answer: its verdict, and the overruns its causes report.
pub(crate) fn server_answer(crd: &Value) -> Answer {
    let Some(causes) = server_verdict(kube(), crd) else {
        return Answer { refused: false, overruns: Overruns::new(), other: Vec::new() };
    };
    let mut answer = Answer { refused: true, overruns: Overruns::new(), other: Vec::new() };
    for cause in causes {
        let (field, message) = cause.split_once(": ").unwrap_or(("", &cause));
        let under_schema = field.split_once("openAPIV3Schema").map_or(field, |(_, rest)| rest);
        match message.split_once("exceeds budget by factor of ") {
            Some((what, factor)) => {
                let factor = factor.split(" (").next().unwrap_or(factor).to_owned();
                let key = if what.contains("total") { TOTAL.to_owned() } else { under_schema.to_owned() };
                answer.overruns.insert(key, Overrun { factor, detail: message.to_owned() });
            }
            // The rules named as contributing to an overrun total: the total itself is compared.
            None if message.contains("contributed to estimated rule cost total") => {}
            None => answer.other.push(cause),
        }
    }
    answer
}

/// A JSON pointer into the schema (`/properties/spec/x-kubernetes-validations/0`) as the server writes the field
/// (`.properties[spec].x-kubernetes-validations[0]`).
fn server_path(pointer: &str) -> String {
    let mut path = String::new();
    let mut tokens = pointer.split('/').skip(1);
    while let Some(token) = tokens.next() {
        match token {
            "properties" | "x-kubernetes-validations" | "allOf" => {
                let name = tokens.next().unwrap_or_default().replace("~1", "/").replace("~0", "~");
                path.push_str(&format!(".{token}[{name}]"));
            }
            other => path.push_str(&format!(".{other}")),
        }
    }
    path
}

/// Whether two factors as written agree: the same text, or kapi's within 1 % of what the server's rounding allows.
fn factors_agree(ours: &str, theirs: &str) -> bool {
    if ours == theirs {
        return true;
    }
    let parse = |text: &str| text.strip_suffix('x').and_then(|number| number.parse::<f64>().ok());
    let (Some(ours), Some(theirs)) = (parse(ours), parse(theirs)) else { return false };
    // Six decimals below 1.5, one above: the server's exact factor is within half its last digit.
    let half_digit = if theirs < 1.5 { 5e-7 } else { 0.05 };
    (theirs - half_digit) * 0.99 <= ours && ours <= (theirs + half_digit) * 1.01
}

/// The ways kapi's answer differs from the server's, one line each: what, kapi's side, the server's side.
pub(crate) fn differences(ours: &Answer, theirs: &Answer) -> Vec<[String; 3]> {
    let mut found = Vec::new();
    if ours.refused != theirs.refused {
        let verdict = |answer: &Answer| {
            let verdict = if answer.refused { "refuses" } else { "accepts" };
            if answer.other.is_empty() { verdict.to_owned() } else { format!("{verdict}: {}", answer.other.join("; ")) }
        };
        found.push(["the verdict".to_owned(), verdict(ours), verdict(theirs)]);
    }
    let keys: BTreeSet<&String> = ours.overruns.keys().chain(theirs.overruns.keys()).collect();
    for key in keys {
        match (ours.overruns.get(key), theirs.overruns.get(key)) {
            (Some(ours), Some(theirs)) if factors_agree(&ours.factor, &theirs.factor) => {}
            (ours, theirs) => {
                let shown = |overrun: Option<&Overrun>| {
                    overrun.map_or("within its limit".to_owned(), |o| format!("{} over: {}", o.factor, o.detail))
                };
                found.push([key.clone(), shown(ours), shown(theirs)]);
            }
        }
    }
    found
}

#[test]
fn kapi_estimates_cel_costs_as_the_api_server_does_on_every_rung() {
    let rungs = rungs();
    // In parallel: the server checks CEL rules on several cores.
    let answers: Vec<(Answer, Answer)> = std::thread::scope(|scope| {
        let chunks: Vec<_> = rungs
            .chunks(rungs.len().div_ceil(4))
            .map(|chunk| {
                scope.spawn(move || {
                    chunk.iter().map(|rung| (kapi_answer(&rung.crd), server_answer(&rung.crd))).collect::<Vec<_>>()
                })
            })
            .collect();
        chunks.into_iter().flat_map(|chunk| chunk.join().expect("a checking thread panicked")).collect()
    });
    let mut table = Vec::new();
    let (mut refused, mut compared) = (0, 0);
    for (rung, (ours, theirs)) in rungs.iter().zip(&answers) {
        refused += usize::from(theirs.refused);
        compared += theirs.overruns.keys().filter(|key| ours.overruns.contains_key(*key)).count();
        eprintln!("{:<72} {:>10}  kapi {}  server {}", rung.family, rung.n, ours.summary(), theirs.summary());
        for [what, kapi, server] in differences(ours, theirs) {
            table.push(format!(
                "{} (n = {})\n    {what}\n    kapi:   {kapi}\n    server: {server}",
                rung.family, rung.n
            ));
        }
    }
    eprintln!(
        "CEL cost ladder: {} rungs, the server refuses {refused}, {compared} overrun factors compared, kapi disagrees \
         {} times",
        rungs.len(),
        table.len()
    );
    assert!(table.is_empty(), "kapi and the API server disagree:\n  {}", table.join("\n  "));
}
