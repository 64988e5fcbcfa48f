//! What a battle lab run reports: win probabilities with 95% confidence intervals,
//! draws, rounds, survivors and their hit points, damage by type, conditions inflicted,
//! and which numbers are exact. As data, as text, and as an HTML page with SVG charts.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use fray::character::Side;
use serde::Serialize;

use crate::charts;
use crate::duel::{ExactDuel, MAX_EXACT_HP, exact_duel};
use crate::run::{Tally, deterministic};
use crate::scenario::{BattleKind, Scenario};

/// A probability: sampled with its 95% interval, or exact.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Estimate {
    /// The estimate (the exact value when `exact`).
    pub p: f64,
    /// The 95% interval (Wilson score interval; the value itself when exact).
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
    /// Whether `p` is exact.
    pub exact: bool,
    /// The exact answer, when one is known beside a sampled estimate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact_value: Option<f64>,
}

/// 95% Wilson score interval of `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64, f64) {
    if n == 0 {
        return (0.0, 0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    // At k = 0 (or k = n) the bound is 0 (or 1) exactly; the subtraction would leave a
    // rounding residue such as 1e-19 that reads as a real chance.
    let low = if k == 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if k == n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (p, low, high)
}

/// A count with thousands separators (2,000 battles), as a person reads it.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` and the noun, singular for exactly one (1 round, 3 rounds).
pub fn count(n: u64, noun: &str) -> String {
    format!("{} {noun}{}", grouped(n), if n == 1 { "" } else { "s" })
}

/// A probability as a percentage with two decimals, but never rounded to a certainty
/// or an impossibility it is not: a chance under 0.005% reads "<0.01%", not "0.00%".
pub fn percent(p: f64) -> String {
    if p <= 0.0 {
        "0%".into()
    } else if p >= 1.0 {
        "100%".into()
    } else if p < 0.000_05 {
        "<0.01%".into()
    } else if p > 0.999_95 {
        ">99.99%".into()
    } else {
        format!("{:.2}%", p * 100.0)
    }
}

/// One side's result.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideReport {
    /// The side's name, as the scenario gives it.
    pub name: String,
    /// Its chance of winning one battle.
    pub win: Estimate,
}

/// The rounds battles lasted.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rounds {
    /// Mean rounds per battle.
    pub mean: f64,
    /// 10th percentile: a tenth of battles ended by this round.
    pub p10: u32,
    /// Median rounds.
    pub median: u32,
    /// 90th percentile: nine tenths of battles ended by this round.
    pub p90: u32,
    /// The longest battle seen.
    pub max: u32,
    /// (rounds, battles).
    pub histogram: Vec<(u32, u64)>,
    /// The exact expected rounds, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact_mean: Option<f64>,
}

/// One combatant at the end.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Survivor {
    /// The combatant's name (numbered when a file gives a count).
    pub name: String,
    /// Its side.
    pub side: Side,
    /// Its hit points at the start, the ceiling of `mean_hp_left`.
    pub max_hp: i64,
    /// P(standing at the end).
    pub survival: f64,
    /// Mean hit points left (0 for the fallen).
    pub mean_hp_left: f64,
}

/// The whole report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// The scenario's name.
    pub name: String,
    /// The rule system played: pool, minions, evasion or skirmish.
    pub system: String,
    /// Battles played (or finished, when interrupted).
    pub trials: u64,
    /// The seed: the same seed gives the same report on any thread count.
    pub seed: u64,
    /// The stopping rule: rounds after which a battle is a draw.
    pub max_rounds: u32,
    /// False when one run is the exact outcome (no dice).
    pub sampled: bool,
    /// Side a, then side b.
    pub sides: [SideReport; 2],
    /// Every battle without a winner: both sides destroyed, or stopped by the limit.
    pub draw: Estimate,
    /// Draws in which both sides were destroyed (mutual destruction).
    pub mutual_destruction: Estimate,
    /// Draws still undecided when the limit stopped them.
    pub undecided: Estimate,
    /// The stopping rule in words: "40 rounds", or for minions "3 turns (each combat
    /// at most 3 rounds)", since a minions battle's limit counts turns.
    pub limit: String,
    /// What `rounds` counts: "rounds", or "combat rounds over all turns" for minions.
    pub rounds_counted: String,
    /// How long battles lasted.
    pub rounds: Rounds,
    /// Every combatant's survival and hit points left, in scenario order.
    pub survivors: Vec<Survivor>,
    /// Mean damage dealt per battle, by type.
    pub damage_per_battle: BTreeMap<String, f64>,
    /// Mean conditions inflicted per battle, by condition.
    pub conditions_per_battle: BTreeMap<String, f64>,
    /// Which numbers are exact, and how.
    pub notes: Vec<String>,
    /// False when the run was interrupted: the numbers are those of the `trials` that
    /// finished, out of `planned_trials`.
    pub complete: bool,
    /// The trials the run was to play.
    pub planned_trials: u64,
}

