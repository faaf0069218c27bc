//! Build-time checks of every rule in a CRD schema: it parses, its field references exist, a transition rule sits
//! where old and new values can be paired, and its estimated cost stays within the API server's limits.

use std::fmt;

use serde_json::Value;

use crate::analysis::{Analysis, analyze};
use crate::optional_old_self;
use crate::program::parse as compile;
use crate::schema::{Rule, Schema};
use crate::sizes::unbounded_cardinality;
use crate::stack::with_large_stack;

/// The largest estimated cost one rule may have (`StaticEstimatedCostLimit` in k8s.io/apiextensions-apiserver
/// `pkg/apis/apiextensions/validation/validation.go`).
pub const STATIC_ESTIMATED_COST_LIMIT: u64 = 10_000_000;
/// The largest estimated cost of all the rules of a CRD together (`StaticEstimatedCRDCostLimit`, same file).
pub const STATIC_ESTIMATED_CRD_COST_LIMIT: u64 = 100_000_000;

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The API server would reject the CRD, or the rule can never work.
    Error,
    /// The rule works but the API server may reject it (its estimated cost is over a limit).
    Warning,
}

/// One problem with one rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Error or warning.
    pub severity: Severity,
    /// The data path of the node the rule sits on, such as `spec.ports[*]`; empty at the root.
    pub field: String,
    /// RFC 6901 pointer into the schema, to the rule's `x-kubernetes-validations` entry.
    pub pointer: String,
    /// The rule as written.
    pub rule: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let field = if self.field.is_empty() { "<root>" } else { &self.field };
        write!(f, "{severity}: {field}: rule `{}`: {}", self.rule, self.message)
    }
}

/// Everything [`check_schema_rules`] found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleReport {
    /// Findings, in schema order (the per-CRD total, if over its limit, last).
    pub findings: Vec<Finding>,
    /// How many rules the schema holds.
    pub rules: usize,
    /// The estimated cost of all rules together, each multiplied by how often its node can occur.
    pub total_cost: u64,
}

impl RuleReport {
    /// Whether any finding is an error.
    pub fn has_errors(&self) -> bool {
        self.findings.iter().any(|f| f.severity == Severity::Error)
    }

    /// The findings of one severity.
    pub fn with_severity(&self, severity: Severity) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(move |f| f.severity == severity)
    }
}

/// Checks every `x-kubernetes-validations` rule of a CRD's `openAPIV3Schema`.
pub fn check_schema_rules(schema: &Value) -> RuleReport {
    with_large_stack(|| check_on_this_thread(schema)).unwrap_or_else(|crash| RuleReport {
        findings: vec![Finding {
            severity: Severity::Error,
            field: String::new(),
            pointer: String::new(),
            rule: String::new(),
            message: crash,
        }],
        ..RuleReport::default()
    })
}

fn check_on_this_thread(schema: &Value) -> RuleReport {
    let mut checker = Checker { report: RuleReport::default(), costs: Vec::new() };
    let root = Place {
        pointer: String::new(),
        path: String::new(),
        cardinality: Some(1),
        unbounded_by: Vec::new(),
        uncorrelatable: None,
        resource_root: true,
    };
    checker.walk(Schema::new(schema), &root);
    checker.total();
    checker.report
}

/// Where a schema node sits: its pointer, its data path, and what its ancestors imply.
#[derive(Debug, Clone)]
struct Place {
    pointer: String,
    path: String,
    /// How many times the node can occur (the product of its enclosing lists' and maps' bounds); `None` when an
    /// ancestor is unbounded.
    cardinality: Option<u64>,
    /// The bounds missing on ancestors, which made the cardinality unbounded.
    unbounded_by: Vec<String>,
    /// The path of the first enclosing list whose items cannot be paired between old and new objects.
    uncorrelatable: Option<String>,
    resource_root: bool,
}

