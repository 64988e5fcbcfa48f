//! `fray check` and `fray sides`: exact odds of the pool system.

use std::fmt::Write as _;

use anyhow::Result;
use clap::{Args, ValueEnum};
use fray::dist::Distribution;
use fray::pool::{
    Check, CheckOdds, DefenseCount, FormVote, Ladder, MassEvent, MassState, SideHits, compare,
    parse_mass_battle, parse_side,
};
use fray::rng::SeededRolls;
use serde_json::json;

use crate::output;

/// Rows less likely than this are left out of printed tables.
const SHOWN: f64 = 1e-5;
/// Rows less likely than this are left out of JSON listings.
const LISTED: f64 = 1e-12;

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
    #[arg(long, default_value = "6:8,10,12,20")]
    ladder: Ladder,
    /// Move the difficulty this many rungs (positive: easier, negative: harder).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = clap::value_parser!(i64).range(-1000..=1000))]
    steps: i64,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
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
    #[arg(long, default_value = "6:8,10,12,20")]
    ladder: Ladder,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
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
    #[arg(long, value_enum)]
    form_vote: Option<FormVoteArg>,
    /// Override which defenses order the targets: `all` (armor, size and speed, the
    /// default reading) or `armor` only.
    #[arg(long, value_enum)]
    defenses: Option<DefensesArg>,
    /// Print only the result, not the round-by-round log.
    #[arg(long)]
    quiet: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum FormVoteArg {
    Most,
    Balance,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum DefensesArg {
    All,
    Armor,
}

/// A battle file is small; anything larger is surely not one.
const MAX_FILE_BYTES: u64 = 4 << 20;

pub fn mass_battle(args: &MassBattleArgs) -> Result<String> {
    let path = &args.file;
    let text = output::read_text(path, MAX_FILE_BYTES, "a battle file")?;
    let scenario =
        parse_mass_battle(&text).map_err(|e| anyhow::anyhow!("{}, {e}", path.display()))?;
    let seed = args.seed.or(scenario.seed).unwrap_or(1);
    let mut battle = scenario.battle;
    if let Some(vote) = args.form_vote {
        battle.targeting.form = match vote {
            FormVoteArg::Most => FormVote::Most,
            FormVoteArg::Balance => FormVote::Balance,
        };
    }
    if let Some(defenses) = args.defenses {
        battle.targeting.defenses = match defenses {
            DefensesArg::All => DefenseCount::All,
            DefensesArg::Armor => DefenseCount::Armor,
        };
    }
    let mut state = MassState::new(&battle);
    let mut rolls = SeededRolls::new(seed);
    let mut rounds = Vec::new();
    while !state.over() {
        let odds = state.round_odds()?;
        let mut log = Vec::new();
        state.play_round(&mut rolls, &mut log)?;
        rounds.push((odds, log));
    }
    let survivors = |side| -> Vec<serde_json::Value> {
        let army = if side == fray::pool::battle::Side::A {
            &battle.a
        } else {
            &battle.b
        };
        state.living(side).into_iter().map(|i| json!({"name": army.combatants[i].name, "hp": state.hp[side as usize][i], "max_hp": army.combatants[i].hp})).collect()
    };
    let (a_left, b_left) = (
        survivors(fray::pool::battle::Side::A),
        survivors(fray::pool::battle::Side::B),
    );
    let winner = state.winner();
    if args.json {
        let log: Vec<_> = rounds
            .iter()
            .filter(|_| !args.quiet)
            .map(|(odds, events)| {
                let events: Vec<_> = events.iter().map(event_json).collect();
                json!({"odds": odds, "events": events})
            })
            .collect();
        return output::json(&json!({
            "seed": seed,
            "sides": {"a": battle.a.name, "b": battle.b.name},
            "rounds": log,
            "result": {"winner": winner, "rounds": state.round, "a_survivors": a_left, "b_survivors": b_left},
        }));
    }
    let mut s = format!(
        "{} (a) against {} (b), seed {seed}\n",
        battle.a.name, battle.b.name
    );
    if !args.quiet {
        for (odds, events) in &rounds {
            for e in events {
                let indent = if matches!(e, MassEvent::RoundStart { .. } | MassEvent::End { .. }) {
                    ""
                } else {
                    "  "
                };
                let _ = writeln!(s, "{indent}{e}");
                if matches!(e, MassEvent::RoundStart { .. }) {
                    let _ = writeln!(
                        s,
                        "  exact odds of this round: a deals more hits {:.2}%, tie {:.2}%, b more {:.2}%",
                        odds.p_a_more * 100.0,
                        odds.p_tie * 100.0,
                        odds.p_b_more * 100.0
                    );
                }
            }
        }
    }
    let verdict = match winner {
        Some(side) => format!(
            "side {} ({}) won",
            side.letter(),
            if side == fray::pool::battle::Side::A {
                &battle.a.name
            } else {
                &battle.b.name
            }
        ),
        // Both sides wiped out is a mutual destruction, not a battle left undecided.
        None if a_left.is_empty() && b_left.is_empty() => {
            "mutual destruction: both sides fell".to_string()
        }
        None => "undecided: both sides still stand".to_string(),
    };
    let _ = writeln!(
        s,
        "result: {verdict} after {}; survivors: a {}, b {}",
        fray::text::count(u64::from(state.round), "round"),
        a_left.len(),
        b_left.len()
    );
    Ok(s)
}

fn event_json(e: &MassEvent) -> serde_json::Value {
    let mut v = serde_json::to_value(e).unwrap_or_default();
    if let Some(obj) = v.as_object_mut() {
        obj.insert("text".into(), json!(e.to_string()));
    }
    v
}

pub fn check(args: &CheckArgs) -> Result<String> {
    let ladder = &args.ladder;
    let asked = ladder.parse(&args.rung)?;
    let rung = ladder.step(asked, args.steps)?;
    // A negative bonus is penalty dice: the same dice a designer would write as --penalty.
    if args.bonus.unsigned_abs() > u64::from(fray::pool::model::MAX_EXTRA_DICE) {
        anyhow::bail!(
            "--bonus {}: too many dice; at most {} bonus dice, or as many penalty dice below 0",
            args.bonus,
            fray::pool::model::MAX_EXTRA_DICE
        );
    }
    let bonus = u32::try_from(args.bonus.max(0)).unwrap_or(u32::MAX);
    let extra_penalty = u32::try_from(args.bonus.min(0).unsigned_abs()).unwrap_or(u32::MAX);
    let penalty = args.penalty.saturating_add(extra_penalty);
    let odds = CheckOdds::new(Check::new(rung, bonus, penalty)?);
    if args.json {
        return check_json(&odds);
    }
    let c = odds.check;
    let mut s = String::new();
    if args.steps != 0 {
        let _ = writeln!(s, "{asked} moved {:+} rung(s): {rung}", args.steps);
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
    if odds.underflows() {
        let _ = writeln!(s, "note: {UNDERFLOW}");
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

/// Said wherever an outcome too unlikely for a 64-bit float shows as 0.
const UNDERFLOW: &str = "some outcomes are less likely than 1e-308 and show as probability 0 (their conditional means are still exact)";

fn check_json(odds: &CheckOdds) -> Result<String> {
    let rows: Vec<_> = odds
        .listing(LISTED)
        .into_iter()
        .map(|(r, p)| json!({"success": r.success, "degree": r.degree, "p": p}))
        .collect();
    let tails: Vec<_> = odds
        .outcomes
        .iter()
        .filter(|o| o.explodes)
        .map(|o| json!({"success": o.success, "from_degree": o.degree, "p_from": odds.p(o.success, o.degree), "ratio": fray::pool::exact::EXPLODE_P}))
        .collect();
    output::json(&json!({
        "check": odds.check.to_string(),
        "rung": odds.check.rung,
        "dice": odds.dice,
        "penalty_dice": odds.check.has_penalty(),
        "p_success": odds.p_success(),
        "mean_degree": odds.mean_degree(),
        "mean_degree_given_success": odds.mean_degree_given(true),
        "mean_degree_given_failure": odds.mean_degree_given(false),
        "distribution": rows,
        "explosion_tails": tails,
        "warnings": odds.underflows().then_some(UNDERFLOW).into_iter().collect::<Vec<_>>(),
    }))
}

pub fn sides(args: &SidesArgs) -> Result<String> {
    let ladder = &args.ladder;
    let side = |flag: &str, spec: &str| {
        parse_side(spec, ladder)
            .and_then(|groups| SideHits::try_new(&groups))
            .map_err(|e| anyhow::anyhow!("{flag}: {e}"))
    };
    let (a, b) = (side("--a", &args.a)?, side("--b", &args.b)?);
    let c = compare(&a.distribution, &b.distribution);
    let bound = a.error_bound + b.error_bound;
    let mut warnings: Vec<String> = [("A", &a), ("B", &b)]
        .iter()
        .filter_map(|(name, s)| s.precision_warning().map(|w| format!("side {name}: {w}")))
        .collect();
    // A probability no larger than the trimmed mass is known only to be that small.
    let below: Vec<&str> = [
        ("p_a_more", c.p_a_more),
        ("p_tie", c.p_tie),
        ("p_b_more", c.p_b_more),
    ]
    .into_iter()
    .filter(|(_, p)| *p <= bound && bound > 0.0)
    .map(|(name, _)| name)
    .collect();
    if !below.is_empty() {
        warnings.push(format!(
            "{} no larger than the error bound {bound:.1e}: known only to be at most {:.1e}",
            below.join(", "),
            2.0 * bound
        ));
    }
    if args.json {
        let list = |d: &Distribution| {
            d.iter()
                .filter(|m| m.p >= LISTED)
                .map(|m| json!({"hits": m.value, "p": m.p}))
                .collect::<Vec<_>>()
        };
        return output::json(&json!({
            "p_a_more": c.p_a_more,
            "p_tie": c.p_tie,
            "p_b_more": c.p_b_more,
            "a_mean_total": a.distribution.mean(),
            "b_mean_total": b.distribution.mean(),
            "a_sd_total": a.distribution.variance().sqrt(),
            "b_sd_total": b.distribution.variance().sqrt(),
            "error_bound": bound,
            "below_error_bound": below,
            "warnings": warnings,
            "a_distribution": list(&a.distribution),
            "b_distribution": list(&b.distribution),
        }));
    }
    let mut s = String::new();
    write_side(&mut s, "A", &args.a, &a.distribution);
    write_side(&mut s, "B", &args.b, &b.distribution);
    let _ = writeln!(s, "who deals more hits in a round:");
    let _ = writeln!(
        s,
        "  A more {:>9.4}%   tie {:>9.4}%   B more {:>9.4}%",
        c.p_a_more * 100.0,
        c.p_tie * 100.0,
        c.p_b_more * 100.0
    );
    let _ = writeln!(
        s,
        "(exact; probability trimmed as negligible: below {:.1e})",
        bound.max(1e-300)
    );
    for w in &warnings {
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