fn estimate(k: u64, n: u64, exact: bool) -> Estimate {
    let (p, low, high) = wilson(k, n);
    if exact {
        Estimate {
            p,
            low: p,
            high: p,
            exact,
            exact_value: None,
        }
    } else {
        Estimate {
            p,
            low,
            high,
            exact,
            exact_value: None,
        }
    }
}

fn percentile(hist: &BTreeMap<u32, u64>, n: u64, q: f64) -> u32 {
    let target = ((n as f64) * q).ceil().max(1.0) as u64;
    let mut seen = 0;
    for (r, c) in hist {
        seen += c;
        if seen >= target {
            return *r;
        }
    }
    hist.keys().last().copied().unwrap_or(0)
}

/// Builds the report of a run.
pub fn report(s: &Scenario, t: &Tally) -> Report {
    let exact = deterministic(s);
    let n = t.trials.max(1);
    let (names, combatants) = roster(s);
    let mut sides = [
        SideReport {
            name: names[0].clone(),
            win: estimate(t.wins[0], n, exact),
        },
        SideReport {
            name: names[1].clone(),
            win: estimate(t.wins[1], n, exact),
        },
    ];
    let mut notes = Vec::new();
    let planned_trials = crate::run::planned_trials(s);
    let complete = t.trials >= planned_trials;
    if !complete {
        notes.push(format!(
            "INCOMPLETE: the run was interrupted after {} of {planned_trials} battles; every number is for the battles that finished",
            t.trials
        ));
    }
    let mut rounds = Rounds {
        mean: t
            .rounds
            .iter()
            .map(|(r, c)| f64::from(*r) * *c as f64)
            .sum::<f64>()
            / n as f64,
        p10: percentile(&t.rounds, n, 0.1),
        median: percentile(&t.rounds, n, 0.5),
        p90: percentile(&t.rounds, n, 0.9),
        max: t.rounds.keys().last().copied().unwrap_or(0),
        histogram: t.rounds.iter().map(|(r, c)| (*r, *c)).collect(),
        exact_mean: None,
    };
    if exact {
        notes.push("minions battles have no dice: this one run is the exact outcome".into());
    } else {
        notes.push(format!(
            "sampled: {} battles, seed {}; intervals are 95% Wilson intervals",
            t.trials, s.seed
        ));
    }
    let mut draw_exact = None;
    if let Some(e) = exact_duel_of(s) {
        sides[0].win.exact_value = Some(e.p_a_wins);
        sides[1].win.exact_value = Some(e.p_b_wins);
        if e.p_draw > 0.0 {
            draw_exact = Some(e.p_draw);
            notes.push(format!(
                "exact: the duel can reach a point where neither duelist can ever deal damage (certain misses, caught throws); it never ends there, so {:.2}% of duels are a draw and the expected number of rounds is infinite",
                e.p_draw * 100.0
            ));
        } else {
            rounds.exact_mean = Some(e.expected_rounds);
        }
        notes.push("exact: the duel's win probabilities and expected rounds, from a Markov chain over both hit points (no round limit)".into());
    }
    let (limit, rounds_counted) = match &s.battle {
        BattleKind::Minions(b) => (
            format!(
                "{} (each combat at most {})",
                count(u64::from(b.rules.turns), "turn"),
                count(u64::from(s.max_rounds), "round")
            ),
            "combat rounds over all turns".to_string(),
        ),
        _ => (count(u64::from(s.max_rounds), "round"), "rounds".into()),
    };
    let survivors = combatants
        .into_iter()
        .enumerate()
        .map(|(i, (name, side, max_hp))| Survivor {
            name,
            side,
            max_hp,
            survival: t.alive.get(i).copied().unwrap_or(0) as f64 / n as f64,
            mean_hp_left: t.hp_sum.get(i).copied().unwrap_or(0) as f64 / n as f64,
        })
        .collect();
    Report {
        name: s.name.clone(),
        system: system_name(s).into(),
        trials: t.trials,
        seed: s.seed,
        max_rounds: s.max_rounds,
        sampled: !exact,
        sides,
        draw: Estimate {
            exact_value: draw_exact,
            ..estimate(t.draws, n, exact)
        },
        mutual_destruction: estimate(t.mutual, n, exact),
        undecided: Estimate {
            exact_value: draw_exact,
            ..estimate(t.draws - t.mutual, n, exact)
        },
        limit,
        rounds_counted,
        rounds,
        survivors,
        damage_per_battle: t
            .damage
            .iter()
            .map(|(k, v)| (k.clone(), *v as f64 / n as f64))
            .collect(),
        conditions_per_battle: t
            .conditions
            .iter()
            .map(|(k, v)| (k.clone(), *v as f64 / n as f64))
            .collect(),
        notes,
        complete,
        planned_trials,
    }
}

