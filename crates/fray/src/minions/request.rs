//! `fray minions` as a request: the battle file's text and the options that override
//! it, as plain serde data, checked by one [`MinionsRequest::validate`] (the file's
//! located checks, the override ranges, the work bound) and played by
//! [`ValidMinions::run`]; serialized, the answer is the command's `--json`. Field names
//! are the command's long flags with `_` for `-`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Battle, Event, LevelExcess, Order, Outcome, Rules, Targeting};
use crate::request::{Refusal, within};
use crate::trace::{NoTrace, Recorder};

/// The highest round limit of a combat (the battle file's own range).
pub const MAX_ROUNDS: u32 = 100_000;
/// The most turns (the battle file's own range).
pub const MAX_TURNS: u32 = 1_000;
/// The most log events kept for text (a few megabytes); beyond it, `quiet`.
pub const MAX_LOG_EVENTS: u64 = 200_000;
/// The most log events kept as data, each several times longer than its text.
pub const MAX_JSON_LOG_EVENTS: u64 = 50_000;

/// Everything `fray minions` takes.
///
/// ```
/// use fray::minions::request::MinionsRequest;
/// let battle = "[a]\nname = \"A\"\n[[a.minions]]\nname = \"x\"\nkind = \"recruit\"\nhp = 3\ndamage = 2\n\
///               [b]\nname = \"B\"\n[[b.minions]]\nname = \"y\"\nkind = \"recruit\"\nhp = 1\ndamage = 1\n";
/// let request = MinionsRequest { battle: battle.into(), quiet: true, ..Default::default() };
/// let answer = request.validate().unwrap().run().unwrap();
/// assert!(answer.log.is_empty());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct MinionsRequest {
    /// The battle, as the TOML text of a battle file.
    pub battle: String,
    /// Where `battle` came from, for messages (a front end that read a file sets it).
    #[serde(skip)]
    pub battle_source: Option<String>,
    /// The order of attacks within a round, over the file's.
    pub order: Option<Order>,
    /// How attackers choose their victims, over the file's.
    pub targeting: Option<Targeting>,
    /// What happens to level changes past 0 or 5, over the file's.
    pub level_excess: Option<LevelExcess>,
    /// The round limit of each combat, 1 to [`MAX_ROUNDS`], over the file's.
    pub max_rounds: Option<u32>,
    /// The number of turns, 1 to [`MAX_TURNS`], over the file's.
    pub turns: Option<u32>,
    /// Only the result: no log is kept.
    pub quiet: bool,
}

/// A battle that passed every rule, its overrides applied and its work bounded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidMinions {
    /// The battle to play.
    pub battle: Battle,
    /// Whether to keep the log.
    pub quiet: bool,
}

/// A minions battle played; serialized, the `--json` of `fray minions`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct MinionsAnswer {
    /// The two groups' names.
    pub groups: Groups,
    /// The options played.
    pub rules: Rules,
    /// Every event, in order (empty when quiet).
    pub log: Vec<LoggedEvent>,
    /// Who won, and each minion's state.
    pub result: Outcome,
    /// How many spells are cast between combats, for the text header.
    #[serde(skip)]
    pub spells: usize,
}

/// The names of groups `a` and `b`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Groups {
    /// Group A's name.
    pub a: String,
    /// Group B's name.
    pub b: String,
}

/// An event with the rule it applies and its text.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LoggedEvent {
    /// The event.
    #[serde(flatten)]
    pub event: Event,
    /// The rule's stable id.
    pub rule: &'static str,
    /// The rules text's heading.
    pub heading: &'static str,
    /// The event in words.
    pub text: String,
}

/// A log that keeps at most `cap` events and counts the rest unbuilt, so a long battle
/// never holds its whole log in memory.
struct CappedLog {
    events: Vec<Event>,
    cap: u64,
    total: u64,
}

impl Recorder<Event> for CappedLog {
    fn record(&mut self, event: impl FnOnce() -> Event) {
        self.total += 1;
        if self.total <= self.cap {
            self.events.push(event());
        }
    }
}

