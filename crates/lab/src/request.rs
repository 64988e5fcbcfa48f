//! `fray battle` as a request: what the command takes, as plain serde data, checked by
//! one [`BattleRequest::validate`] and run by [`ValidBattle::run`] (or
//! [`ValidBattle::run_with`] for progress and cancellation). The command line, the web
//! API and the Python bindings build the same struct, so the input rules (trial and
//! thread caps, the scenario's own checks) live here once.
//!
//! Field names are the command's long flags (`trials`, `seed`, `threads`, `example`); the
//! scenario is its TOML text, as a file would hold it.

use std::sync::atomic::AtomicBool;

use fray::request::{Effort, Refusal, within};
use serde::{Deserialize, Serialize};

use crate::report::{self, Report};
use crate::scenario::MAX_TRIALS;
use crate::{Scenario, examples, parse_scenario, run};

/// The finest precision a run may ask for (a 95% half-width).
pub const MIN_PRECISION: f64 = 0.0001;
/// The coarsest precision a run may ask for.
pub const MAX_PRECISION: f64 = 0.5;

/// The most threads a run may ask for (0 is every core).
pub const MAX_THREADS: u64 = 1024;

/// Everything `fray battle` takes. With neither `scenario` nor `example`, the first
/// bundled scenario plays; `trials` and `seed` override the scenario's own.
///
/// ```
/// use fray_lab::request::BattleRequest;
/// let request: BattleRequest =
///     serde_json::from_str(r#"{"example": "duel", "trials": 300, "seed": 7}"#).unwrap();
/// let report = request.validate().unwrap().run().unwrap();
/// assert_eq!(report.trials, 300);
/// // The duel's wins are exact: its Markov chain, not the 300 sampled duels.
/// assert!(report.sides[0].win.exact);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct BattleRequest {
    /// The scenario, as the TOML text of a scenario file.
    pub scenario: Option<String>,
    /// Where `scenario` came from, for messages (a front end that read a file sets it).
    #[serde(skip)]
    pub scenario_source: Option<String>,
    /// A bundled scenario by name, instead of `scenario`.
    pub example: Option<String>,
    /// How many battles to sample, 1 to [`MAX_TRIALS`]; with `precision`, the cap
    /// (default [`run::MAX_PRECISION_TRIALS`]).
    pub trials: Option<u64>,
    /// Sample until every win probability's 95% half-width is at most this
    /// ([`MIN_PRECISION`] to [`MAX_PRECISION`]), in whole batches, reproducibly.
    pub precision: Option<f64>,
    /// The seed: the same seed gives the same numbers on any thread count.
    pub seed: Option<u64>,
    /// Threads to play on, 0 (every core) to [`MAX_THREADS`].
    pub threads: u64,
}

/// A request that passed every rule: a checked scenario with its overrides applied.
#[derive(Debug, Clone)]
pub struct ValidBattle {
    /// The scenario to play, trials and seed as asked.
    pub scenario: Scenario,
    /// Threads to play on (0: every core).
    pub threads: usize,
    /// The half-width to sample to, for a battle with dice (`scenario.trials` is then
    /// the cap).
    pub precision: Option<f64>,
    /// Remarks that are not warnings (an override that has no effect), for the front
    /// end to show.
    pub notes: Vec<String>,
}