/// The exact duel, when the scenario is a duel small enough.
pub fn exact_duel_of(s: &Scenario) -> Option<ExactDuel> {
    match &s.battle {
        BattleKind::Evasion(d) if i64::from(d.a.defense.hp.max(d.b.defense.hp)) <= MAX_EXACT_HP => {
            exact_duel(d).ok()
        }
        _ => None,
    }
}

/// The scenario's system as files spell it (`pool`, `minions`, ...).
pub fn system_name(s: &Scenario) -> &'static str {
    match s.battle {
        BattleKind::Pool(_) => "pool",
        BattleKind::Minions(_) => "minions",
        BattleKind::Evasion(_) => "evasion",
        BattleKind::Skirmish(_) => "skirmish",
    }
}

type Roster = ([String; 2], Vec<(String, Side, i64)>);

fn roster(s: &Scenario) -> Roster {
    match &s.battle {
        BattleKind::Pool(b) => {
            let list =
                b.a.combatants
                    .iter()
                    .map(|c| (c.name.clone(), Side::A, i64::from(c.hp)))
                    .chain(
                        b.b.combatants
                            .iter()
                            .map(|c| (c.name.clone(), Side::B, i64::from(c.hp))),
                    );
            (s.sides.clone(), list.collect())
        }
        BattleKind::Minions(b) => {
            let list =
                b.a.minions
                    .iter()
                    .map(|m| (m.name.clone(), Side::A, i64::from(m.hp)))
                    .chain(
                        b.b.minions
                            .iter()
                            .map(|m| (m.name.clone(), Side::B, i64::from(m.hp))),
                    );
            (s.sides.clone(), list.collect())
        }
        BattleKind::Evasion(d) => (
            s.sides.clone(),
            vec![
                (d.a.name.clone(), Side::A, i64::from(d.a.defense.hp)),
                (d.b.name.clone(), Side::B, i64::from(d.b.defense.hp)),
            ],
        ),
        BattleKind::Skirmish(cs) => (
            s.sides.clone(),
            cs.iter()
                .map(|c| (c.name.clone(), c.side, c.max_hp))
                .collect(),
        ),
    }
}

fn pct(e: &Estimate) -> String {
    let exact = e
        .exact_value
        .map(|x| format!("; exact {}", percent(x)))
        .unwrap_or_default();
    if e.exact {
        format!("{} (exact)", percent(e.p))
    } else {
        format!(
            "{} [{}, {}]{exact}",
            percent(e.p),
            percent(e.low),
            percent(e.high)
        )
    }
}

