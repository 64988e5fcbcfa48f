//! A battle sweep played in chunks of points and merged into the answer a whole run
//! gives: how a notebook spreads a sweep over a Ray cluster, and how the page plays one
//! in the browser, where a cancel can only come between two chunks, so that what was
//! finished is kept (as `fray sweep` keeps it on Ctrl-C). Each point has its own seed,
//! so any split gives the same points.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use fray_commands::chunks;
//! let request = br#"{"example": "pikes", "trials": 50,
//!     "vary": [{"path": "pool.b.combatants.Rider.count", "values": "8..10"}]}"#;
//! let plan = chunks::checked(request, Vec::new()).unwrap();
//! assert_eq!(plan.sweep.points.len(), 3);
//! let never = AtomicBool::new(false);
//! let first = chunks::chunk(&plan.sweep, 0..2, &|_| {}, &never).unwrap();
//! // Stopped after the first chunk: two points of three, marked incomplete.
//! let partial = chunks::merge(&plan.sweep, &[first], &never).unwrap();
//! let v = serde_json::to_value(&partial).unwrap();
//! assert_eq!(v["points"].as_array().unwrap().len(), 2);
//! assert_eq!(v["complete"], false);
//! ```

use std::ops::Range;
use std::sync::atomic::AtomicBool;

use fray::request::Refusal;
use fray_lab::sweep::request::{SweepAnswer, ValidSweep};
use fray_lab::sweep::{self as lab, Sweep};

use crate::call::{self, Origin};
use crate::command::{Answered, Command};
use crate::json;
use crate::lab::Sweep as SweepCommand;

/// A battle sweep checked whole, before any chunk is played anywhere.
#[derive(Debug)]
pub struct Plan {
    /// The sweep: its points, each with its values and seed.
    pub sweep: Box<Sweep>,
    /// The threads the request asks for.
    pub threads: usize,
    /// What the whole run would warn of and note.
    pub warnings: Vec<String>,
    /// Its notes.
    pub notes: Vec<String>,
}

/// Checks the sweep of `request` (its JSON; `sources` name the files its text fields
/// came from) as a whole run would, refusing an odds sweep (exact and quick: run it
/// whole). Refusals name the request's fields.
pub fn checked(request: &[u8], sources: Vec<(String, String)>) -> Result<Plan, Refusal> {
    let (mut r, strict) = call::parse_strict::<SweepCommand>(request, Origin::Built)?;
    for (field, source) in sources {
        SweepCommand::name_source(&mut r, &field, source);
    }
    let mut prepared = SweepCommand::prepare(r)?;
    if strict {
        prepared = prepared.refuse_warnings()?;
    }
    match prepared.valid {
        ValidSweep::Battles { sweep, threads } => Ok(Plan {
            sweep,
            threads,
            warnings: prepared.warnings,
            notes: prepared.notes,
        }),
        ValidSweep::Odds { .. } => Err(Refusal::new(
            "an odds sweep is exact and quick: run it whole, not in chunks",
        )),
    }
}

