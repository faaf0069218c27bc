//! `kapi diff OLD NEW` where the inputs are OpenAPI documents (v3 or swagger 2.0, JSON or YAML) rather than
//! generated trees or model files: told apart by content, compared by kapi-diff's document rules.

use std::path::Path;

use kapi_diff::{Finding, Policy, document};

/// The findings between two documents, or `None` when neither input is one (directories and model files keep
/// their meaning). A document beside a model is an error: they describe an API in different terms.
pub fn compare_if_documents(old: &Path, new: &Path, policy: &Policy) -> Result<Option<Vec<Finding>>, String> {
    let (old_text, new_text) = (document_text(old)?, document_text(new)?);
    let (old_text, new_text) = match (old_text, new_text) {
        (None, None) => return Ok(None),
        (Some(old_text), Some(new_text)) => (old_text, new_text),
        (Some(_), None) | (None, Some(_)) => {
            return Err(format!(
                "{} and {}: an OpenAPI document can only be compared with another document, not with a generated \
                 tree or a model file",
                old.display(),
                new.display()
            ));
        }
    };
    let old_document = document::read(&old.display().to_string(), &old_text)?;
    let new_document = document::read(&new.display().to_string(), &new_text)?;
    Ok(Some(document::compare(&old_document, &new_document, policy)))
}

/// The text of `path` when it is a file holding a document (anything but a JSON kapi model); `None` for a
/// directory or a model file, which the tree reader reads.
fn document_text(path: &Path) -> Result<Option<String>, String> {
    if path.is_dir() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(document::is_document(&text).then_some(text))
}