impl Place {
    fn child(&self, pointer: &str, step: &str, factor: Result<u64, String>, resource_root: bool) -> Place {
        let path = match (self.path.is_empty(), step.starts_with('[')) {
            (true, _) | (false, true) => format!("{}{step}", self.path),
            (false, false) => format!("{}.{step}", self.path),
        };
        let mut child = Place { pointer: format!("{}{pointer}", self.pointer), path, resource_root, ..self.clone() };
        match factor {
            Ok(factor) => child.cardinality = self.cardinality.map(|c| c.saturating_mul(factor)),
            Err(missing) => {
                child.cardinality = None;
                child.unbounded_by.push(missing);
            }
        }
        child
    }
}

struct Checker {
    report: RuleReport,
    /// Each rule's cost times its cardinality, with where it is, for the per-CRD total.
    costs: Vec<(u64, String, String)>,
}

impl Checker {
    fn walk(&mut self, schema: Schema<'_>, place: &Place) {
        for (pointer, rule) in schema.rules() {
            self.check_rule(schema, place, &format!("{}{pointer}", place.pointer), &rule);
        }
        if let Some((at, properties)) = schema.locate("properties") {
            for (name, property) in properties.as_object().into_iter().flatten() {
                let property = Schema::new(property);
                let pointer = format!("{at}/properties/{}", escape_pointer(name));
                let embedded = property.flag("x-kubernetes-embedded-resource");
                self.walk(property, &place.child(&pointer, name, Ok(1), embedded));
            }
        }
        if let (Some((at, _)), Some(items)) = (schema.locate("items"), schema.items()) {
            let factor = schema.bound("maxItems").ok_or_else(|| format!("maxItems to {}", shown(&place.path)));
            let mut child =
                place.child(&format!("{at}/items"), "[*]", factor, items.flag("x-kubernetes-embedded-resource"));
            if schema.list_type() != Some("map") && child.uncorrelatable.is_none() {
                child.uncorrelatable = Some(shown(&place.path).to_owned());
            }
            self.walk(items, &child);
        }
        if let (Some((at, _)), Some(values)) = (schema.locate("additionalProperties"), schema.additional_properties()) {
            let factor =
                schema.bound("maxProperties").ok_or_else(|| format!("maxProperties to {}", shown(&place.path)));
            let embedded = values.flag("x-kubernetes-embedded-resource");
            self.walk(values, &place.child(&format!("{at}/additionalProperties"), "[*]", factor, embedded));
        }
    }

    fn check_rule(&mut self, schema: Schema<'_>, place: &Place, pointer: &str, rule: &Rule) {
        self.report.rules += 1;
        let finding = |severity, message: String| Finding {
            severity,
            field: place.path.clone(),
            pointer: pointer.to_owned(),
            rule: rule.rule.clone(),
            message,
        };
        let compiled = match compile(&rule.rule) {
            Ok(compiled) => compiled,
            Err(error) => return self.report.findings.push(finding(Severity::Error, error.to_string())),
        };
        let analysis = analyze(compiled.expression(), schema, &place.path, place.resource_root);
        let mut findings: Vec<Finding> =
            analysis.problems.iter().map(|problem| finding(Severity::Error, problem.clone())).collect();
        if let Some(kind) = analysis.not_bool {
            findings.push(finding(Severity::Error, format!("the rule must evaluate to a bool, not a {kind}")));
        }
        if rule.optional_old_self {
            let problem = match compiled.is_transition_rule() {
                false => Some("optionalOldSelf is set, but the rule never reads oldSelf".to_owned()),
                true => optional_old_self::plain_use(compiled.expression()),
            };
            findings.extend(problem.map(|problem| finding(Severity::Error, problem)));
        }
        if let (true, Some(list)) = (compiled.is_transition_rule(), &place.uncorrelatable) {
            let message = format!(
                "oldSelf cannot be used here: {list} is not a list of type map, so its old and new items cannot be paired"
            );
            findings.push(finding(Severity::Error, message));
        }
        if let Some(expression) = &rule.message_expression {
            findings.extend(self.message_expression_findings(expression, schema, place, &finding));
        }
        let cost = self.expression_cost(&analysis, schema, place);
        if cost > STATIC_ESTIMATED_COST_LIMIT {
            let message = cost_message(cost, STATIC_ESTIMATED_COST_LIMIT, "per-rule", &bounds(&analysis, place));
            findings.push(finding(Severity::Warning, message));
        }
        self.costs.push((cost, place.path.clone(), rule.rule.clone()));
        self.report.findings.extend(findings);
    }

