//! Which schema problems stop the API server from running a custom resource's CEL rules: a missing field, a
//! value outside its enum, too long, too many, or of the wrong type. The rules would read such values wrongly,
//! so the server reports only the schema problems (and that some rules were not checked).

/// Whether any of the messages (as the walk writes them) is of a kind that blocks the rules.
pub fn blocks_rules<'m>(messages: impl IntoIterator<Item = &'m str>) -> bool {
    messages.into_iter().any(|message| {
        message.starts_with("Required value")
            || message.starts_with("Unsupported value")
            || message.starts_with("Too long")
            || message.starts_with("Too many")
            || (message.starts_with("Invalid value") && is_type_problem(message))
    })
}

fn is_type_problem(message: &str) -> bool {
    message.contains(": must be of type ") || message.contains(": must be an integer or a string")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocking_kinds_of_problem() {
        assert!(blocks_rules(["Required value"]));
        assert!(blocks_rules(["Invalid value: string: must be of type object"]));
        assert!(blocks_rules(["Too many: 5: must have at most 4 items"]));
        assert!(!blocks_rules(["Invalid value: \"x\": must match the pattern '^a$'"]));
        assert!(!blocks_rules(["Invalid value: 0: must be greater than or equal to 1", "Duplicate value: 1"]));
    }
}
