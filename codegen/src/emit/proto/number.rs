//! Settles every field number of the files against the previous ledger and produces the next ledger.

use super::conflict::NumberingConflict;
use super::ir::{File, Message};
use super::ledger::{Ledger, assign};

/// Numbers every message of `files` (nested ones too) from `previous`; returns the next ledger, which also keeps
/// the entries of messages not generated this time (a switched-off group-version must not lose its numbers).
pub(crate) fn number_files(files: &mut [File], previous: &Ledger) -> Result<Ledger, Vec<NumberingConflict>> {
    let mut next = previous.clone();
    let mut conflicts = Vec::new();
    for file in files.iter_mut() {
        for message in &mut file.messages {
            number_message(message, &file.package.name, previous, &mut next, &mut conflicts);
        }
    }
    if conflicts.is_empty() { Ok(next) } else { Err(conflicts) }
}

fn number_message(
    message: &mut Message,
    scope: &str,
    previous: &Ledger,
    next: &mut Ledger,
    conflicts: &mut Vec<NumberingConflict>,
) {
    let full_name = format!("{scope}.{}", message.name);
    let requests: Vec<(&str, Option<u32>)> = message.fields.iter().map(|f| (f.name.as_str(), f.fixed)).collect();
    let present = requests.iter().map(|(name, _)| *name).collect();
    let renames: Vec<(&str, &str)> =
        message.fields.iter().filter_map(|f| Some((f.renamed_from.as_deref()?, f.name.as_str()))).collect();
    let before = previous.message(&full_name).map(|entry| entry.renamed(&renames, &present));
    match assign(&full_name, before.as_ref(), &requests) {
        Ok(numbers) => {
            for field in &mut message.fields {
                field.number = numbers.number(&field.name).unwrap_or_default();
            }
            message.reserved = numbers.reserved().clone();
            // Fields are written by number: the only order the model file keeps (it writes properties sorted).
            message.fields.sort_by_key(|field| field.number);
            next.insert(full_name.clone(), numbers);
        }
        Err(found) => conflicts.extend(found),
    }
    message.nested.sort_by(|a, b| a.name.cmp(&b.name));
    for nested in &mut message.nested {
        number_message(nested, &full_name, previous, next, conflicts);
    }
}
