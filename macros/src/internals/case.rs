//! serde's `rename_all` conventions.

/// A `rename_all` rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

impl RenameRule {
    /// Parses serde's spelling of a rule.
    pub fn parse(text: &str) -> Option<Self> {
        Some(match text {
            "lowercase" => Self::Lower,
            "UPPERCASE" => Self::Upper,
            "PascalCase" => Self::Pascal,
            "camelCase" => Self::Camel,
            "snake_case" => Self::Snake,
            "SCREAMING_SNAKE_CASE" => Self::ScreamingSnake,
            "kebab-case" => Self::Kebab,
            "SCREAMING-KEBAB-CASE" => Self::ScreamingKebab,
            _ => return None,
        })
    }

    /// Renames a snake_case field name.
    pub fn apply_to_field(self, field: &str) -> String {
        match self {
            Self::Lower | Self::Snake => field.to_owned(),
            Self::Upper | Self::ScreamingSnake => field.to_ascii_uppercase(),
            Self::Pascal => pascal(field),
            Self::Camel => {
                let pascal = pascal(field);
                let mut chars = pascal.chars();
                chars.next().map(|c| c.to_ascii_lowercase().to_string() + chars.as_str()).unwrap_or_default()
            }
            Self::Kebab => field.replace('_', "-"),
            Self::ScreamingKebab => field.replace('_', "-").to_ascii_uppercase(),
        }
    }

    /// Renames a PascalCase variant name.
    pub fn apply_to_variant(self, variant: &str) -> String {
        match self {
            Self::Pascal => variant.to_owned(),
            Self::Lower => variant.to_ascii_lowercase(),
            Self::Upper => variant.to_ascii_uppercase(),
            Self::Camel => {
                let mut chars = variant.chars();
                chars.next().map(|c| c.to_ascii_lowercase().to_string() + chars.as_str()).unwrap_or_default()
            }
            Self::Snake => snake(variant),
            Self::ScreamingSnake => snake(variant).to_ascii_uppercase(),
            Self::Kebab => snake(variant).replace('_', "-"),
            Self::ScreamingKebab => snake(variant).replace('_', "-").to_ascii_uppercase(),
        }
    }
}

fn pascal(snake: &str) -> String {
    snake
        .split('_')
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
        })
        .collect()
}

fn snake(pascal: &str) -> String {
    let mut out = String::new();
    for (i, c) in pascal.char_indices() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_and_variants_follow_serde() {
        assert_eq!(RenameRule::Camel.apply_to_field("lease_duration_seconds"), "leaseDurationSeconds");
        assert_eq!(RenameRule::Pascal.apply_to_field("api_version"), "ApiVersion");
        assert_eq!(RenameRule::Snake.apply_to_variant("NotReady"), "not_ready");
        assert_eq!(RenameRule::Kebab.apply_to_variant("NotReady"), "not-ready");
        assert_eq!(RenameRule::Camel.apply_to_variant("NotReady"), "notReady");
    }
}
