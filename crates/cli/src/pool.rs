//! `fray check` and `fray sides`: exact odds of the pool system.

use std::fmt::Write as _;

use anyhow::Result;
use clap::Args;
use fray::dist::Distribution;
use fray::pool::battle::Side;
use fray::pool::request::{self, CheckRequest, MassBattleRequest, SidesRequest};
use fray::pool::{DefenseCount, FormVote, MassEvent};

use fray_commands::limits;
use fray_commands::pool::{Check, MassBattle, Sides};

use crate::table::{self, Ran};
use crate::{choice, output};

/// Rows less likely than this are left out of printed tables.
const SHOWN: f64 = 1e-5;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The difficulty, TN/D on the ladder (e.g. 3/6).
    rung: String,
    /// Bonus dice; a negative number is that many penalty dice (--bonus -1 is one
    /// penalty die), added to --penalty.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    bonus: i64,
    /// Penalty dice.
    #[arg(long, default_value_t = 0)]
    penalty: u32,
    /// The ladder's dice: BASE:LARGER,...
    #[arg(long, default_value = request::STANDARD_LADDER)]
    ladder: String,
    /// Move the difficulty this many rungs (positive: easier, negative: harder).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    steps: i64,
}

#[derive(Debug, Args)]
pub struct SidesArgs {
    /// Side A: comma-separated checks `[COUNTx]RUNG[+Nb][+Np]`, e.g. 5x3/6+3b.
    #[arg(long = "a", value_name = "SPEC")]
    a: String,
    /// Side B, written the same way.
    #[arg(long = "b", value_name = "SPEC")]
    b: String,
    /// The ladder's dice: BASE:LARGER,...
    #[arg(long, default_value = request::STANDARD_LADDER)]
    ladder: String,
}

#[derive(Debug, Args)]
pub struct MassBattleArgs {
    /// The battle, a TOML file (see examples/pool/).
    file: std::path::PathBuf,
    /// The seed (overrides the file's; default 1). The same seed replays the same battle.
    #[arg(long)]
    seed: Option<u64>,
    /// Override when form makes a target inferior in the targeting order: `most` of the
    /// attackers have the edge (the default reading), or on `balance` of edges.
    #[arg(long, value_parser = choice::of::<FormVote>())]
    form_vote: Option<FormVote>,
    /// Override which defenses order the targets: `all` (armor, size and speed, the
    /// default reading) or `armor` only.
    #[arg(long, value_parser = choice::of::<DefenseCount>())]
    defenses: Option<DefenseCount>,
    /// Print only the result, not the round-by-round log.
    #[arg(long)]
    quiet: bool,
}

pub fn mass_battle(args: &MassBattleArgs) -> Result<String> {
    let path = &args.file;
    let request = MassBattleRequest {
        battle: output::read_text(path, limits::BATTLE_FILE)?,
        battle_source: Some(path.display().to_string()),
        seed: args.seed,
        form_vote: args.form_vote,
        defenses: args.defenses,
        quiet: args.quiet,
    };
    let answer = table::run::<MassBattle>(request)?.answer;
    if table::as_json() {
        return table::json::<MassBattle>(&answer);
    }
    let (seed, sides, result) = (answer.seed, &answer.sides, &answer.result);
    let mut s = format!("{} (a) against {} (b), seed {seed}\n", sides.a, sides.b);
    for round in &answer.rounds {
        for e in &round.events {
            let start = matches!(e.event, MassEvent::RoundStart { .. });
            let indent = if start || matches!(e.event, MassEvent::End { .. }) {
                ""
            } else {
                "  "
            };
            let _ = writeln!(s, "{indent}{}", e.text);
            if start {
                let _ = writeln!(
                    s,
                    "  exact odds of this round: a deals more hits {:.2}%, tie {:.2}%, b more {:.2}%",
                    round.odds.p_a_more * 100.0,
                    round.odds.p_tie * 100.0,
                    round.odds.p_b_more * 100.0
                );
            }
        }
    }
    let verdict = match result.winner {
        Some(side) => format!(
            "side {} ({}) won",
            side.letter(),
            if side == Side::A { &sides.a } else { &sides.b }
        ),
        // Both sides wiped out is a mutual destruction, not a battle left undecided.
        None if result.a_survivors.is_empty() && result.b_survivors.is_empty() => {
            "draw: both sides fell".to_string()
        }
        None => "draw: undecided, both sides still stand".to_string(),
    };
    let _ = writeln!(
        s,
        "result: {verdict} after {}; survivors: a {}, b {}",
        fray::text::count(u64::from(result.rounds), "round"),
        result.a_survivors.len(),
        result.b_survivors.len()
    );
    Ok(s)
}

