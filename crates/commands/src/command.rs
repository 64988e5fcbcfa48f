//! What a command is: a request in, an answer out, or a refusal, all as data; and the
//! context a front end runs it in (a cancel flag, a progress sink).

use std::sync::atomic::AtomicBool;

use fray::request::{Effort, Refusal};
use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::limits::TextFile;
use crate::schema;

/// How an answer's JSON orders its keys. The command line has always printed some
/// answers through a `serde_json::Value` (keys in alphabetical order) and the others as
/// their types declare them; every front end keeps each command's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keys {
    /// In the order the answer's type declares its fields.
    Declared,
    /// In alphabetical order.
    Sorted,
}

/// How long a command's work may take, which decides how a front end runs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Span {
    /// Answered at once (a distribution, one scripted encounter): no progress.
    Quick,
    /// Many battles: progress, cancellation, and the server's caps on work.
    Long,
}

/// What a validated request will cost, known before any work: a server refuses a run
/// over its caps, and a progress bar counts to `planned`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cost {
    /// The units progress counts to (battles for a battle, points for a sweep).
    pub planned: u64,
    /// The battles the run may play in all (a precision run's cap).
    pub battles: u64,
    /// The sweep points it holds (0 for anything else).
    pub points: u64,
    /// When `battles` is only a cap (a run to a precision stops once it is reached), the
    /// request's field that sets it: `trials` for a battle, `max_battles` for a roster.
    pub cap: Option<&'static str>,
    /// The threads the run asks for (0: every core), which a server holds to its own
    /// cores: a thousand threads a request would starve every other request.
    pub threads: u64,
    /// The steps of the work and the bytes of the answer, estimated from the request's
    /// sizes; zero where the library's own bounds keep them small.
    pub effort: Effort,
}

/// A request that passed every input rule, ready to run, with what it will cost and
/// what was found on the way.
#[derive(Debug, Clone)]
pub struct Prepared<V> {
    /// The validated request.
    pub valid: V,
    /// Its cost, for caps and progress.
    pub cost: Cost,
    /// Doubts found in the input (probable typos), worded for a reader.
    pub warnings: Vec<String>,
    /// Remarks that are not warnings (an override with no effect).
    pub notes: Vec<String>,
}

impl<V> Prepared<V> {
    /// The refusal of a prepared request's warnings under [`strict`](crate::strict): the
    /// first in its message, the others kept as the refusal's warnings (each said once);
    /// the request itself when it has none.
    pub fn refuse_warnings(self) -> Result<Self, Refusal> {
        if self.warnings.is_empty() {
            return Ok(self);
        }
        let mut rest = self.warnings;
        let first = rest.remove(0);
        let more = match rest.len() {
            0 => String::new(),
            n => format!(" (and {n} more)"),
        };
        let mut refusal = Refusal::new(format!(
            "refused under strict, where every warning is a refusal: {first}{more}"
        ));
        refusal.warnings = rest;
        Err(refusal)
    }

    /// A validated request with no cost to report and nothing to say.
    pub fn new(valid: V) -> Self {
        Self {
            valid,
            cost: Cost::default(),
            warnings: Vec::new(),
            notes: Vec::new(),
        }
    }
}

/// An answer with what every front end shows beside it.
#[derive(Debug, Clone, PartialEq)]
pub struct Answered<A> {
    /// The answer: what `--json` prints.
    pub answer: A,
    /// Doubts found in the input (the command line prints them as `warning: `).
    pub warnings: Vec<String>,
    /// Remarks (the command line prints them as `note: `).
    pub notes: Vec<String>,
}

/// Never set: the flag of a run nobody can cancel.
static NEVER: AtomicBool = AtomicBool::new(false);

/// Where a command runs: how to tell it to stop, and where to report work done.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    /// Set to stop a long run at its next chunk (the answer then says it is incomplete).
    pub cancel: &'a AtomicBool,
    /// Called with the units of work done so far (see [`Cost::planned`]).
    pub progress: &'a (dyn Fn(u64) + Sync),
}

impl Context<'static> {
    /// A context that never cancels and reports nowhere.
    pub fn quiet() -> Self {
        Context {
            cancel: &NEVER,
            progress: &|_| {},
        }
    }
}

