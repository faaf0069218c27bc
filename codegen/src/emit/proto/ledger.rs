//! The field-number ledger: every protobuf field number kapi has handed out, per message, and the numbers of
//! removed fields, kept reserved forever. Generation reads the previous ledger and writes the next one, so adding,
//! removing or reordering fields never renumbers an existing field.
//!
//! The file (`proto/field-numbers.json`) is canonical JSON:
//! `{"messages": {"<package>.<Message>": {"fields": {"<name>": N}, "reserved": {"<removed name>": N}}}}`.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::conflict::{ConflictKind, NumberingConflict};
use crate::error::Error;
use crate::infra::canonical::typed_to_canonical_json;

/// Where [`crate::generate`] puts the ledger, and where the CLI looks for the previous one.
pub const LEDGER_PATH: &str = "proto/field-numbers.json";

/// The largest field number protobuf allows.
const MAX_NUMBER: u32 = 536_870_911;
/// Numbers protobuf keeps for its own implementation; never handed out.
const IMPLEMENTATION_RESERVED: std::ops::RangeInclusive<u32> = 19_000..=19_999;

/// Field numbers by message (full protobuf name, such as `k8s.io.api.coordination.v1.LeaseSpec`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ledger {
    messages: BTreeMap<String, LedgerMessage>,
}

/// The numbers of one message: its current fields, and the fields it lost.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LedgerMessage {
    #[serde(default)]
    fields: BTreeMap<String, u32>,
    /// Removed fields: their numbers (and names) are never given to another field.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    reserved: BTreeMap<String, u32>,
}

impl Ledger {
    /// An empty ledger: every number is still free.
    pub fn new() -> Self {
        Self::default()
    }

    /// Reads a ledger file, checking that no message gives one number to two names.
    pub fn from_json(bytes: &[u8]) -> Result<Self, Error> {
        let ledger: Self = serde_json::from_slice(bytes).map_err(|e| Error::invalid_ledger(e.to_string()))?;
        let problems: Vec<String> = ledger.messages.iter().filter_map(|(name, m)| m.problem(name)).collect();
        if problems.is_empty() { Ok(ledger) } else { Err(Error::invalid_ledger(problems.join("; "))) }
    }

    /// The ledger as canonical JSON.
    pub fn to_json(&self) -> Result<Vec<u8>, Error> {
        typed_to_canonical_json(self, LEDGER_PATH)
    }

    /// One message's numbers.
    pub fn message(&self, name: &str) -> Option<&LedgerMessage> {
        self.messages.get(name)
    }

    /// Every message, by name.
    pub fn messages(&self) -> impl Iterator<Item = (&str, &LedgerMessage)> {
        self.messages.iter().map(|(name, message)| (name.as_str(), message))
    }

    pub(crate) fn insert(&mut self, name: String, message: LedgerMessage) {
        self.messages.insert(name, message);
    }
}

impl LedgerMessage {
    /// The number of a current field.
    pub fn number(&self, field: &str) -> Option<u32> {
        self.fields.get(field).copied()
    }

    /// Current fields and their numbers.
    pub fn fields(&self) -> &BTreeMap<String, u32> {
        &self.fields
    }

    /// Removed fields and the numbers they keep reserved.
    pub fn reserved(&self) -> &BTreeMap<String, u32> {
        &self.reserved
    }

    fn problem(&self, message: &str) -> Option<String> {
        let mut seen = BTreeMap::new();
        for (name, &number) in self.fields.iter().chain(&self.reserved) {
            if number == 0 || number > MAX_NUMBER {
                return Some(format!("message `{message}`: `{name}` has the invalid number {number}"));
            }
            if let Some(other) = seen.insert(number, name) {
                return Some(format!("message `{message}`: `{other}` and `{name}` both hold number {number}"));
            }
        }
        let both = self.fields.keys().find(|name| self.reserved.contains_key(*name));
        both.map(|name| format!("message `{message}`: `{name}` is both a field and reserved"))
    }

    /// The number `name` had, current or removed.
    fn previous(&self, name: &str) -> Option<u32> {
        self.fields.get(name).or_else(|| self.reserved.get(name)).copied()
    }

