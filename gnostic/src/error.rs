//! The crate's error: an opaque struct over a private kind enum, with lowercase messages.

use std::fmt;

/// How many problems the message lists before it only counts the rest ([`Error::problems`] keeps them all): a
/// document of the wrong dialect has hundreds, and a log line that long helps nobody.
const MAX_LISTED: usize = 20;

/// Why a JSON document could not be encoded: every problem found in it, each with its location.
///
/// The converters do not stop at the first problem, so one run reports every mistake in the document, as gnostic's
/// compiler does. The message names the dialect and lists the first problems; [`Error::problems`] has all of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: Box<ErrorKind>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum ErrorKind {
    /// The document does not have the shape gnostic accepts for its dialect.
    Malformed { dialect: Dialect, problems: Vec<Problem> },
}

/// The OpenAPI version a document was read as, named in the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    V2,
    V3,
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::V2 => "openapi v2",
            Self::V3 => "openapi v3",
        })
    }
}

/// One thing wrong with a document, and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    location: String,
    message: String,
}

impl Problem {
    pub(crate) fn new(location: &str, message: impl fmt::Display) -> Self {
        Self { location: location.to_owned(), message: message.to_string() }
    }

    /// Where the problem is: a JSON-pointer-like path for people, `#` for the document itself
    /// (`#/definitions/io.k8s.api.core.v1.Pod/type`; `/` inside a key is not escaped).
    pub fn location(&self) -> &str {
        &self.location
    }

    /// What is wrong there, without the location.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location, self.message)
    }
}

impl Error {
    pub(crate) fn malformed(dialect: Dialect, problems: Vec<Problem>) -> Self {
        Self { kind: Box::new(ErrorKind::Malformed { dialect, problems }) }
    }

    /// Every problem found in the document, in the order the converter met them.
    pub fn problems(&self) -> &[Problem] {
        match &*self.kind {
            ErrorKind::Malformed { problems, .. } => problems,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &*self.kind {
            ErrorKind::Malformed { dialect, problems } => {
                write!(f, "{dialect} document is malformed: ")?;
                for (i, problem) in problems.iter().take(MAX_LISTED).enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{problem}")?;
                }
                let more = problems.len().saturating_sub(MAX_LISTED);
                if more > 0 {
                    write!(f, "; and {more} more")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gnostic_error_names_the_dialect_and_each_problem_with_its_location() {
        let problems = vec![Problem::new("#", "missing required key \"info\""), Problem::new("#/paths", "bad")];
        let error = Error::malformed(Dialect::V3, problems);
        assert_eq!(
            error.to_string(),
            "openapi v3 document is malformed: #: missing required key \"info\"; #/paths: bad"
        );
        assert_eq!(error.problems()[1].location(), "#/paths");
        assert_eq!(error.problems()[1].message(), "bad");
    }

    #[test]
    fn gnostic_error_keeps_every_problem_but_lists_twenty() {
        let problems: Vec<Problem> = (0..23).map(|i| Problem::new(&format!("#/p{i}"), "wrong")).collect();
        let error = Error::malformed(Dialect::V2, problems);
        assert_eq!(error.problems().len(), 23);
        let text = error.to_string();
        assert!(text.ends_with("#/p19: wrong; and 3 more"), "{text}");
        assert!(!text.contains("#/p20"), "{text}");
    }

    #[test]
    fn gnostic_errors_cross_threads() {
        fn assert_error<T: std::error::Error + Send + Sync + 'static>() {}
        assert_error::<Error>();
    }
}