impl std::fmt::Debug for Context<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("cancel", &self.cancel)
            .finish_non_exhaustive()
    }
}

/// A report page and its charts, as `--report DIR` writes them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pages {
    /// The page (`report.html`).
    pub html: String,
    /// Each chart as `(name, SVG)`, for commands that write them apart.
    pub charts: Option<Vec<(String, String)>>,
}

impl Pages {
    /// Adds the page to a JSON object as front ends send it: `"html"`, and `"charts"` as
    /// `[{"name", "svg"}]` when the command writes them apart.
    pub fn add_to(self, object: &mut Value) {
        object["html"] = self.html.into();
        if let Some(charts) = self.charts {
            object["charts"] = charts
                .into_iter()
                .map(|(name, svg)| serde_json::json!({"name": name, "svg": svg}))
                .collect();
        }
    }
}

/// One command of fray: its name, its request, its answer, and how it runs. Every front
/// end (the command line, the web server, Python, and those to come) runs commands
/// only through this trait, so none holds a rule or an input check of its own.
pub trait Command: 'static {
    /// The name in every front end: the CLI's subcommand, the web's `/api/NAME`, Python's
    /// function (with `_` for `-`).
    const NAME: &'static str;
    /// One line on what it does.
    const SUMMARY: &'static str;
    /// How its answer's JSON orders keys.
    const KEYS: Keys = Keys::Declared;
    /// Quick or long.
    const SPAN: Span = Span::Quick;
    /// The request's fields whose text a front end may read from a file, and their caps.
    const FILES: &'static [TextFile] = &[];

    /// What it takes: a serde struct of the library, the same for every front end, with
    /// its JSON Schema.
    type Request: DeserializeOwned + JsonSchema + Default + Send + 'static;
    /// The request once every input rule has passed.
    type Valid: Send + Sync + 'static;
    /// What it gives: `--json` prints it.
    type Answer: Serialize + JsonSchema + Send + 'static;

    /// The JSON Schema of what the request accepts (see [`schema::request`]).
    fn request_schema() -> Value {
        schema::request::<Self::Request>()
    }

    /// The JSON Schema of the answer as `--json` prints it (`None` for a command whose
    /// answer has no fixed shape).
    fn answer_schema() -> Option<Value> {
        Some(schema::answer::<Self::Answer>())
    }

    /// Names where the text of `field` came from (a file's path), for its messages.
    /// Returns whether the command has such a field.
    fn name_source(request: &mut Self::Request, field: &str, source: String) -> bool {
        let _ = (request, field, source);
        false
    }

    /// Applies every input rule, or refuses.
    fn prepare(request: Self::Request) -> Result<Prepared<Self::Valid>, Refusal>;

    /// Does the work of a validated request.
    fn perform(valid: &Self::Valid, cx: &Context<'_>) -> Result<Self::Answer, Refusal>;

    /// The answer as the command line prints it without `--json`, for a command whose
    /// subcommand is built from the table; `None` prints the `--json` text.
    fn text(answer: &Self::Answer) -> Option<String> {
        let _ = answer;
        None
    }

    /// The report page of an answer, for commands that write one.
    fn pages(answer: &Self::Answer) -> Option<Pages> {
        let _ = answer;
        None
    }

    /// Prepares and performs the request: the whole command.
    fn run(request: Self::Request, cx: &Context<'_>) -> Result<Answered<Self::Answer>, Refusal> {
        Self::run_strictly(request, false, cx)
    }

    /// [`Command::run`], refusing a request with warnings when `strict` (see
    /// [`strict`](crate::strict)).
    fn run_strictly(
        request: Self::Request,
        strict: bool,
        cx: &Context<'_>,
    ) -> Result<Answered<Self::Answer>, Refusal> {
        let mut prepared = Self::prepare(request)?;
        if strict {
            prepared = prepared.refuse_warnings()?;
        }
        let answer = Self::perform(&prepared.valid, cx)?;
        Ok(Answered {
            answer,
            warnings: prepared.warnings,
            notes: prepared.notes,
        })
    }
}
