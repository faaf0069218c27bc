//! CustomResourceDefinitions: one per kind whose versions are marked `#[kapi(crd)]`, written as
//! `crds/<plural>.<group>.json` and `.yaml`.
//!
//! Each version's schema is the kind's definition with every reference inlined ([`inline`]), its enums and
//! unions in structural form ([`unions`]), and Kubernetes' special types in the form the API server expects
//! ([`special`]). Generation fails, naming the Rust type and field, on anything the API server would reject.

mod budget;
mod constraints;
mod document;
mod inline;
mod origin;
mod paths;
mod plan;
mod schema;
mod special;
mod unconverted;
mod unions;

use serde_json::Value;

use crate::crd_check::{Finding, check_version};
use crate::error::Error;
use crate::infra::artifacts::Artifacts;
use crate::infra::canonical::to_canonical_json;
use crate::infra::context::Context;
use crate::infra::reuse::reuse_or_render;
use crate::structural::StructuralRule;
use document::{BuiltVersion, custom_resource_definition};
use plan::{CrdPlan, plans};
use schema::version_schema;

/// The directory CRDs are written to.
pub const CRD_DIR: &str = "crds";

/// Adds `crds/<plural>.<group>.{json,yaml}` for every kind marked as a CRD.
pub(crate) fn emit(ctx: &Context<'_>, artifacts: &mut Artifacts) -> Result<(), Error> {
    let (plans, mut problems) = plans(&ctx.registry);
    for plan in &plans {
        let name = plan.name();
        // A CRD is a reusable unit: its inputs are its versions' resources and the definitions they reach.
        let mut fingerprint = ctx.fingerprint("crd", plan.versions.iter().map(|(r, _, _)| r.definition.clone()));
        fingerprint.add(plan);
        reuse_or_render(
            ctx.previous,
            format!("{CRD_DIR}/{name}"),
            fingerprint.hex(),
            artifacts,
            |out| render(ctx, plan, &mut problems, out),
            |_| Value::Null,
        )?;
    }
    if problems.is_empty() { Ok(()) } else { Err(Error::invalid_crd(problems)) }
}

fn render(ctx: &Context<'_>, plan: &CrdPlan<'_>, problems: &mut Vec<String>, out: &mut Artifacts) -> Result<(), Error> {
    let name = plan.name();
    let versions = build_versions(ctx, plan, problems, out);
    let document = custom_resource_definition(plan, &versions)?;
    if let Some(warning) = unconverted::warning(plan, &versions) {
        out.warn(warning);
    }
    let value = serde_json::to_value(&document).map_err(|e| Error::serialize(&name, e))?;
    let json = to_canonical_json(&value);
    let schemas: Vec<(&str, &Value)> = versions.iter().map(|v| (v.name.as_str(), &v.schema)).collect();
    if let Some(warning) = budget::over_budget(&name, json.len(), &schemas) {
        out.warn(warning);
    }
    let yaml = serde_saphyr::to_string(&value).map_err(|e| Error::yaml(&name, e.to_string()))?;
    out.insert(format!("{CRD_DIR}/{name}.json"), json);
    out.insert(format!("{CRD_DIR}/{name}.yaml"), yaml.into_bytes());
    Ok(())
}

fn build_versions<'r>(
    ctx: &Context<'_>,
    plan: &CrdPlan<'r>,
    problems: &mut Vec<String>,
    artifacts: &mut Artifacts,
) -> Vec<BuiltVersion<'r>> {
    let crd = plan.name();
    let mut out = Vec::new();
    for (resource, settings, storage) in &plan.versions {
        let version = &resource.group_version.version;
        let at = format!("CRD {crd} version {version}");
        let mut built = version_schema(ctx, &resource.definition);
        problems.extend(built.problems.iter().map(|p| format!("{at}: {p}")));
        for dropped in &built.dropped {
            artifacts.warn(format!("{at}: {dropped}"));
        }
        let status = resource.subresources.iter().any(|s| s.name == "status");
        let mut found = check_version(&built.schema, status);
        // A part with no CRD form is left untyped; the missing type would only repeat that problem.
        if !built.problems.is_empty() {
            found.errors.retain(|f| f.rule != StructuralRule::MissingType.name());
        }
        let describe = |f: &Finding| {
            let origin = if f.field.is_empty() { "the kind".to_owned() } else { built.origins.describe(&f.field) };
            // The origin names the field already; the checker's message starts with it too.
            let message = f.message.strip_prefix(&format!("{}: ", f.field)).unwrap_or(&f.message);
            format!("{at}: {origin}: {message}")
        };
        problems.extend(found.errors.iter().map(describe));
        // kapi writes no CRD the server would mis-handle, though the server would accept it.
        let (mishandled, costly): (Vec<&Finding>, Vec<&Finding>) = found.warnings.iter().partition(|f| f.rule != "cel");
        problems.extend(mishandled.into_iter().map(describe));
        for warning in costly {
            artifacts.warn(describe(warning));
        }
        problems.extend(
            document::path_problems(resource, settings, &built.schema).into_iter().map(|p| format!("{at}: {p}")),
        );
        for warning in document::column_warnings(settings, &built.schema) {
            artifacts.warn(format!("{at}: {warning}"));
        }
        if let Some(max) = ctx.options.max_description_len {
            budget::trim_descriptions(&mut built.schema, max);
        }
        out.push(BuiltVersion { name: version.clone(), resource, settings, storage: *storage, schema: built.schema });
    }
    out
}