    /// This entry with fields renamed, each `(from, to)` pair carrying `from`'s number (current or removed) over
    /// to `to`: a field given a protobuf name of its own keeps its number. A pair is left alone when the ledger
    /// already knows `to` or does not know `from`, or when `from` is still the name of a field (`present`).
    pub(crate) fn renamed(&self, renames: &[(&str, &str)], present: &BTreeSet<&str>) -> Self {
        let mut out = self.clone();
        for &(from, to) in renames {
            if out.previous(to).is_some() || present.contains(from) {
                continue;
            }
            for names in [&mut out.fields, &mut out.reserved] {
                if let Some(number) = names.remove(from) {
                    names.insert(to.to_owned(), number);
                }
            }
        }
        out
    }

    /// Who held `number` before, and whether that name is still a field of the message.
    fn holder(&self, number: u32) -> Option<&str> {
        let all = self.fields.iter().chain(&self.reserved);
        all.into_iter().find(|(_, n)| **n == number).map(|(name, _)| name.as_str())
    }
}

/// Numbers the fields of `message` (name and the number its source fixes): fixed numbers must agree with the
/// ledger, other fields keep their ledger number or get the next free one (new fields in name order), and fields
/// the message lost become reserved.
pub(crate) fn assign(
    message: &str,
    previous: Option<&LedgerMessage>,
    requests: &[(&str, Option<u32>)],
) -> Result<LedgerMessage, Vec<NumberingConflict>> {
    let empty = LedgerMessage::default();
    let previous = previous.unwrap_or(&empty);
    let present: BTreeSet<&str> = requests.iter().map(|(name, _)| *name).collect();
    let mut used: BTreeSet<u32> = previous.fields.values().chain(previous.reserved.values()).copied().collect();
    let mut next = LedgerMessage::default();
    let mut conflicts = Vec::new();
    let conflict = |field: &str, number, kind| NumberingConflict {
        message: message.to_owned(),
        field: field.to_owned(),
        number,
        kind,
    };
    let mut claimed: BTreeMap<u32, &str> = BTreeMap::new();
    for &(field, fixed) in requests {
        let Some(number) = fixed else { continue };
        let kind = match (previous.previous(field), previous.holder(number)) {
            (Some(before), _) if before != number => Some(ConflictKind::Renumbered { before }),
            (None, Some(holder)) if present.contains(holder) && previous.fields.contains_key(holder) => {
                Some(ConflictKind::Taken { holder: holder.to_owned() })
            }
            (None, Some(was)) => Some(ConflictKind::Reserved { was: was.to_owned() }),
            _ => claimed.get(&number).map(|other| ConflictKind::Duplicate { other: (*other).to_owned() }),
        };
        match kind {
            Some(kind) => conflicts.push(conflict(field, number, kind)),
            None => {
                claimed.insert(number, field);
                used.insert(number);
                next.fields.insert(field.to_owned(), number);
            }
        }
    }
    // New fields are numbered in name order: declaration order does not survive the model file (its JSON objects
    // are written with sorted keys), and numbering must not depend on where the model came from.
    let mut unfixed: Vec<&str> = requests.iter().filter(|(_, fixed)| fixed.is_none()).map(|(name, _)| *name).collect();
    unfixed.sort_unstable();
    for field in unfixed {
        let number = previous.previous(field).unwrap_or_else(|| next_free(&used));
        match claimed.get(&number) {
            // Another field's attribute claims this field's ledger number.
            Some(other) => conflicts.push(conflict(other, number, ConflictKind::Taken { holder: field.to_owned() })),
            None => {
                claimed.insert(number, field);
                used.insert(number);
                next.fields.insert(field.to_owned(), number);
            }
        }
    }
    for (name, &number) in previous.fields.iter().chain(&previous.reserved) {
        if !present.contains(name.as_str()) {
            next.reserved.insert(name.clone(), number);
        }
    }
    if conflicts.is_empty() { Ok(next) } else { Err(conflicts) }
}

