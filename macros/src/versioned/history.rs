//! A field's history, from `#[versioned(...)]`: the version it was added or removed in, earlier names and earlier
//! types with the functions converting between them.

use syn::{Ident, Type};

use super::args::{Args, version_value};
use super::overrides::Overrides;

/// An earlier type of a field: versions before `before` have `ty`; `up` turns it into the next type and `down` back.
pub struct Change {
    pub before: usize,
    pub ty: Type,
    pub up: syn::Path,
    pub down: syn::Path,
}

/// Everything `#[versioned(...)]` says about one field.
#[derive(Default)]
pub struct History {
    pub added: Option<usize>,
    pub removed: Option<usize>,
    /// Versions before the index called the field by the name.
    pub renames: Vec<(usize, Ident)>,
    pub changes: Vec<Change>,
    /// `#[kapi(...)]` entries some versions only have (`#[versioned(before = v1, kapi(...))]`).
    pub per_version: Overrides,
}

impl History {
    /// Reads and removes the `#[versioned(...)]` attributes of a field.
    pub fn take(args: &Args, attrs: &mut Vec<syn::Attribute>) -> syn::Result<Self> {
        let mut history = Self::default();
        let mut errors = Vec::new();
        match Overrides::take(args, attrs) {
            Ok(per_version) => history.per_version = per_version,
            Err(error) => errors.push(error),
        }
        for attr in attrs.iter().filter(|a| a.path().is_ident("versioned")) {
            if let Err(error) = attr.parse_nested_meta(|meta| history.parse_one(args, &meta)) {
                errors.push(error);
            }
        }
        attrs.retain(|a| !a.path().is_ident("versioned"));
        if let Some(error) = errors.into_iter().reduce(|mut all, e| {
            all.combine(e);
            all
        }) {
            return Err(error);
        }
        history.renames.sort_by_key(|(before, _)| *before);
        history.changes.sort_by_key(|change| change.before);
        Ok(history)
    }

    fn parse_one(&mut self, args: &Args, meta: &syn::meta::ParseNestedMeta) -> syn::Result<()> {
        let later_version = |name: &Ident| -> syn::Result<usize> {
            let index = args.index_of(name)?;
            if index == 0 {
                return Err(syn::Error::new(name.span(), "the first version has no earlier one"));
            }
            Ok(index)
        };
        if meta.path.is_ident("added") {
            self.added = Some(later_version(&version_value(meta)?)?);
        } else if meta.path.is_ident("removed") {
            self.removed = Some(later_version(&version_value(meta)?)?);
        } else if meta.path.is_ident("renamed") {
            let (mut before, mut from) = (None, None);
            meta.parse_nested_meta(|inner| {
                if inner.path.is_ident("before") {
                    before = Some(later_version(&version_value(&inner)?)?);
                } else if inner.path.is_ident("from") {
                    from = Some(inner.value()?.parse::<Ident>()?);
                } else {
                    return Err(inner.error("expected `before = <version>` or `from = <earlier name>`"));
                }
                Ok(())
            })?;
            match (before, from) {
                (Some(before), Some(from)) => self.renames.push((before, from)),
                _ => return Err(meta.error("renamed(...) needs `before = <version>` and `from = <earlier name>`")),
            }
        } else if meta.path.is_ident("changed") {
            let (mut before, mut ty, mut up, mut down) = (None, None, None, None);
            meta.parse_nested_meta(|inner| {
                if inner.path.is_ident("before") {
                    before = Some(later_version(&version_value(&inner)?)?);
                } else if inner.path.is_ident("ty") {
                    ty = Some(inner.value()?.parse::<Type>()?);
                } else if inner.path.is_ident("up") {
                    up = Some(inner.value()?.parse::<syn::Path>()?);
                } else if inner.path.is_ident("down") {
                    down = Some(inner.value()?.parse::<syn::Path>()?);
                } else {
                    return Err(inner.error("expected before, ty, up or down"));
                }
                Ok(())
            })?;
            match (before, ty, up, down) {
                (Some(before), Some(ty), Some(up), Some(down)) => self.changes.push(Change { before, ty, up, down }),
                _ => {
                    let message = "changed(...) needs `before = <version>`, `ty = <earlier type>`, `up = <fn>` and \
                                   `down = <fn>`";
                    return Err(meta.error(message));
                }
            }
        } else {
            return Err(meta.error("unknown key; expected added, removed, renamed(...) or changed(...)"));
        }
        if let (Some(added), Some(removed)) = (self.added, self.removed)
            && removed <= added
        {
            return Err(meta.error("the field is removed before it is added"));
        }
        Ok(())
    }

    /// True when the field exists in version `version`.
    pub fn exists_in(&self, version: usize) -> bool {
        self.added.is_none_or(|added| version >= added) && self.removed.is_none_or(|removed| version < removed)
    }

    /// The field's name in `version`: the earliest rename after it, else today's name.
    pub fn ident_in<'a>(&'a self, version: usize, current: &'a Ident) -> &'a Ident {
        self.renames.iter().find(|(before, _)| *before > version).map_or(current, |(_, name)| name)
    }

    /// The field's type in `version`: the earliest change after it, else today's type.
    pub fn type_in<'a>(&'a self, version: usize, current: &'a Type) -> &'a Type {
        self.changes.iter().find(|change| change.before > version).map_or(current, |change| &change.ty)
    }

    /// The changes crossed going from version `from` to version `to`, in the order they apply, with whether each
    /// is applied upwards.
    pub fn changes_between(&self, from: usize, to: usize) -> Vec<(&Change, bool)> {
        if from < to {
            self.changes.iter().filter(|c| from < c.before && c.before <= to).map(|c| (c, true)).collect()
        } else {
            self.changes.iter().rev().filter(|c| to < c.before && c.before <= from).map(|c| (c, false)).collect()
        }
    }
}