impl BattleRequest {
    /// Applies every input rule and returns the scenario ready to play, or the refusal
    /// the command line prints (a scenario's errors located at line and column).
    pub fn validate(&self) -> Result<ValidBattle, Refusal> {
        if let Some(trials) = self.trials {
            within(trials, 1, MAX_TRIALS, "trials")?;
        }
        within(self.threads, 0, MAX_THREADS, "threads")?;
        let (source, text) = self.scenario_text()?;
        let mut scenario = parse_scenario(text).map_err(|e| Refusal::located(&source, &e))?;
        if let Some(p) = self.precision
            && !(MIN_PRECISION..=MAX_PRECISION).contains(&p)
        {
            return Err(Refusal::about(
                "precision",
                format!(
                    "expected a number from {MIN_PRECISION} to {MAX_PRECISION}, got {}",
                    fray::text::quoted_number(p)
                ),
            ));
        }
        let mut notes = Vec::new();
        let deterministic = run::deterministic(&scenario);
        if deterministic {
            // Said rather than silently dropped: the one run is already the exact answer.
            for (field, given) in [
                ("trials", self.trials.is_some()),
                ("seed", self.seed.is_some()),
                ("precision", self.precision.is_some()),
            ] {
                if given {
                    notes.push(format!(
                        "`{field}` has no effect here: a {} battle has no dice, so one run is the exact outcome",
                        report::system_name(&scenario)
                    ));
                }
            }
        }
        // With a precision to reach, the trials are its cap.
        let precision = self.precision.filter(|_| !deterministic);
        let default_trials = if precision.is_some() {
            run::MAX_PRECISION_TRIALS
        } else {
            scenario.trials
        };
        scenario.trials = self.trials.unwrap_or(default_trials);
        scenario.seed = self.seed.unwrap_or(scenario.seed);
        Ok(ValidBattle {
            scenario,
            threads: usize::try_from(self.threads).unwrap_or(usize::MAX),
            precision,
            notes,
        })
    }

    /// The scenario's text and how messages name it.
    pub(crate) fn scenario_text(&self) -> Result<(String, &str), Refusal> {
        if let Some(text) = &self.scenario {
            if self.example.is_some() {
                return Err(Refusal::new("give a scenario or an example, not both"));
            }
            let source = self
                .scenario_source
                .clone()
                .unwrap_or_else(|| "the scenario".to_string());
            return Ok((source, text));
        }
        let name = self
            .example
            .as_deref()
            .unwrap_or(examples::EXAMPLES[0].name);
        let e = examples::find(name).ok_or_else(|| {
            Refusal::about(
                "example",
                format!(
                    "no bundled scenario is named `{name}`; the bundled ones: {}",
                    examples::EXAMPLES
                        .iter()
                        .map(|e| e.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        })?;
        Ok((format!("built-in scenario `{}`", e.name), e.text))
    }
}

impl ValidBattle {
    /// How many battles the run plays (1 for a system with no dice).
    pub fn planned_trials(&self) -> u64 {
        run::planned_trials(&self.scenario)
    }

    /// What the run costs, before any of it (see [`run::effort`]).
    pub fn effort(&self) -> Effort {
        run::effort(&self.scenario)
    }

    /// Plays the scenario to the end and reports it.
    pub fn run(&self) -> Result<Report, Refusal> {
        self.run_with(&|_| {}, &AtomicBool::new(false))
    }

    /// Plays the scenario, calling `progress` with the battles done after each chunk and
    /// stopping at a chunk boundary once `cancel` is set (the report then says it is
    /// incomplete).
    pub fn run_with(
        &self,
        progress: &(dyn Fn(u64) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Report, Refusal> {
        let s = &self.scenario;
        match self.precision {
            Some(target) => {
                let wins_exact = report::exact_duel_of(s).is_some();
                let (tally, reached) = run::play_to_precision_on(
                    s,
                    self.threads,
                    target,
                    wins_exact,
                    progress,
                    cancel,
                )?;
                Ok(report::report_with(s, &tally, Some(&reached)))
            }
            None => {
                let tally = run::play_on_until(s, self.threads, progress, cancel)?;
                Ok(report::report(s, &tally))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trial_and_thread_caps_are_refused_with_their_range() {
        let r = BattleRequest {
            trials: Some(MAX_TRIALS + 1),
            ..BattleRequest::default()
        };
        assert_eq!(
            r.validate().unwrap_err().to_string(),
            "`trials`: expected a whole number from 1 to 100000000, got 100000001"
        );
        let r = BattleRequest {
            threads: 5000,
            ..BattleRequest::default()
        };
        let e = r.validate().unwrap_err();
        assert_eq!(e.field.as_deref(), Some("threads"));
        assert!(e.message.ends_with("got 5000"), "{e}");
    }

    #[test]
    fn a_scenario_names_its_source_in_errors() {
        let r = BattleRequest {
            scenario: Some("system = \"pool\"\n".into()),
            ..BattleRequest::default()
        };
        let e = r.validate().unwrap_err().message;
        assert!(e.starts_with("the scenario, line 1"), "{e}");
    }
}