/// One past the highest number ever used, skipping protobuf's own range: gaps are left alone, since a gap may be
/// a number some other producer of the message still sends.
fn next_free(used: &BTreeSet<u32>) -> u32 {
    let candidate = used.last().map_or(1, |highest| highest + 1);
    if IMPLEMENTATION_RESERVED.contains(&candidate) { IMPLEMENTATION_RESERVED.end() + 1 } else { candidate }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ledger_message(fields: &[(&str, u32)], reserved: &[(&str, u32)]) -> LedgerMessage {
        let map = |pairs: &[(&str, u32)]| pairs.iter().map(|(name, n)| ((*name).to_owned(), *n)).collect();
        LedgerMessage { fields: map(fields), reserved: map(reserved) }
    }

    #[test]
    fn removed_fields_are_reserved_and_new_ones_go_past_every_used_number() -> Result<(), Vec<NumberingConflict>> {
        let before = ledger_message(&[("a", 1), ("b", 2), ("c", 5)], &[("old", 7)]);
        let after = assign("p.M", Some(&before), &[("c", None), ("d", None), ("a", Some(1)), ("e", None)])?;
        assert_eq!(after, ledger_message(&[("a", 1), ("c", 5), ("d", 8), ("e", 9)], &[("b", 2), ("old", 7)]));
        Ok(())
    }

    #[test]
    fn a_returning_field_gets_its_old_number_back() -> Result<(), Vec<NumberingConflict>> {
        let before = ledger_message(&[("a", 1)], &[("b", 2)]);
        let after = assign("p.M", Some(&before), &[("a", None), ("b", None)])?;
        assert_eq!(after, ledger_message(&[("a", 1), ("b", 2)], &[]));
        Ok(())
    }

    #[test]
    fn source_numbers_that_contradict_the_ledger_are_conflicts() {
        let before = ledger_message(&[("a", 1), ("b", 2)], &[("old", 3)]);
        let requests = [("a", Some(4)), ("b", None), ("c", Some(3)), ("d", Some(2)), ("e", Some(9)), ("f", Some(9))];
        let conflicts = assign("p.M", Some(&before), &requests).expect_err("conflicts");
        let kinds: Vec<(&str, u32, &ConflictKind)> =
            conflicts.iter().map(|c| (c.field.as_str(), c.number, &c.kind)).collect();
        assert_eq!(
            kinds,
            [
                ("a", 4, &ConflictKind::Renumbered { before: 1 }),
                ("c", 3, &ConflictKind::Reserved { was: "old".into() }),
                ("d", 2, &ConflictKind::Taken { holder: "b".into() }),
                ("f", 9, &ConflictKind::Duplicate { other: "e".into() }),
            ]
        );
        assert_eq!(
            conflicts[0].to_string(),
            "message `p.M`: field `a` has number 1 in the ledger but the source asks for 4"
        );
    }

    #[test]
    fn a_renamed_field_keeps_its_number() -> Result<(), Vec<NumberingConflict>> {
        let before = ledger_message(&[("webhooks", 2), ("_ref", 3), ("kept", 4)], &[("x_old", 5)]);
        let present = BTreeSet::from(["Webhooks", "ref", "kept", "xOld"]);
        let renames = [("webhooks", "Webhooks"), ("_ref", "ref"), ("x_old", "xOld"), ("kept", "Kept")];
        let renamed = before.renamed(&renames, &present);
        // `kept` is still a field's name, so it is not carried over to `Kept`.
        assert_eq!(renamed, ledger_message(&[("Webhooks", 2), ("ref", 3), ("kept", 4)], &[("xOld", 5)]));
        let requests = [("Webhooks", Some(2)), ("ref", None), ("kept", None), ("xOld", None)];
        let after = assign("p.M", Some(&renamed), &requests)?;
        assert_eq!(after, ledger_message(&[("Webhooks", 2), ("kept", 4), ("ref", 3), ("xOld", 5)], &[]));
        Ok(())
    }

    #[test]
    fn numbering_skips_protobufs_own_range() {
        assert_eq!(next_free(&BTreeSet::new()), 1);
        assert_eq!(next_free(&[18_999].into()), 20_000);
    }

    #[test]
    fn ledgers_round_trip_and_bad_ones_are_refused() -> Result<(), Error> {
        let mut ledger = Ledger::new();
        ledger.insert("p.M".into(), ledger_message(&[("a", 1)], &[("b", 2)]));
        let bytes = ledger.to_json()?;
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.contains("\"reserved\": {\n        \"b\": 2"), "{text}");
        assert_eq!(Ledger::from_json(&bytes)?, ledger);
        let clash = br#"{"messages": {"p.M": {"fields": {"a": 1}, "reserved": {"b": 1}}}}"#;
        let error = Ledger::from_json(clash).expect_err("one number, two names");
        assert!(error.to_string().contains("`a` and `b` both hold number 1"), "{error}");
        Ok(())
    }
}