impl MinionsRequest {
    /// Applies every input rule and returns the battle ready to play, or the refusal the
    /// command line prints.
    pub fn validate(&self) -> Result<ValidMinions, Refusal> {
        if let Some(n) = self.max_rounds {
            within(n, 1, MAX_ROUNDS, "max_rounds")?;
        }
        if let Some(n) = self.turns {
            within(n, 1, MAX_TURNS, "turns")?;
        }
        let source = self.battle_source.as_deref().unwrap_or("the battle");
        let mut battle =
            super::parse_battle(&self.battle).map_err(|e| Refusal::located(source, &e))?;
        let rules = &mut battle.rules;
        rules.order = self.order.unwrap_or(rules.order);
        rules.targeting = self.targeting.unwrap_or(rules.targeting);
        rules.level_excess = self.level_excess.unwrap_or(rules.level_excess);
        rules.max_rounds = self.max_rounds.unwrap_or(rules.max_rounds);
        rules.turns = self.turns.unwrap_or(rules.turns);
        super::check_work(&battle).map_err(|e| Refusal::new(e.to_string()))?;
        Ok(ValidMinions {
            battle,
            quiet: self.quiet,
        })
    }
}

impl ValidMinions {
    /// Plays the battle, keeping at most [`MAX_JSON_LOG_EVENTS`] events of log (a longer
    /// log is refused: ask for `quiet`).
    pub fn run(&self) -> Result<MinionsAnswer, Refusal> {
        self.run_capped(MAX_JSON_LOG_EVENTS, " as JSON")
    }

    /// Like [`ValidMinions::run`], with the longer cap of a log printed as text.
    pub fn run_for_text(&self) -> Result<MinionsAnswer, Refusal> {
        self.run_capped(MAX_LOG_EVENTS, "")
    }

    fn run_capped(&self, cap: u64, form: &str) -> Result<MinionsAnswer, Refusal> {
        let battle = &self.battle;
        let (outcome, log) = if self.quiet {
            // Only the result is asked for: keep no log at all.
            (super::play(battle, &mut NoTrace), Vec::new())
        } else {
            let mut capped = CappedLog {
                events: Vec::new(),
                cap,
                total: 0,
            };
            let outcome = super::play(battle, &mut capped);
            if capped.total > cap {
                return Err(Refusal::new(format!(
                    "this battle's log has {} events, more than the {cap} fray prints{form}: ask for `quiet` (the result alone), or lower `turns` or `max_rounds`",
                    capped.total
                )));
            }
            (outcome, capped.events)
        };
        Ok(MinionsAnswer {
            groups: Groups {
                a: battle.a.name.clone(),
                b: battle.b.name.clone(),
            },
            rules: battle.rules,
            log: log
                .into_iter()
                .map(|event| LoggedEvent {
                    rule: event.rule().id,
                    heading: event.rule().heading,
                    text: event.to_string(),
                    event,
                })
                .collect(),
            result: outcome,
            spells: battle.spells.len(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A log exactly at the cap is kept whole; one event more is refused, naming the count.
    #[test]
    fn the_log_cap_is_inclusive() {
        let battle = "[a]\nname = \"A\"\n[[a.minions]]\nname = \"x\"\nkind = \"recruit\"\nhp = 3\ndamage = 1\n\
                      [b]\nname = \"B\"\n[[b.minions]]\nname = \"y\"\nkind = \"monster\"\nhp = 2\ndamage = 1\n";
        let valid = MinionsRequest {
            battle: battle.into(),
            ..MinionsRequest::default()
        }
        .validate()
        .unwrap();
        let mut log = Vec::new();
        super::super::play(&valid.battle, &mut log);
        let events = log.len() as u64;
        assert!(events > 3);
        assert_eq!(valid.run_capped(events, "").unwrap().log.len(), log.len());
        let e = valid.run_capped(events - 1, " as JSON").unwrap_err();
        assert!(
            e.to_string().contains(&format!(
                "has {events} events, more than the {} fray prints as JSON",
                events - 1
            )),
            "{e}"
        );
    }
}
