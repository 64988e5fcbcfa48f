//! What every command's request shares: the error a refused request returns, and the
//! small helpers that word refusals the same way in every system.
//!
//! Each rule system has a `request` module (for example [`crate::damage::request`]): a
//! plain serde struct holding everything a command takes, one `validate` that applies
//! every input rule, and a `run` on the validated request. The command line, the web API
//! and the Python bindings all build the same struct, so an input rule lives once.

use std::error::Error;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::scenario::ScenarioError;
use crate::text::Location;

/// Warnings of one input past this many are counted, not listed (as the command line
/// prints them): a file of thousands of doubtful items must not flood anyone.
pub const MAX_SHOWN: usize = 20;

/// Where in its input a refusal points: the text it is in (a file's path, a field's
/// name, "the request body"), and the line, column and width of the bad part. Carried
/// as data from where the error is found to every front end, so none of them reads a
/// place back out of a message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    /// The text the place is in, when it has a name.
    pub source: Option<String>,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// How many characters the bad part spans (at least 1).
    pub width: usize,
}

impl Place {
    /// The place a [`Location`] found in the text named `source`.
    pub fn of(source: Option<&str>, location: &Location) -> Self {
        Self {
            source: source.map(str::to_string),
            line: location.line,
            column: location.column,
            width: location.len.max(1),
        }
    }
}

/// What a validated request will cost, known before any of the work: the steps its
/// computation takes and the bytes of its answer as `--json` prints it. Both are
/// estimates from the request's sizes (an upper bound where the rules give one), so
/// that a caller with a budget (a server on the loopback) refuses work over it before
/// doing any, rather than counting requests alone.
///
/// ```
/// use fray::request::Effort;
/// let point = Effort { steps: 1_000, answer_bytes: 200 };
/// assert_eq!(point.times(3).plus(point), Effort { steps: 4_000, answer_bytes: 800 });
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effort {
    /// Elementary steps (multiply-adds of a distribution, attacks of a battle).
    pub steps: u64,
    /// Bytes of the answer's pretty JSON.
    pub answer_bytes: u64,
}

impl Effort {
    /// The bytes of an answer's fixed part (names, means, the trace of one hit): what a
    /// request with nothing that grows costs.
    pub const SMALL_ANSWER: u64 = 16 << 10;

    /// Work with nothing that grows: one resolution and its trace.
    pub const fn small() -> Self {
        Self {
            steps: 1,
            answer_bytes: Self::SMALL_ANSWER,
        }
    }

    /// Both costs of `self` and `other` together (saturating: an absurd request is
    /// refused, never wrapped round to a small one).
    pub fn plus(self, other: Self) -> Self {
        Self {
            steps: self.steps.saturating_add(other.steps),
            answer_bytes: self.answer_bytes.saturating_add(other.answer_bytes),
        }
    }

    /// `n` times the cost (saturating).
    pub fn times(self, n: u64) -> Self {
        Self {
            steps: self.steps.saturating_mul(n),
            answer_bytes: self.answer_bytes.saturating_mul(n),
        }
    }
}

/// A refused request, as data: the message a front end shows (the command line prints
/// it after `error: `, with the quoted line and caret when it has a place), where the
/// problem is, a hint, and the warnings found before the refusal, so they are not lost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    /// The request's field the refusal is about, as a path into the request (`trials`,
    /// `model.sigma`, `sides[1].combatants[0].hp`), when it is about one. Each front end
    /// names the field in its own words (`--trials` on the command line, `` `trials` ``
    /// in JSON) before the message: see [`Refusal::worded`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// What was wrong: with a `field`, the words after its name; with a place in a text,
    /// the quoted line and caret as the command line prints them.
    pub message: String,
    /// Where the problem is, when it is in a particular place of an input.
    pub at: Option<Box<Place>>,
    /// What to do instead, when the refusal knows.
    pub hint: Option<String>,
    /// Doubts found on the way (probable typos), already worded for a reader.
    pub warnings: Vec<String>,
}