    fn message_expression_findings(
        &mut self,
        expression: &str,
        schema: Schema<'_>,
        place: &Place,
        finding: &impl Fn(Severity, String) -> Finding,
    ) -> Vec<Finding> {
        match compile(expression) {
            Err(error) => vec![finding(Severity::Error, format!("messageExpression: {error}"))],
            Ok(compiled) => {
                let analysis = analyze(compiled.expression(), schema, &place.path, place.resource_root);
                let cost = self.expression_cost(&analysis, schema, place);
                self.costs.push((cost, place.path.clone(), expression.to_owned()));
                analysis.problems.iter().map(|p| finding(Severity::Error, format!("messageExpression: {p}"))).collect()
            }
        }
    }

    /// One evaluation's cost times how often the node can occur; an unbounded node occurs as often as its
    /// smallest form fits in a request.
    fn expression_cost(&self, analysis: &Analysis, schema: Schema<'_>, place: &Place) -> u64 {
        let cardinality = place.cardinality.unwrap_or_else(|| unbounded_cardinality(schema));
        analysis.max_cost.saturating_mul(cardinality)
    }

    /// The per-CRD limit, checked once every rule's cost is known.
    fn total(&mut self) {
        let total = self.costs.iter().fold(0u64, |sum, (cost, ..)| sum.saturating_add(*cost));
        self.report.total_cost = total;
        if total <= STATIC_ESTIMATED_CRD_COST_LIMIT {
            return;
        }
        self.costs.sort_by_key(|(cost, ..)| std::cmp::Reverse(*cost));
        let dearest: Vec<String> = self
            .costs
            .iter()
            .take(4)
            .map(|(cost, path, rule)| format!("`{rule}` on {} ({cost})", shown(path)))
            .collect();
        let (rule, field) = self.costs.first().map(|(_, path, rule)| (rule.clone(), path.clone())).unwrap_or_default();
        let message = format!(
            "the rules' estimated total cost {total} exceeds the per-CRD limit of {STATIC_ESTIMATED_CRD_COST_LIMIT}; \
             the most expensive: {}",
            dearest.join(", ")
        );
        self.report.findings.push(Finding {
            severity: Severity::Warning,
            field,
            pointer: String::new(),
            rule,
            message,
        });
    }
}

/// The bounds that would lower a rule's estimate: those its expression walks, then those of enclosing lists/maps.
fn bounds(analysis: &Analysis, place: &Place) -> Vec<String> {
    let mut bounds: Vec<String> = analysis.missing_bounds.iter().cloned().collect();
    for missing in &place.unbounded_by {
        if !bounds.contains(missing) {
            bounds.push(missing.clone());
        }
    }
    bounds
}

fn cost_message(cost: u64, limit: u64, which: &str, bounds: &[String]) -> String {
    let mut message = format!("estimated cost {cost} exceeds the {which} limit of {limit}");
    if !bounds.is_empty() {
        message.push_str(&format!("; add {}", bounds.join(", ")));
    }
    message
}

fn shown(path: &str) -> &str {
    if path.is_empty() { "the root" } else { path }
}

/// A property name as a JSON pointer token (RFC 6901: `~` → `~0`, `/` → `~1`).
fn escape_pointer(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}