/// The report as text.
pub fn text(r: &Report) -> String {
    let mut s = String::new();
    if !r.complete {
        let _ = writeln!(
            s,
            "INCOMPLETE: interrupted after {} of {} battles",
            r.trials, r.planned_trials
        );
    }
    let _ = writeln!(
        s,
        "{} ({} system), {}",
        r.name,
        r.system,
        count(r.trials, "battle")
    );
    for side in &r.sides {
        let _ = writeln!(s, "  {} won: {}", side.name, pct(&side.win));
    }
    let _ = writeln!(
        s,
        "  mutual destruction (no one left standing): {}",
        pct(&r.mutual_destruction)
    );
    let _ = writeln!(s, "  undecided after {}: {}", r.limit, pct(&r.undecided));
    let exact = r
        .rounds
        .exact_mean
        .map(|m| format!(" (exact mean {m:.3})"))
        .unwrap_or_default();
    let _ = writeln!(
        s,
        "{}: mean {:.2}{exact}, 10% {}, median {}, 90% {}, max {}",
        r.rounds_counted, r.rounds.mean, r.rounds.p10, r.rounds.median, r.rounds.p90, r.rounds.max
    );
    let _ = writeln!(s, "survivors:");
    for c in &r.survivors {
        let _ = writeln!(
            s,
            "  {} {:<22} standing {:>7}   hp left {:>7.2} / {}",
            c.side.letter(),
            c.name,
            percent(c.survival),
            c.mean_hp_left,
            c.max_hp
        );
    }
    for (k, v) in &r.damage_per_battle {
        let _ = writeln!(s, "damage per battle, {k}: {v:.2}");
    }
    for (k, v) in &r.conditions_per_battle {
        let _ = writeln!(s, "conditions per battle, {k}: {v:.2}");
    }
    for n in &r.notes {
        let _ = writeln!(s, "note: {n}");
    }
    s
}

