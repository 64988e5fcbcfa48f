//! `fray minions`: play a minions battle from a scenario file.

use fray::text::count;
use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use fray::minions::request::{Groups, LoggedEvent, MinionsAnswer, MinionsRequest};
use fray::minions::{Experience, LevelExcess, Order, Outcome, Side, Targeting};

use fray_commands::limits;
use fray_commands::minions::Minions;

use crate::{choice, output, table};

#[derive(Debug, Args)]
pub struct MinionsArgs {
    /// The battle, a TOML file (see examples/minions/).
    file: PathBuf,
    /// Override the order of attacks within a round.
    #[arg(long, value_parser = choice::of::<Order>())]
    order: Option<Order>,
    /// Override how attackers choose their victims.
    #[arg(long, value_parser = choice::of::<Targeting>())]
    targeting: Option<Targeting>,
    /// Override what happens to level bonuses and penalties past 0 or 5: `lost` when
    /// they land (the default reading), or `kept` in a running sum.
    #[arg(long, value_parser = choice::of::<LevelExcess>())]
    level_excess: Option<LevelExcess>,
    /// Override the round limit of each combat.
    #[arg(long, value_name = "N")]
    max_rounds: Option<u32>,
    /// Override the number of turns (one combat each).
    #[arg(long, value_name = "N")]
    turns: Option<u32>,
    /// Print only the result, not the round-by-round log (no log is kept). Without it,
    /// a log longer than 200,000 events (50,000 with --json) is refused.
    #[arg(long)]
    quiet: bool,
}

pub fn run(args: &MinionsArgs) -> Result<String> {
    let path = &args.file;
    let request = MinionsRequest {
        battle: output::read_text(path, limits::BATTLE_FILE)?,
        battle_source: Some(path.display().to_string()),
        order: args.order,
        targeting: args.targeting,
        level_excess: args.level_excess,
        max_rounds: args.max_rounds,
        turns: args.turns,
        quiet: args.quiet,
    };
    if table::as_json() {
        return table::json::<Minions>(&table::run::<Minions>(request)?.answer);
    }
    // Text is longer per event than JSON: its own cap on the log.
    let valid = table::prepare::<Minions>(request)?.valid;
    let answer = valid.run_for_text().map_err(table::refused)?;
    let mut s = header(&answer);
    write_log(&mut s, &answer.log);
    write_result(&mut s, &answer.groups, &answer.result);
    Ok(s)
}

fn group_name(groups: &Groups, side: Side) -> String {
    match side {
        Side::A => format!("{} (a)", groups.a),
        Side::B => format!("{} (b)", groups.b),
    }
}

fn header(answer: &MinionsAnswer) -> String {
    let r = &answer.rules;
    format!(
        "{} against {}: order {}, targeting {}, up to {} a combat, {}\n",
        group_name(&answer.groups, Side::A),
        group_name(&answer.groups, Side::B),
        r.order,
        r.targeting,
        count(u64::from(r.max_rounds), "combat round"),
        count(u64::from(r.turns), "turn")
    ) + if r.level_excess == LevelExcess::Kept {
        "level bonuses and penalties past 0 or 5 are kept in a running sum\n"
    } else {
        ""
    } + &match answer.spells {
        0 => String::new(),
        n => format!("{} cast between combats\n", count(n as u64, "spell")),
    }
}

fn write_log(s: &mut String, log: &[LoggedEvent]) {
    for logged in log {
        let _ = writeln!(s, "{}{}", logged.event.indent(), logged.text);
    }
}

fn write_result(s: &mut String, groups: &Groups, outcome: &Outcome) {
    let verdict = match outcome.winner {
        Some(side) => format!("{} won", group_name(groups, side)),
        // Both groups slain is a mutual destruction, not a battle left undecided.
        None if outcome.minions.iter().all(|m| !m.alive) => "draw: both groups fell".to_string(),
        None => "draw: undecided, both groups still stand".to_string(),
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
