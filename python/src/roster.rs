//! Roster pricing with its matchups played elsewhere (`fray.roster(..., executor="ray")`):
//! [`roster_with`] prices the roster here and hands each batch of matchups, and each of
//! an army search's batches of fights, to a Python function, which spreads them over a
//! cluster where [`roster_jobs`] plays each share. Every matchup carries its own costs
//! and random streams (`fray_lab::roster::Job`), and every fight its two armies and
//! streams (`fray_lab::roster::fight::Fight`), so the answer is the local one wherever
//! its batches ran. Both read the same request as every other front end, through the
//! command table.

use std::sync::Mutex;
use std::sync::atomic::AtomicBool;

use fray::request::Refusal;
use fray_commands::call::Origin;
use fray_commands::{Command, lab::Roster as RosterCommand};
use fray_lab::roster::fight::{Fight, Scored};
use fray_lab::roster::matchup::Odds;
use fray_lab::roster::play::{play_fights, play_jobs};
use fray_lab::roster::{Job, Player, Roster, ValidRoster};
use pyo3::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::commands::json;
use crate::error::to_py;
use crate::interrupt::{Stopped, interruptible};

/// The checked roster request (the roster's text named by `source` in messages).
fn valid(request: &str, source: Option<&str>) -> Result<ValidRoster, Refusal> {
    let (mut r, strict) =
        fray_commands::call::parse_strict::<RosterCommand>(request.as_bytes(), Origin::Built)?;
    if let Some(source) = source {
        RosterCommand::name_source(&mut r, "roster", source.to_string());
    }
    let prepared = RosterCommand::prepare(r)?;
    Ok(if strict {
        prepared.refuse_warnings()?
    } else {
        prepared
    }
    .valid)
}

/// A refusal as `FrayError`, in the request's field names.
fn refused(py: Python<'_>, r: Refusal) -> PyErr {
    to_py(py, r)
}

/// A batch as a Ray task receives it: a pricing's matchups or a search's fights.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum Batch {
    Matchups(Vec<Job>),
    Fights(Vec<Fight>),
}

/// The matchups `jobs` (JSON: a list of `{x, y, cx, cy, trials, stream}`), or the
/// fights (a list of `{a, b, trials, stream}`), of the roster `request`, played here on
/// the request's threads: the JSON list of their odds, or of their scores, in order.
/// What one Ray task runs.
#[pyfunction]
#[pyo3(signature = (request, jobs, source = None))]
pub fn roster_jobs(
    py: Python<'_>,
    request: &str,
    jobs: &str,
    source: Option<&str>,
) -> PyResult<String> {
    py.detach(|| {
        let v = valid(request, source)?;
        let batch: Batch = serde_json::from_str(jobs).map_err(|e| {
            Refusal::new(format!(
                "the roster's matchups or fights cannot be read: {e}"
            ))
        })?;
        let never = AtomicBool::new(false);
        let r = &v.roster;
        match batch {
            Batch::Matchups(jobs) => {
                for job in &jobs {
                    job.check(r)?;
                }
                let odds =
                    fray_lab::run::on_threads(v.threads, || play_jobs(r, &jobs, &|_| {}, &never))??;
                json(&odds.unwrap_or_default())
            }
            Batch::Fights(fights) => {
                for fight in &fights {
                    fight.check(r)?;
                }
                let scores = fray_lab::run::on_threads(v.threads, || {
                    play_fights(r, &fights, &|_| {}, &never)
                })??;
                json(&scores.unwrap_or_default())
            }
        }
    })
    .map_err(|r| refused(py, r))
}

/// A player that hands each batch to a Python function: `play(jobs)` takes the batch as
/// JSON and returns a list of JSON texts, the odds (or scores) of consecutive shares of
/// it.
struct Elsewhere {
    play: Py<PyAny>,
    /// The exception the function raised, raised again in place of the answer.
    failed: Mutex<Option<PyErr>>,
}

impl Elsewhere {
    /// The batch `jobs` played by the Python function, its shares' answers in order.
    /// `what` names its answers in a refusal ("odds", "scores").
    fn hand<J: Serialize, O: DeserializeOwned>(
        &self,
        jobs: &[J],
        what: &str,
    ) -> Result<Vec<O>, Refusal> {
        let text = json(&jobs)?;
        let parts = Python::attach(|py| -> PyResult<Vec<String>> {
            self.play.call1(py, (text,))?.extract(py)
        });
        let parts = match parts {
            Ok(parts) => parts,
            Err(e) => {
                if let Ok(mut failed) = self.failed.lock() {
                    failed.get_or_insert(e);
                }
                return Err(Refusal::new("the executor failed to play the matchups"));
            }
        };
        let mut out = Vec::with_capacity(jobs.len());
        for part in parts {
            let share: Vec<O> = serde_json::from_str(&part)
                .map_err(|e| Refusal::new(format!("the executor's {what} cannot be read: {e}")))?;
            out.extend(share);
        }
        Ok(out)
    }
}

impl Player for Elsewhere {
    fn play(
        &self,
        _: &Roster,
        jobs: &[Job],
        done: &(dyn Fn(u64) + Sync),
        _: &AtomicBool,
    ) -> Result<Option<Vec<Odds>>, Refusal> {
        let odds: Vec<Odds> = self.hand(jobs, "odds")?;
        done(odds.iter().fold(0u64, |n, o| n.saturating_add(o.battles)));
        Ok(Some(odds))
    }

    fn fight(
        &self,
        _: &Roster,
        fights: &[Fight],
        done: &(dyn Fn(u64) + Sync),
        _: &AtomicBool,
    ) -> Result<Option<Vec<Scored>>, Refusal> {
        let scores: Vec<Scored> = self.hand(fights, "scores")?;
        done(scores.iter().fold(0u64, |n, s| n.saturating_add(s.battles)));
        Ok(Some(scores))
    }
}

/// Prices the roster `request` with each batch of its matchups played by `play` (see
/// [`Elsewhere`]): the compact JSON answer `fray roster --json` gives for it, and its
/// report page. The GIL is free while fray works (taken back for each call of `play`),
/// and Ctrl-C stops it, as every long call.
#[pyfunction]
#[pyo3(signature = (request, play, source = None))]
pub fn roster_with(
    py: Python<'_>,
    request: &str,
    play: Py<PyAny>,
    source: Option<&str>,
) -> PyResult<(String, Option<String>)> {
    let v = py
        .detach(|| valid(request, source))
        .map_err(|r| refused(py, r))?;
    let player = Elsewhere {
        play,
        failed: Mutex::new(None),
    };
    let outcome = interruptible(py, |cx| {
        let answer = v.run_on(&player, cx.progress, cx.cancel)?;
        let page = RosterCommand::pages(&answer).map(|p| p.html);
        Ok((
            fray_commands::json::compact(&answer, RosterCommand::KEYS)?,
            page,
        ))
    });
    if let Some(e) = player.failed.lock().ok().and_then(|mut f| f.take()) {
        return Err(e);
    }
    match outcome {
        Ok(answer) => Ok(answer),
        Err(Stopped::Signal(e)) => Err(e),
        Err(Stopped::Refused(r)) => Err(refused(py, r)),
    }
}
