//! Build-time checks of every rule in a CRD schema: it parses, it type-checks against the schema as the API server's
//! compiler does (see [`crate::checker`]), a transition rule sits where old and new values can be paired, and its
//! estimated cost stays within the API server's limits.

use std::fmt;

use serde_json::Value;

use crate::analysis::{Analysis, analyze};
use crate::checker::{self, Checked, Site};
use crate::program::parse_kept;
use crate::schema::{Rule, Schema};
use crate::sizes::unbounded_cardinality;
use crate::stack::with_large_stack;

/// The largest estimated cost one rule may have (`StaticEstimatedCostLimit` in k8s.io/apiextensions-apiserver
/// `pkg/apis/apiextensions/validation/validation.go`).
pub const STATIC_ESTIMATED_COST_LIMIT: u64 = 10_000_000;
/// The largest estimated cost of all the rules of a CRD together (`StaticEstimatedCRDCostLimit`, same file).
pub const STATIC_ESTIMATED_CRD_COST_LIMIT: u64 = 100_000_000;

/// The server's answer to `optionalOldSelf: true` on a rule that does not read `oldSelf` (reported at the entry's
/// `optionalOldSelf`).
pub const OPTIONAL_OLD_SELF_UNUSED: &str = "may not be set if oldSelf is not used in rule";

/// The server's answer to rules on a node it cannot type (no `type`, only `x-kubernetes-preserve-unknown-fields`),
/// reported at the node's `x-kubernetes-validations`.
pub const UNTYPED_NODE: &str = "internal error: failed to construct type information for x-kubernetes-validations \
                                rules: unable to convert structural schema to CEL declarations";

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

/// Which expression of a rule entry a cost is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expression {
    /// `rule`
    Rule,
    /// `messageExpression`
    MessageExpression,
}

/// The estimated cost of one expression of one rule entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleCost {
    /// RFC 6901 pointer into the schema, to the rule's `x-kubernetes-validations` entry.
    pub pointer: String,
    /// The data path of the node the rule sits on, such as `spec.ports[*]`; empty at the root.
    pub field: String,
    /// The rule as written.
    pub rule: String,
    /// The rule or its message expression.
    pub expression: Expression,
    /// The worst-case cost of one evaluation.
    pub cost: u64,
    /// What the API server holds against the per-rule limit and adds to the per-CRD total: a rule's cost times how
    /// often its node can occur, a message expression's cost alone.
    pub counted: u64,
}

/// Everything [`check_schema_rules`] found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleReport {
    /// Findings, in schema order (the per-CRD total, if over its limit, last).
    pub findings: Vec<Finding>,
    /// How many rules the schema holds.
    pub rules: usize,
    /// The cost of every rule and message expression that compiles, in schema order.
    pub costs: Vec<RuleCost>,
    /// The estimated cost of all rules together (the sum of what [`RuleCost::counted`] says).
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
    let mut checker = Checker { report: RuleReport::default() };
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
}

impl Checker {
    fn walk(&mut self, schema: Schema<'_>, place: &Place) {
        let rules = schema.rules();
        let site = Site { schema, resource_root: place.resource_root, optional_old_self: false };
        if let (Some((pointer, rule)), false) = (rules.first(), checker::types_self(site)) {
            // The server refuses the node's rules together, at the node's `x-kubernetes-validations`.
            self.report.rules += rules.len();
            let entry = pointer.rsplit_once('/').map_or(pointer.as_str(), |(list, _)| list);
            self.report.findings.push(Finding {
                severity: Severity::Error,
                field: place.path.clone(),
                pointer: format!("{}{entry}", place.pointer),
                rule: rule.rule.clone(),
                message: UNTYPED_NODE.to_owned(),
            });
        } else {
            for (pointer, rule) in rules {
                self.check_rule(schema, place, &format!("{}{pointer}", place.pointer), &rule);
            }
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
        let compiled = match parse_kept(&rule.rule) {
            Ok(compiled) => compiled,
            Err(error) => return self.report.findings.push(finding(Severity::Error, error.to_string())),
        };
        let site = Site { schema, resource_root: place.resource_root, optional_old_self: rule.optional_old_self };
        let mut findings = Vec::new();
        let type_checked = checker::check(&rule.rule, site, Checked::Rule);
        if let Err(message) = &type_checked {
            findings.push(finding(Severity::Error, message.clone()));
        }
        // The server learns that a rule reads oldSelf from the checked rule: a rule that does not check reads
        // nothing.
        if rule.optional_old_self && (type_checked.is_err() || !compiled.is_transition_rule()) {
            findings.push(finding(Severity::Error, OPTIONAL_OLD_SELF_UNUSED.to_owned()));
        }
        // A rule that does not compile costs nothing on the server, and its message expression is not compiled.
        if let Ok(typed) = &type_checked {
            let analysis = analyze(
                typed.program.expression(),
                schema,
                &place.path,
                place.resource_root,
                rule.optional_old_self,
                &typed.types,
            );
            findings.extend(self.charge(rule, &analysis, schema, place, pointer, &finding));
            findings.extend(self.message_expression_findings(rule, site, place, pointer, &finding));
        }
        // The server learns that a rule reads oldSelf from the checked rule: one that does not check is not told
        // where it may not read it.
        if let (true, true, Some(list)) = (compiled.is_transition_rule(), type_checked.is_ok(), &place.uncorrelatable) {
            let message = format!(
                "oldSelf cannot be used on the uncorrelatable portion of the schema within {list}: it is not a list \
                 of type map, so its old and new items cannot be paired"
            );
            findings.push(finding(Severity::Error, message));
        }
        self.report.findings.extend(findings);
    }

    /// The server charges a rule for every place its node can occur; an unbounded place occurs as often as the
    /// node's smallest form fits in a request.
    fn charge(
        &mut self,
        rule: &Rule,
        analysis: &Analysis,
        schema: Schema<'_>,
        place: &Place,
        pointer: &str,
        finding: &impl Fn(Severity, String) -> Finding,
    ) -> Option<Finding> {
        let cardinality = place.cardinality.unwrap_or_else(|| unbounded_cardinality(schema));
        let counted = analysis.max_cost.saturating_mul(cardinality);
        self.record(pointer, place, rule, Expression::Rule, (analysis.max_cost, counted));
        (counted > STATIC_ESTIMATED_COST_LIMIT).then(|| {
            let message = cost_message("estimated cost", counted, STATIC_ESTIMATED_COST_LIMIT, "per-rule");
            finding(Severity::Warning, with_bounds(message, &bounds(analysis, place)))
        })
    }

    /// A message expression runs only when its rule fails, once per failure: the server charges its cost alone,
    /// against the per-rule limit and in the total.
    fn message_expression_findings<'s>(
        &mut self,
        rule: &Rule,
        site: Site<'s>,
        place: &Place,
        pointer: &str,
        finding: &impl Fn(Severity, String) -> Finding,
    ) -> Vec<Finding> {
        let Some(expression) = &rule.message_expression else { return Vec::new() };
        if let Err(error) = parse_kept(expression) {
            return vec![finding(Severity::Error, format!("messageExpression: {error}"))];
        }
        let typed = match checker::check(expression, site, Checked::MessageExpression) {
            Ok(typed) => typed,
            Err(message) => return vec![finding(Severity::Error, message)],
        };
        let analysis = analyze(
            typed.program.expression(),
            site.schema,
            &place.path,
            place.resource_root,
            rule.optional_old_self,
            &typed.types,
        );
        let cost = analysis.max_cost;
        self.record(pointer, place, rule, Expression::MessageExpression, (cost, cost));
        let mut findings = Vec::new();
        if cost > STATIC_ESTIMATED_COST_LIMIT {
            let message =
                cost_message("estimated messageExpression cost", cost, STATIC_ESTIMATED_COST_LIMIT, "per-rule");
            // Charged once, whatever encloses the node: only the bounds of what the expression walks help.
            let walked: Vec<String> = analysis.missing_bounds.into_iter().collect();
            findings.push(finding(Severity::Warning, with_bounds(message, &walked)));
        }
        findings
    }