/// Markup characters become entities, and control characters (which HTML does not
/// allow and a terminal showing the file would act on) become visible `\u{..}` escapes.
pub(crate) fn escape(text: &str) -> String {
    fray::text::escape_controls(text)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A side's colour in the charts: side A the first series, side B the second.
fn side_series(side: Side) -> usize {
    if side == Side::A { 0 } else { 1 }
}

/// The outcomes: each side's win, mutual destruction and undecided, with intervals
/// and, where known, the exact answer beside the sampled one.
fn outcome_chart(r: &Report) -> String {
    let bar = |label: String, e: &Estimate, series: usize| {
        let mut b = charts::Bar::new(label, e.p, percent(e.p), series);
        if !e.exact {
            b.interval = Some((e.low, e.high));
        }
        b.exact = e.exact_value;
        if let Some(x) = e.exact_value {
            b.text = format!("{} (exact {})", percent(e.p), percent(x));
        }
        b
    };
    let mut rows: Vec<charts::Bar> = r
        .sides
        .iter()
        .enumerate()
        .map(|(i, s)| bar(format!("{} won", s.name), &s.win, i))
        .collect();
    rows.push(bar("mutual destruction".into(), &r.mutual_destruction, 2));
    rows.push(bar("undecided".into(), &r.undecided, 2));
    let mut series: Vec<String> = r.sides.iter().map(|s| s.name.clone()).collect();
    series.push("draw".into());
    charts::bars(&charts::BarChart {
        title: if r.sampled {
            "Outcome probability (95% interval)".into()
        } else {
            "Outcome (exact)".into()
        },
        axis: charts::Axis::Percent,
        series,
        bars: rows,
    })
}

/// The rounds battles lasted, with the sampled mean and the exact one where known.
fn rounds_chart(r: &Report) -> String {
    let mut marks = vec![charts::Mark {
        name: format!("mean {:.2}", r.rounds.mean),
        at: r.rounds.mean,
    }];
    if let Some(m) = r.rounds.exact_mean {
        marks.push(charts::Mark {
            name: format!("exact mean {m:.3}"),
            at: m,
        });
    }
    charts::histogram(
        &format!("Battles by {}", r.rounds_counted),
        &r.rounds_counted,
        "battles",
        &r.rounds.histogram,
        &marks,
    )
}

/// Each combatant's chance of standing at the end, coloured by side.
fn survival_chart(r: &Report) -> String {
    charts::bars(&charts::BarChart {
        title: "Survival by combatant".into(),
        axis: charts::Axis::Percent,
        series: r.sides.iter().map(|s| s.name.clone()).collect(),
        bars: r
            .survivors
            .iter()
            .map(|c| {
                charts::Bar::new(
                    &c.name,
                    c.survival,
                    percent(c.survival),
                    side_series(c.side),
                )
            })
            .collect(),
    })
}

/// Mean hit points left against the maximum (the outline), values written.
fn hit_points_chart(r: &Report) -> String {
    charts::bars(&charts::BarChart {
        title: "Hit points remaining (mean)".into(),
        axis: charts::Axis::Number,
        series: r.sides.iter().map(|s| s.name.clone()).collect(),
        bars: r
            .survivors
            .iter()
            .map(|c| {
                let mut b = charts::Bar::new(
                    &c.name,
                    c.mean_hp_left,
                    format!("{:.2} / {}", c.mean_hp_left, c.max_hp),
                    side_series(c.side),
                );
                b.outline = Some(c.max_hp as f64);
                b
            })
            .collect(),
    })
}

/// Mean amounts per battle by name (damage by type, conditions), or a sentence when
/// there are none.
fn per_battle_chart(title: &str, what: &str, values: &BTreeMap<String, f64>) -> String {
    if values.is_empty() {
        return format!("<p>No {what} in these battles.</p>");
    }
    charts::bars(&charts::BarChart {
        title: title.into(),
        axis: charts::Axis::Number,
        series: vec![format!("{what} per battle (mean)")],
        bars: values
            .iter()
            .map(|(k, v)| charts::Bar::new(k, *v, format!("{v:.2}"), 0))
            .collect(),
    })
}

/// A heading from a phrase: its first letter upper case.
fn capitalized(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The report as a self-contained HTML page (inline SVG, no scripts, viewable offline).
pub fn html(r: &Report) -> String {
    let notes: String = r
        .notes
        .iter()
        .map(|n| format!("<li>{}</li>", escape(n)))
        .collect();
    format!(
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif;max-width:760px;margin:2em auto;color:#222}} h2{{margin-top:1.6em}}</style></head>
<body><h1>{title}</h1>{incomplete}
<p>{system} system, {trials}, seed {seed}, at most {limit}.</p>
<h2>Outcomes</h2>{wins}
<h2>{counted}</h2><p>mean {mean:.2}, median {median}, 90% {p90}</p>{rounds}
<h2>Survival by combatant</h2>{survival}
<h2>Hit points remaining (mean)</h2>{hp}
<h2>Damage per battle by type</h2>{damage}
<h2>Conditions per battle</h2>{conditions}
<h2>Notes</h2><ul>{notes}</ul>
<pre>{text}</pre>
</body></html>
"#,
        title = escape(&r.name),
        incomplete = if r.complete {
            String::new()
        } else {
            format!(
                "\n<p><strong>Incomplete: interrupted after {} of {} battles.</strong> Every number is for the battles that finished.</p>",
                r.trials, r.planned_trials
            )
        },
        system = r.system,
        trials = count(r.trials, "battle"),
        seed = r.seed,
        limit = escape(&r.limit),
        counted = capitalized(&r.rounds_counted),
        wins = outcome_chart(r),
        mean = r.rounds.mean,
        median = r.rounds.median,
        p90 = r.rounds.p90,
        rounds = rounds_chart(r),
        survival = survival_chart(r),
        hp = hit_points_chart(r),
        damage = per_battle_chart("Damage per battle by type", "damage", &r.damage_per_battle),
        conditions = per_battle_chart(
            "Conditions per battle",
            "conditions",
            &r.conditions_per_battle
        ),
        text = escape(&text(r)),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn html_escapes_markup_and_control_characters() {
        let shown = super::escape("<b>\"Orc\" & \u{1b}]0;pwned\u{7}</b>\nnext");
        assert_eq!(
            shown,
            "&lt;b&gt;&quot;Orc&quot; &amp; \\u{1b}]0;pwned\\u{7}&lt;/b&gt;\nnext"
        );
    }
}