/// The points `range` of the sweep, played with their own seeds on the current rayon
/// pool (`progress` told the points done): the JSON list of their entries in `fray
/// sweep --json`'s `points`. A point cut short by `cancel` is left out.
pub fn chunk(
    sweep: &Sweep,
    range: Range<usize>,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Result<String, Refusal> {
    if range.start > range.end || range.end > sweep.points.len() {
        return Err(Refusal::new(format!(
            "points {}..{} of a sweep of {}",
            range.start,
            range.end,
            sweep.points.len()
        )));
    }
    let points = lab::run_points(sweep, range, progress, cancel);
    json::compact(&points, crate::Keys::Declared)
}

/// The answer of a sweep whose points were played in `chunks` (the texts [`chunk`] gave,
/// in sweep order, from its first point on): their reports read back exactly (the JSON's
/// floats are the floats written) beside the values and seeds the sweep gives each
/// point, then the search (`find`) run here until `cancel`. Fewer points than the sweep
/// holds make an incomplete answer, as a cancelled run gives.
pub fn merge(
    sweep: &Sweep,
    chunks: &[String],
    cancel: &AtomicBool,
) -> Result<SweepAnswer, Refusal> {
    /// A point as a chunk wrote it: its seed, to check it is the sweep's next point,
    /// and its report.
    #[derive(serde::Deserialize)]
    struct Played {
        seed: u64,
        report: fray_lab::report::Report,
    }
    let mut reports = Vec::new();
    for chunk in chunks {
        let played: Vec<Played> = serde_json::from_str(chunk).map_err(|e| {
            Refusal::new(format!("a chunk of the sweep's points cannot be read: {e}"))
        })?;
        for p in played {
            // In sweep order from its first point, with no gap: each point's own seed.
            let at = reports.len();
            if sweep.points.get(at).map(|q| q.seed) != Some(p.seed) {
                return Err(Refusal::new(format!(
                    "the chunks' point {} is not the sweep's point {} (its seed differs): chunks go in sweep order, from the first point, with none missing",
                    at + 1,
                    at + 1
                )));
            }
            reports.push(p.report);
        }
    }
    let played = reports.len();
    if played > sweep.points.len() {
        return Err(Refusal::new(format!(
            "the chunks hold {played} points; the sweep has {}",
            sweep.points.len()
        )));
    }
    // A search needs every point's neighbours first; a cut-short sweep has none.
    let found = if played == sweep.points.len() {
        lab::search(sweep, cancel)
    } else {
        None
    };
    let mut out = lab::outcome(sweep, lab::points_of(sweep, reports), found);
    out.complete = lab::complete(sweep, played, out.find.as_ref(), out.find_failed.is_some());
    Ok(SweepAnswer::Battles(Box::new(out)))
}

/// [`merge`]'s answer as a front end shows it: the `--json` text (pretty), the plan's
/// warnings and notes in the request's field names, and the report page when `pages`.
pub fn answered(
    plan: &Plan,
    answer: &SweepAnswer,
    pages: bool,
) -> Result<(Answered<String>, Option<crate::Pages>), Refusal> {
    let text = json::pretty(answer, SweepCommand::KEYS)?;
    let page = pages.then(|| SweepCommand::pages(answer)).flatten();
    let answered = Answered {
        answer: text,
        warnings: plan
            .warnings
            .iter()
            .cloned()
            .map(fray::text::bounded)
            .collect(),
        notes: plan.notes.clone(),
    };
    Ok((answered, page))
}

/// The envelopes of a sweep in chunks, for a host across a byte boundary (the
/// WebAssembly build): each takes the request's JSON and gives one JSON text.
pub mod envelope {
    use serde_json::json;

    use super::{Plan, answered, checked, chunk, merge};
    use crate::command::Context;
    use crate::envelope::{answer, refused, text};

    /// `{"points": N, "find": bool}`: how many points the sweep holds and whether it
    /// searches after them; or `{"refusal": ..}`.
    pub fn plan(request: &[u8]) -> String {
        text(&match checked(request, Vec::new()) {
            Ok(p) => json!({"points": p.sweep.points.len(), "find": p.sweep.find.is_some()}),
            Err(r) => refused(&r),
        })
    }

    /// `{"chunk": TEXT}`: the points `start..end` played (`cx.progress` told the points
    /// done in this chunk); or `{"refusal": ..}`.
    pub fn points(request: &[u8], start: usize, end: usize, cx: &Context<'_>) -> String {
        let played = checked(request, Vec::new()).and_then(|p: Plan| {
            chunk(
                &p.sweep,
                start..end,
                &|n| (cx.progress)(n as u64),
                cx.cancel,
            )
        });
        text(&match played {
            Ok(c) => json!({ "chunk": c }),
            Err(r) => refused(&r),
        })
    }

    /// The sweep's envelope, as `crate::envelope::call` gives it for the whole run, from
    /// `chunks` (a JSON list of the texts [`points`] gave, in order): incomplete when
    /// they hold fewer points than the sweep.
    pub fn merged(request: &[u8], chunks: &[u8], pages: bool, cx: &Context<'_>) -> String {
        let out = checked(request, Vec::new()).and_then(|plan| {
            let chunks: Vec<String> = serde_json::from_slice(chunks).map_err(|e| {
                fray::request::Refusal::new(format!("the chunks are not a list of texts: {e}"))
            })?;
            let a = merge(&plan.sweep, &chunks, cx.cancel)?;
            answered(&plan, &a, pages)
        });
        text(&match out {
            Ok((answered, page)) => {
                let mut v = answer(answered);
                if let Some(page) = page {
                    page.add_to(&mut v);
                }
                v
            }
            Err(r) => refused(&r),
        })
    }
}