    /// Keeps one expression's cost, and (`cost`, `counted`) as [`RuleCost`] says, for the report and the total.
    fn record(&mut self, pointer: &str, place: &Place, rule: &Rule, expression: Expression, costs: (u64, u64)) {
        let (cost, counted) = costs;
        self.report.costs.push(RuleCost {
            pointer: pointer.to_owned(),
            field: place.path.clone(),
            rule: rule.rule.clone(),
            expression,
            cost,
            counted,
        });
    }

    /// The per-CRD limit, checked once every rule's cost is known.
    fn total(&mut self) {
        let total = self.report.costs.iter().fold(0u64, |sum, cost| sum.saturating_add(cost.counted));
        self.report.total_cost = total;
        if total <= STATIC_ESTIMATED_CRD_COST_LIMIT {
            return;
        }
        let mut dearest: Vec<&RuleCost> = self.report.costs.iter().collect();
        dearest.sort_by_key(|cost| std::cmp::Reverse(cost.counted));
        dearest.truncate(4);
        let expression = |cost: &RuleCost| match cost.expression {
            Expression::Rule => format!("`{}`", cost.rule),
            Expression::MessageExpression => format!("the messageExpression of `{}`", cost.rule),
        };
        let named: Vec<String> = dearest
            .iter()
            .map(|cost| format!("{} on {} ({})", expression(cost), shown(&cost.field), cost.counted))
            .collect();
        let message = format!(
            "{}; the most expensive: {}",
            cost_message("the rules' estimated total cost", total, STATIC_ESTIMATED_CRD_COST_LIMIT, "per-CRD"),
            named.join(", ")
        );
        let (field, rule) = match dearest.first() {
            Some(cost) => (cost.field.clone(), cost.rule.clone()),
            None => Default::default(),
        };
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

/// `{what} {cost} exceeds the {which} limit of {limit}`, with the factor the API server reports (its own words
/// differ, its factor is the same).
fn cost_message(what: &str, cost: u64, limit: u64, which: &str) -> String {
    format!("{what} {cost} exceeds the {which} limit of {limit} (by a factor of {})", exceed_factor(cost, limit))
}

fn with_bounds(mut message: String, bounds: &[String]) -> String {
    if !bounds.is_empty() {
        message.push_str(&format!("; add {}", bounds.join(", ")));
    }
    message
}

/// How far `cost` is over `limit`, written as the API server writes it: six decimals below 1.5, one decimal up to
/// 100, and `more than 100x` beyond.
pub fn exceed_factor(cost: u64, limit: u64) -> String {
    let factor = cost as f64 / limit as f64;
    if factor > 100.0 {
        "more than 100x".to_owned()
    } else if factor < 1.5 {
        format!("{factor:.6}x")
    } else {
        format!("{factor:.1}x")
    }
}

fn shown(path: &str) -> &str {
    if path.is_empty() { "the root" } else { path }
}

/// A property name as a JSON pointer token (RFC 6901: `~` → `~0`, `/` → `~1`).
fn escape_pointer(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}
