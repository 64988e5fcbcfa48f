//! `fray.FrayError`: a refusal of fray as a Python exception (a `ValueError`), with the
//! message the command line prints after `error: ` and, where fray located the problem,
//! its `line`, `column` and `path` (the file or argument the line is in).

use fray::scenario::ScenarioError;
use pyo3::prelude::*;

pyo3::create_exception!(
    fray,
    FrayError,
    pyo3::exceptions::PyValueError,
    "fray refused the input: the message says what and where, as the command line does; \
     `line`, `column` (1-based) and `path` locate it when fray knows where (else None)."
);

/// A refusal, computed without the GIL and raised once it is held again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The message, as the CLI prints it.
    pub message: String,
    /// The file or argument the located line is in.
    pub path: Option<String>,
    /// The line, 1-based.
    pub line: Option<u64>,
    /// The column, 1-based.
    pub column: Option<u64>,
}

impl Refusal {
    /// A refusal whose location, if any, is read from the message: fray's located errors
    /// all say `[SOURCE, ]line L, column C: ...` (the shared wording of
    /// `fray::scenario` and the notation parsers).
    pub fn new(message: impl Into<String>) -> Self {
        let message = message.into();
        let (path, line, column) = locate(&message);
        Self {
            message,
            path,
            line,
            column,
        }
    }

    /// A scenario error, whose location is structured already; `source` names the text.
    pub fn scenario(source: Option<&str>, e: &ScenarioError) -> Self {
        let located = match source {
            Some(s) => format!("{s}, {e}"),
            None => e.to_string(),
        };
        Self {
            message: located,
            path: e.location.as_ref().and(source.map(str::to_string)),
            line: e.location.as_ref().map(|l| l.line as u64),
            column: e.location.as_ref().map(|l| l.column as u64),
        }
    }

    /// The exception, its attributes set.
    pub fn into_py(self, py: Python<'_>) -> PyErr {
        let err = FrayError::new_err(self.message.clone());
        let value = err.value(py);
        let set = || -> PyResult<()> {
            value.setattr("message", self.message)?;
            value.setattr("path", self.path)?;
            value.setattr("line", self.line)?;
            value.setattr("column", self.column)
        };
        match set() {
            Ok(()) => err,
            Err(e) => e,
        }
    }
}

impl From<fray::request::RequestError> for Refusal {
    fn from(e: fray::request::RequestError) -> Self {
        Self::new(e.message)
    }
}

/// A request that is not even the command's shape (a wrong type, an unknown field):
/// serde's words without its position in the JSON the wrappers built, which the caller
/// never saw.
pub fn bad_request(command: &str, e: &serde_json::Error) -> Refusal {
    let text = e.to_string();
    let cut = text.rfind(" at line ").unwrap_or(text.len());
    Refusal::new(format!("{command}: {}", &text[..cut]))
}

/// The first `line L, column C` of a message, and the source named just before it on
/// the same line (`path/to/file.toml, line 3, column 10: ...`).
fn locate(message: &str) -> (Option<String>, Option<u64>, Option<u64>) {
    const LINE: &str = "line ";
    let mut from = 0;
    while let Some(i) = message[from..].find(LINE).map(|i| i + from) {
        from = i + LINE.len();
        let rest = &message[from..];
        let Some((line, rest)) = number(rest) else {
            continue;
        };
        let Some((column, _)) = rest.strip_prefix(", column ").and_then(number) else {
            continue;
        };
        let start = message[..i].rfind('\n').map_or(0, |n| n + 1);
        let path = message[start..i]
            .strip_suffix(", ")
            .filter(|p| !p.is_empty())
            .map(str::to_string);
        return (path, Some(line), Some(column));
    }
    (None, None, None)
}

/// A whole number at the start of `text`, and what follows it.
fn number(text: &str) -> Option<(u64, &str)> {
    let end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    Some((text[..end].parse().ok()?, &text[end..]))
}

#[cfg(test)]
mod tests {
    use super::locate;

    #[test]
    fn a_location_is_read_with_its_source() {
        let m = "the defender's traits could not be read:\n--vs, line 1, column 32: unexpected `5`";
        assert_eq!(
            locate(m),
            (Some("--vs".into()), Some(1), Some(32)),
            "the source is what precedes the line on its own line"
        );
        assert_eq!(
            locate("line 3, column 10: invalid type"),
            (None, Some(3), Some(10))
        );
    }

    #[test]
    fn words_that_only_look_like_a_location_are_not_one() {
        assert_eq!(
            locate("a line of text, line x, column 2"),
            (None, None, None)
        );
        assert_eq!(locate("`9/6` is not a difficulty"), (None, None, None));
        assert_eq!(
            locate("first line 4 then line 5, column 6: x"),
            (None, Some(5), Some(6)),
            "a number not followed by a column is skipped"
        );
    }
}
