//! `fray minions`: play a minions battle from a scenario file.

use fray::text::count;
use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::{Result, anyhow, bail};
use clap::{Args, ValueEnum};
use fray::minions::{
    self, Battle, Event, Experience, LevelExcess, Order, Outcome, Side, Targeting,
};
use fray::trace::{NoTrace, Recorder};
use serde_json::json;

use crate::output;

#[derive(Debug, Args)]
pub struct MinionsArgs {
    /// The battle, a TOML file (see examples/minions/).
    file: PathBuf,
    /// Override the order of attacks within a round.
    #[arg(long, value_enum)]
    order: Option<OrderArg>,
    /// Override how attackers choose their victims.
    #[arg(long, value_enum)]
    targeting: Option<TargetingArg>,
    /// Override what happens to level bonuses and penalties past 0 or 5: `lost` when
    /// they land (the default reading), or `kept` in a running sum.
    #[arg(long, value_enum)]
    level_excess: Option<LevelExcessArg>,
    /// Override the round limit of each combat.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_rounds: Option<u32>,
    /// Override the number of turns (one combat each).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000))]
    turns: Option<u32>,
    /// Print only the result, not the round-by-round log (no log is kept). Without it,
    /// a log longer than 200,000 events (50,000 with --json) is refused.
    #[arg(long)]
    quiet: bool,
    /// Print JSON (the log and the result) instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum OrderArg {
    Precedence,
    Interleaved,
    Simultaneous,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum LevelExcessArg {
    Lost,
    Kept,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum TargetingArg {
    First,
    Spread,
    Weakest,
}

/// A stat file is small; anything larger is surely not one.
const MAX_FILE_BYTES: u64 = 4 << 20;

/// The most log events printed as text (a few megabytes); beyond it, `--quiet`.
pub const MAX_LOG_EVENTS: u64 = 200_000;
/// The most log events printed as JSON, each several times longer than its text.
pub const MAX_JSON_LOG_EVENTS: u64 = 50_000;

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

pub fn run(args: &MinionsArgs) -> Result<String> {
    let battle = load(args)?;
    if args.quiet {
        // Only the result is asked for: keep no log at all.
        let outcome = minions::play(&battle, &mut NoTrace);
        if args.json {
            return as_json(&battle, &[], &outcome, true);
        }
        let mut s = header(&battle);
        write_result(&mut s, &battle, &outcome);
        return Ok(s);
    }
    let cap = if args.json {
        MAX_JSON_LOG_EVENTS
    } else {
        MAX_LOG_EVENTS
    };
    let mut capped = CappedLog {
        events: Vec::new(),
        cap,
        total: 0,
    };
    let outcome = minions::play(&battle, &mut capped);
    if capped.total > cap {
        bail!(
            "this battle's log has {} events, more than the {cap} fray prints{}: add --quiet for the result alone, or lower turns or max_rounds",
            capped.total,
            if args.json { " as JSON" } else { "" }
        );
    }
    let log = capped.events;
    if args.json {
        return as_json(&battle, &log, &outcome, args.quiet);
    }
    let mut s = header(&battle);
    if !args.quiet {
        write_log(&mut s, &log);
    }
    write_result(&mut s, &battle, &outcome);
    Ok(s)
}

fn load(args: &MinionsArgs) -> Result<Battle> {
    let path = &args.file;
    let text = output::read_text(path, MAX_FILE_BYTES, "a battle file")?;
    let mut battle =
        minions::parse_battle(&text).map_err(|e| anyhow!("{}, {e}", path.display()))?;
    if let Some(order) = args.order {
        battle.rules.order = match order {
            OrderArg::Precedence => Order::Precedence,
            OrderArg::Interleaved => Order::Interleaved,
            OrderArg::Simultaneous => Order::Simultaneous,
        };
    }
    if let Some(targeting) = args.targeting {
        battle.rules.targeting = match targeting {
            TargetingArg::First => Targeting::First,
            TargetingArg::Spread => Targeting::Spread,
            TargetingArg::Weakest => Targeting::Weakest,
        };
    }
    if let Some(excess) = args.level_excess {
        battle.rules.level_excess = match excess {
            LevelExcessArg::Lost => LevelExcess::Lost,
            LevelExcessArg::Kept => LevelExcess::Kept,
        };
    }
    battle.rules.max_rounds = args.max_rounds.unwrap_or(battle.rules.max_rounds);
    battle.rules.turns = args.turns.unwrap_or(battle.rules.turns);
    minions::check_work(&battle).map_err(|e| anyhow!("{e}"))?;
    Ok(battle)
}

fn group_name(battle: &Battle, side: Side) -> String {
    match side {
        Side::A => format!("{} (a)", battle.a.name),
        Side::B => format!("{} (b)", battle.b.name),
    }
}

fn header(battle: &Battle) -> String {
    let r = &battle.rules;
    format!(
        "{} against {}: order {}, targeting {}, up to {} a combat, {}\n",
        group_name(battle, Side::A),
        group_name(battle, Side::B),
        r.order,
        r.targeting,
        count(u64::from(r.max_rounds), "combat round"),
        count(u64::from(r.turns), "turn")
    ) + if r.level_excess == LevelExcess::Kept {
        "level bonuses and penalties past 0 or 5 are kept in a running sum\n"
    } else {
        ""
    } + &match battle.spells.len() {
        0 => String::new(),
        n => format!("{} cast between combats\n", count(n as u64, "spell")),
    }
}

fn write_log(s: &mut String, log: &[Event]) {
    for event in log {
        let indent = match event {
            Event::TurnStart { .. } | Event::CombatEnd { .. } => "",
            Event::RoundStart { .. } => "  ",
            _ => "    ",
        };
        let _ = writeln!(s, "{indent}{event}");
    }
}

fn write_result(s: &mut String, battle: &Battle, outcome: &Outcome) {
    let verdict = match outcome.winner {
        Some(side) => format!("{} won", group_name(battle, side)),
        // Both groups slain is a mutual destruction, not a battle left undecided.
        None if outcome.minions.iter().all(|m| !m.alive) => {
            "mutual destruction: both groups fell".to_string()
        }
        None => "undecided: both groups still stand".to_string(),
    };
    let _ = writeln!(
        s,
        "result: {verdict} after {}, {} in all",
        count(u64::from(outcome.turns), "turn"),
        count(u64::from(outcome.rounds), "combat round")
    );
    for m in &outcome.minions {
        let state = if m.alive { "alive" } else { "slain" };
        let learned = match (m.experience, m.alive) {
            (Experience::Gained, _) => " (gained its experience level)",
            (Experience::Qualified, true) => " (qualified: levels up next turn)",
            (Experience::Qualified, false) => " (qualified, but slain before its level came)",
            _ => "",
        };
        let side = if m.side == Side::A { "a" } else { "b" };
        let _ = writeln!(
            s,
            "  {side}  {:<20} {state:<5}  {:>4}/{:<4} hp  armor {:<3} level {}{learned}",
            m.name, m.hp, m.max_hp, m.armor, m.level
        );
    }
}

fn as_json(battle: &Battle, log: &[Event], outcome: &Outcome, quiet: bool) -> Result<String> {
    let log: Vec<serde_json::Value> = if quiet {
        Vec::new()
    } else {
        log.iter()
            .map(|e| {
                let mut v = serde_json::to_value(e).unwrap_or_default();
                if let Some(obj) = v.as_object_mut() {
                    obj.insert("rule".into(), json!(e.rule().id));
                    obj.insert("heading".into(), json!(e.rule().heading));
                    obj.insert("text".into(), json!(e.to_string()));
                }
                v
            })
            .collect()
    };
    output::json(&json!({
        "groups": {"a": battle.a.name, "b": battle.b.name},
        "rules": battle.rules,
        "log": log,
        "result": outcome,
    }))
}
