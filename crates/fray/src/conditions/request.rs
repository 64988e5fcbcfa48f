//! `fray encounter` as a request: the script's text, a seed and readings, as plain serde
//! data, checked by one [`EncounterRequest::validate`] (the script's located checks) and
//! played by [`ValidEncounter::run`]; serialized, the answer is the command's `--json`.
//! Expectations that fail are part of the answer, not a refusal: the script ran.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::script::Script;
use super::{MarkPenalty, Report, parse_script, run_script_until};
use crate::request::Refusal;

/// A reading of the conditions text other than fray's default
/// (docs/rules/conditions.md), switched on top of the script's `[readings]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ReadingSwitch {
    /// The mark penalty is a power penalty (default: untyped).
    MarkPenaltyPower,
    /// A stunned creature makes no free-action escape check against forced movement.
    StunnedCannotEscape,
}

/// Everything `fray encounter` takes.
///
/// ```
/// use fray::conditions::request::EncounterRequest;
/// let script = "[[creature]]\nname = \"Hero\"\nside = \"a\"\nhp = 20\n\
///               [[step]]\ndo = \"apply\"\ncreature = \"Hero\"\ncondition = \"stunned\"\n\
///               [[step]]\ndo = \"expect\"\ncheck = \"can\"\ncreature = \"Hero\"\n\
///               action = \"attack\"\nvalue = false\n";
/// let request: EncounterRequest =
///     serde_json::from_value(serde_json::json!({"script": script, "seed": 1})).unwrap();
/// let answer = request.validate().unwrap().run();
/// assert_eq!((answer.report.expectations_met, answer.report.failures.len()), (1, 0));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct EncounterRequest {
    /// The encounter script, as the TOML text of a script file.
    pub script: String,
    /// Where `script` came from, for messages (a front end that read a file sets it).
    #[serde(skip)]
    pub script_source: Option<String>,
    /// The seed for rolls the script does not fix, over the script's.
    pub seed: Option<u64>,
    /// Readings switched on top of the script's.
    pub reading: Vec<ReadingSwitch>,
}

/// A script that passed every check, its readings switched.
#[derive(Debug, Clone)]
pub struct ValidEncounter {
    /// The script to play.
    pub script: Script,
    /// The seed asked for, if any.
    pub seed: Option<u64>,
}

/// An encounter played; serialized, the `--json` of `fray encounter`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct EncounterAnswer {
    /// The log, the expectations met and those that failed (with line and column).
    #[serde(flatten)]
    pub report: Report,
    /// Whether the script had no steps (creatures only: nothing was played).
    #[serde(skip)]
    pub no_steps: bool,
}

impl EncounterRequest {
    /// Reads and checks the script and applies the readings, or returns the refusal the
    /// command line prints (located at line and column).
    pub fn validate(&self) -> Result<ValidEncounter, Refusal> {
        let source = self.script_source.as_deref().unwrap_or("the script");
        let mut script = parse_script(&self.script).map_err(|e| Refusal::located(source, &e))?;
        for s in &self.reading {
            match s {
                ReadingSwitch::MarkPenaltyPower => {
                    script.readings.mark_penalty = MarkPenalty::Power
                }
                ReadingSwitch::StunnedCannotEscape => script.readings.stunned_may_escape = false,
            }
        }
        Ok(ValidEncounter {
            script,
            seed: self.seed,
        })
    }
}

/// The bytes a creature adds to the log of a step, at most (an event and its words).
const LOGGED_BYTES: u64 = 200;

impl ValidEncounter {
    /// What playing it costs, before any of it: every step (and every creature's turn)
    /// may move creatures, and each move settles every aura against every creature it
    /// may reach (600 creatures with auras of 100 squares took 38 s); the log may hold
    /// an event of every creature at every step.
    pub fn effort(&self) -> crate::request::Effort {
        let creatures = self.script.creatures.len() as u64;
        let auras = self
            .script
            .creatures
            .iter()
            .filter(|c| c.aura.is_some())
            .count() as u64;
        let moments = (self.script.steps.len() as u64)
            .saturating_add(creatures)
            .saturating_add(1);
        crate::request::Effort {
            steps: moments
                .saturating_mul(creatures.saturating_add(1))
                .saturating_mul(auras.saturating_add(1)),
            answer_bytes: moments
                .saturating_mul(creatures.saturating_add(1))
                .saturating_mul(LOGGED_BYTES)
                .saturating_add(crate::request::Effort::SMALL_ANSWER),
        }
    }

    /// Plays the script step by step, judging its expectations.
    pub fn run(&self) -> EncounterAnswer {
        self.played(&|| false)
    }

    /// [`Self::run`], abandoned (`None`) once `stop` says so, checked between steps.
    pub fn run_until(&self, stop: &dyn Fn() -> bool) -> Option<EncounterAnswer> {
        let answer = self.played(stop);
        (!stop()).then_some(answer)
    }

    fn played(&self, stop: &dyn Fn() -> bool) -> EncounterAnswer {
        EncounterAnswer {
            report: run_script_until(&self.script, self.seed, stop),
            no_steps: self.script.steps.is_empty(),
        }
    }
}