impl Refusal {
    /// A refusal with no place and no warnings.
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            field: None,
            message: crate::text::bounded(message.into()),
            at: None,
            hint: None,
            warnings: Vec::new(),
        }
    }

    /// A refusal of the request's field at `path`, in words that leave its name out
    /// (each front end writes the name its own way, see [`Refusal::worded`]).
    ///
    /// ```
    /// use fray::request::Refusal;
    /// let r = Refusal::about("trials", "expected a whole number from 1, got 0");
    /// // A front end names the field its own way: here in angle brackets.
    /// assert_eq!(r.worded(|f| format!("<{f}>")), "<trials>: expected a whole number from 1, got 0");
    /// assert_eq!(r.to_string(), "`trials`: expected a whole number from 1, got 0");
    /// ```
    pub fn about(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            field: Some(path.into()),
            ..Self::new(message)
        }
    }

    /// The refusal's words with its field named by `name` (given the field's path):
    /// `NAME: message`, or the message alone when it is about no field.
    pub fn worded(&self, name: impl FnOnce(&str) -> String) -> String {
        match &self.field {
            Some(path) => format!("{}: {}", name(path), self.message),
            None => self.message.clone(),
        }
    }

    /// The same refusal about a field inside `outer` (`outer.field`), or about `outer`
    /// itself when it named no field.
    #[must_use]
    pub fn inside(mut self, outer: &str) -> Self {
        self.field = Some(match self.field.take() {
            Some(inner) if inner.starts_with('[') => format!("{outer}{inner}"),
            Some(inner) => format!("{outer}.{inner}"),
            None => outer.to_string(),
        });
        self
    }

    /// A scenario, script or profile error in the text named `source`: worded
    /// `SOURCE, line L, column C: ...` with its quote, and its place kept as data.
    pub fn located(source: &str, e: &ScenarioError) -> Self {
        Self::located_with(source, e, "")
    }

    /// [`Refusal::located`] with `prefix` before the error's own words (`[sweep]: `).
    pub fn located_with(source: &str, e: &ScenarioError, prefix: &str) -> Self {
        Self {
            field: None,
            message: crate::text::bounded(format!("{source}, {prefix}{e}")),
            at: e
                .location
                .as_ref()
                .map(|l| Box::new(Place::of(Some(source), l))),
            hint: None,
            warnings: Vec::new(),
        }
    }

    /// The same refusal, keeping the warnings found before it.
    #[must_use]
    pub fn with_warnings(mut self, warnings: Vec<String>) -> Self {
        self.warnings = warnings.into_iter().map(crate::text::bounded).collect();
        self
    }

    /// The same refusal, located at `place`.
    #[must_use]
    pub fn at(mut self, place: Place) -> Self {
        self.at = Some(Box::new(place));
        self
    }

    /// The same refusal, with a hint of what to do instead.
    #[must_use]
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(crate::text::bounded(hint.into()));
        self
    }
}

/// A refusal in these words, at no place.
impl From<String> for Refusal {
    fn from(message: String) -> Self {
        Self::new(message)
    }
}

/// A refusal in these words, at no place.
impl From<&str> for Refusal {
    fn from(message: &str) -> Self {
        Self::new(message)
    }
}

/// A scenario error in a text with no name: its words, its place kept as data.
impl From<ScenarioError> for Refusal {
    fn from(e: ScenarioError) -> Self {
        Self {
            field: None,
            message: crate::text::bounded(e.to_string()),
            at: e.location.as_ref().map(|l| Box::new(Place::of(None, l))),
            hint: None,
            warnings: Vec::new(),
        }
    }
}

/// The refusal in the request's own words: its field, if any, as `` `path` ``.
impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.worded(|path| format!("`{path}`")))
    }
}

impl Error for Refusal {}

/// `context: error: its source: ...`, the whole chain, as the command line has always
/// worded an error given context (so a message reads the same from every front end).
pub fn chain(context: impl fmt::Display, error: &dyn Error) -> Refusal {
    Refusal::new(format!("{context}: {}", full(error)))
}

/// An error and every source under it, joined by `: `.
pub fn full(error: &dyn Error) -> String {
    let mut s = error.to_string();
    let mut source = error.source();
    while let Some(e) = source {
        s.push_str(": ");
        s.push_str(&e.to_string());
        source = e.source();
    }
    s
}

/// Pushes at most [`MAX_SHOWN`] of `items` onto `warnings` with `prefix`, then how many
/// more there were.
pub fn push_capped<T: fmt::Display>(warnings: &mut Vec<String>, items: &[T], prefix: &str) {
    warnings.extend(items.iter().take(MAX_SHOWN).map(|w| format!("{prefix}{w}")));
    if items.len() > MAX_SHOWN {
        warnings.push(format!(
            "{prefix}... and {} more warnings",
            items.len() - MAX_SHOWN
        ));
    }
}

/// `value` if it lies in `lo..=hi`, else the refusal of the field at `path`: `expected a
/// whole number from LO to HI, got VALUE`.
pub fn within<T>(value: T, lo: T, hi: T, path: &str) -> Result<T, Refusal>
where
    T: PartialOrd + fmt::Display + Copy,
{
    if value < lo || value > hi {
        return Err(Refusal::about(
            path,
            format!("expected a whole number from {lo} to {hi}, got {value}"),
        ));
    }
    Ok(value)
}

/// The refusal of the field at `path` for `error`, with every source under it.
pub fn about_field(path: &str, error: &dyn Error) -> Refusal {
    Refusal::about(path, full(error))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capped_warnings_say_how_many_more() {
        let items: Vec<u32> = (0..25).collect();
        let mut w = Vec::new();
        push_capped(&mut w, &items, "x, ");
        assert_eq!(w.len(), MAX_SHOWN + 1);
        assert_eq!(w.last().unwrap(), "x, ... and 5 more warnings");
        // Exactly as many as are shown: all of them, and no count of more.
        let items: Vec<usize> = (0..MAX_SHOWN).collect();
        let mut w = Vec::new();
        push_capped(&mut w, &items, "");
        assert_eq!(w.len(), MAX_SHOWN);
        assert_eq!(w.last().unwrap(), &(MAX_SHOWN - 1).to_string());
    }

    #[test]
    fn within_names_the_range() {
        assert_eq!(within(3, 1, 5, "n"), Ok(3));
        let e = within(0, 1, 5, "n").unwrap_err();
        assert_eq!(e.field.as_deref(), Some("n"));
        assert_eq!(
            e.to_string(),
            "`n`: expected a whole number from 1 to 5, got 0"
        );
    }
}