pub fn check(args: &CheckArgs) -> Result<String> {
    let request = CheckRequest {
        rung: args.rung.clone(),
        bonus: args.bonus,
        penalty: args.penalty,
        ladder: args.ladder.clone(),
        steps: args.steps,
    };
    let Ran { valid, answer } = table::run::<Check>(request)?;
    if table::as_json() {
        return table::json::<Check>(&answer);
    }
    let odds = &answer.odds;
    let c = odds.check;
    let mut s = String::new();
    if valid.steps != 0 {
        let _ = writeln!(
            s,
            "{} moved {:+} rung(s): {}",
            valid.asked, valid.steps, c.rung
        );
    }
    let penalty = if c.has_penalty() {
        "penalty dice left: any miss fails"
    } else {
        "no penalty dice: only all misses fail"
    };
    let _ = writeln!(s, "check {c}: {} dice ({penalty})", odds.dice);
    let _ = writeln!(
        s,
        "P(success) = {:.4}%   mean degree of success (failures count 0) = {:.4}",
        odds.p_success() * 100.0,
        odds.mean_degree()
    );
    for w in &answer.warnings {
        let _ = writeln!(s, "note: {w}");
    }
    let rows = odds.listing(SHOWN);
    let peak = rows.iter().map(|r| r.1).fold(0.0, f64::max);
    for (r, p) in &rows {
        let kind = if r.success { "success" } else { "failure" };
        let _ = writeln!(
            s,
            "  {kind} {:>3}  {:>9.4}%  {}",
            r.degree,
            p * 100.0,
            output::bar(*p, peak, 40)
        );
    }
    for o in odds.outcomes.iter().filter(|o| o.explodes) {
        let kind = if o.success { "success" } else { "failure" };
        let _ = writeln!(
            s,
            "(all {}: the {kind} of degree {} explodes: each further degree is 1/6 as likely, without end)",
            if o.success { "hits" } else { "misses" },
            o.degree
        );
    }
    Ok(s)
}

pub fn sides(args: &SidesArgs) -> Result<String> {
    let request = SidesRequest {
        a: args.a.clone(),
        b: args.b.clone(),
        ladder: args.ladder.clone(),
    };
    let answer = table::run::<Sides>(request)?.answer;
    if table::as_json() {
        return table::json::<Sides>(&answer);
    }
    let mut s = String::new();
    write_side(&mut s, "A", &args.a, &answer.a);
    write_side(&mut s, "B", &args.b, &answer.b);
    let _ = writeln!(s, "who deals more hits in a round:");
    let _ = writeln!(
        s,
        "  A more {:>9.4}%   tie {:>9.4}%   B more {:>9.4}%",
        answer.p_a_more * 100.0,
        answer.p_tie * 100.0,
        answer.p_b_more * 100.0
    );
    let _ = writeln!(
        s,
        "(exact; probability trimmed as negligible: below {:.1e})",
        answer.error_bound.max(1e-300)
    );
    for w in &answer.warnings {
        let _ = writeln!(s, "warning: {w}");
    }
    Ok(s)
}

/// One side: its mean and spread, and its distribution in at most 24 rows.
fn write_side(s: &mut String, name: &str, spec: &str, d: &Distribution) {
    let _ = writeln!(
        s,
        "side {name} ({spec}): total hits mean {:.3}, sd {:.3}",
        d.mean(),
        d.variance().sqrt()
    );
    let shown: Vec<_> = d.iter().filter(|m| m.p >= SHOWN).collect();
    let (Some(lo), Some(hi)) = (shown.first(), shown.last()) else {
        return;
    };
    let width = ((hi.value - lo.value) / 24 + 1).max(1);
    let buckets: Vec<(i64, f64)> = (lo.value..=hi.value)
        .step_by(width as usize)
        .map(|start| (start, (start..start + width).map(|v| d.p(v)).sum()))
        .collect();
    let peak = buckets.iter().map(|b| b.1).fold(0.0, f64::max);
    for (start, p) in buckets {
        let label = if width == 1 {
            format!("{start}")
        } else {
            format!("{start}–{}", start + width - 1)
        };
        let _ = writeln!(
            s,
            "  {label:>13}  {:>8.4}%  {}",
            p * 100.0,
            output::bar(p, peak, 40)
        );
    }
}
