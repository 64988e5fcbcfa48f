//! `fray tohit`, `fray evasion-damage`, `fray evasion-table`, `fray appraise`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, ValueEnum};
use fray::dice::DiceExpr;
use fray::evasion::{
    Attacker, Breakdown, DamageKind, Defender, Kind, LuckDice, Options, Rounding, SkillLevel,
    ToHit, ToHitModel, appraise, damage_odds, hit_chance, hit_chance_with, profile,
};
use serde_json::json;

use crate::output;

/// The to-hit model and readings, shared by every evasion command.
#[derive(Debug, Args)]
pub struct ModelArgs {
    /// The normal model's standard deviation, above 0 (without it or --uniform-sum:
    /// the normal model with σ = 5).
    #[arg(long, conflicts_with = "uniform_sum", allow_negative_numbers = true)]
    sigma: Option<f64>,
    /// The integer model instead: K uniform integers in −R..=R, e.g. 4,17.
    #[arg(long, value_name = "K,R")]
    uniform_sum: Option<String>,
    /// Count a monster's level / 4 as a fraction instead of rounding it down.
    #[arg(long)]
    fractional_level: bool,
    /// Ammo fired from the wrong kind of launcher (launcher = "wrong") still gets the
    /// launcher's enchantment and artifact bonus, beside its −6.
    #[arg(long)]
    wrong_launcher_counts: bool,
}

impl ModelArgs {
    fn options(&self, rounding: Rounding) -> Result<Options> {
        let model = match (&self.sigma, &self.uniform_sum) {
            (Some(sigma), _) => ToHitModel::Normal { sigma: *sigma },
            (None, Some(spec)) => {
                let (k, r) = spec
                    .split_once(',')
                    .ok_or_else(|| anyhow!("--uniform-sum `{spec}`: expected K,R such as 4,17"))?;
                let parse = |v: &str| {
                    v.trim().parse::<u32>().map_err(|_| {
                        anyhow!("--uniform-sum `{spec}`: expected whole numbers K,R such as 4,17")
                    })
                };
                ToHitModel::UniformSum {
                    k: parse(k)?,
                    r: parse(r)?,
                }
            }
            (None, None) => ToHitModel::NORMAL,
        };
        ToHit::new(model)?;
        Ok(Options {
            model,
            rounding,
            fractional_level_bonus: self.fractional_level,
            wrong_launcher_counts: self.wrong_launcher_counts,
        })
    }
}

#[derive(Debug, Args)]
pub struct ToHitArgs {
    /// The attacker's total bonus.
    #[arg(long, allow_negative_numbers = true, conflicts_with_all = ["attacker", "defender"])]
    attacker_bonus: Option<f64>,
    /// The defender's total bonus.
    #[arg(long, allow_negative_numbers = true)]
    defender_bonus: Option<f64>,
    /// The attacker's Luck (adds ±1d(|Luck|/2)).
    #[arg(long, allow_negative_numbers = true, default_value_t = 0, value_parser = clap::value_parser!(i32).range(-13..=13))]
    attacker_luck: i32,
    /// The defender's Luck.
    #[arg(long, allow_negative_numbers = true, default_value_t = 0, value_parser = clap::value_parser!(i32).range(-13..=13))]
    defender_luck: i32,
    /// An attacker profile (TOML) instead of a bonus.
    #[arg(long, value_name = "FILE", requires = "defender")]
    attacker: Option<PathBuf>,
    /// A defender profile (TOML).
    #[arg(long, value_name = "FILE", requires = "attacker")]
    defender: Option<PathBuf>,
    #[command(flatten)]
    model: ModelArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// A profile file is small; anything larger is surely not one.
const MAX_FILE_BYTES: u64 = 1 << 20;

fn read(path: &Path) -> Result<String> {
    output::read_text(path, MAX_FILE_BYTES, "a profile")
}

fn attacker(path: &Path) -> Result<Attacker> {
    profile::parse_attacker(&read(path)?).map_err(|e| anyhow!("{}, {e}", path.display()))
}

fn defender(path: &Path) -> Result<Defender> {
    profile::parse_defender(&read(path)?).map_err(|e| anyhow!("{}, {e}", path.display()))
}

fn finite(x: f64, what: &str) -> Result<f64> {
    if x.is_finite() && x.abs() <= 1000.0 {
        Ok(x)
    } else {
        bail!("{what} must be a number from -1000 to 1000, got {x}")
    }
}

pub fn tohit(args: &ToHitArgs) -> Result<String> {
    let options = args.model.options(Rounding::default())?;
    if let (Some(a), Some(d)) = (&args.attacker, &args.defender) {
        return tohit_profiles(&attacker(a)?, &defender(d)?, &options, args.json);
    }
    let (Some(a), Some(d)) = (args.attacker_bonus, args.defender_bonus) else {
        bail!("give --attacker-bonus and --defender-bonus, or --attacker FILE and --defender FILE");
    };
    let (a, d) = (
        finite(a, "--attacker-bonus")?,
        finite(d, "--defender-bonus")?,
    );
    let (la, ld) = (
        LuckDice::of(Kind::Player, args.attacker_luck, false),
        LuckDice::of(Kind::Player, args.defender_luck, false),
    );
    let p = ToHit::new(options.model)?.p_hit_with_luck(a, la, d, ld);
    if args.json {
        return output::json(
            &json!({"p_hit": p, "model": options.model, "attacker_bonus": a, "defender_bonus": d, "attacker_luck": la, "defender_luck": ld}),
        );
    }
    Ok(format!(
        "attacker {a:+} (luck {}) against defender {d:+} (luck {}), {}: P(hit) = {:.4}%\n",
        la.describe(),
        ld.describe(),
        describe_model(options.model),
        p * 100.0
    ))
}

fn describe_model(model: ToHitModel) -> String {
    match model {
        ToHitModel::Normal { sigma } => format!("normal model σ = {sigma}"),
        ToHitModel::UniformSum { k, r } => format!("sum of {k} uniform integers in −{r}..={r}"),
    }
}

fn tohit_profiles(a: &Attacker, d: &Defender, o: &Options, as_json: bool) -> Result<String> {
    let h = hit_chance(a, d, o)?;
    if as_json {
        return output::json(
            &json!({"p_hit": h.p_hit, "model": o.model, "caught": h.caught, "attacker": breakdown_json(&h.attacker), "defender": breakdown_json(&h.defender)}),
        );
    }
    let mut s = String::new();
    write_breakdown(&mut s, "attacker", &h.attacker);
    write_breakdown(&mut s, "defender", &h.defender);
    if let Some(c) = h.caught {
        let _ = writeln!(
            s,
            "the throw is caught ({c}): taken, so no hit and no damage"
        );
    }
    let _ = writeln!(
        s,
        "{}: P(hit) = {:.4}%",
        describe_model(o.model),
        h.p_hit * 100.0
    );
    Ok(s)
}

fn breakdown_json(b: &Breakdown) -> serde_json::Value {
    json!({"terms": b.terms, "fixed": b.fixed(), "luck": b.luck, "luck_mean": b.luck.distribution().mean()})
}

fn write_breakdown(s: &mut String, who: &str, b: &Breakdown) {
    let _ = writeln!(
        s,
        "{who} bonus: {:+} fixed, luck {}",
        b.fixed(),
        b.luck.describe()
    );
    for t in &b.terms {
        let _ = writeln!(s, "  {:>+7.2}  {}", t.value, t.source);
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum KindArg {
    Physical,
    Elemental,
    Spell,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum RoundingArg {
    Nearest,
    Down,
    Up,
    Stochastic,
}

#[derive(Debug, Args)]
pub struct DamageArgs {
    /// The attacker profile (TOML).
    #[arg(long, value_name = "FILE")]
    attacker: PathBuf,
    /// The defender profile (TOML).
    #[arg(long, value_name = "FILE")]
    defender: PathBuf,
    /// The damage dice of one hit, e.g. d8+2.
    #[arg(long, value_name = "DICE")]
    damage: String,
    /// The kind of damage: only physical damage is reduced by DR.
    #[arg(long, value_enum, default_value = "physical")]
    kind: KindArg,
    /// How damage × 0.9^DR (and the high-damage cuts) become whole numbers.
    #[arg(long, value_enum, default_value = "nearest")]
    rounding: RoundingArg,
    #[command(flatten)]
    model: ModelArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

pub fn damage(args: &DamageArgs) -> Result<String> {
    let rounding = match args.rounding {
        RoundingArg::Nearest => Rounding::Nearest,
        RoundingArg::Down => Rounding::Down,
        RoundingArg::Up => Rounding::Up,
        RoundingArg::Stochastic => Rounding::Stochastic,
    };
    let kind = match args.kind {
        KindArg::Physical => DamageKind::Physical,
        KindArg::Elemental => DamageKind::Elemental,
        KindArg::Spell => DamageKind::Spell,
    };
    let o = args.model.options(rounding)?;
    let dice: DiceExpr = args
        .damage
        .parse()
        .with_context(|| format!("--damage `{}`", args.damage))?;
    let (a, d) = (attacker(&args.attacker)?, defender(&args.defender)?);
    let odds = damage_odds(&dice, kind, &a, &d, &o)?;
    let caught = fray::evasion::resolve::caught(&a, &d);
    let effects: Vec<_> = odds
        .effects
        .iter()
        .map(|(e, p)| json!({"effect": e, "p_per_hit": p, "p_per_attack": p * odds.p_hit}))
        .collect();
    if args.json {
        let rows = |dist: &fray::dist::Distribution| {
            dist.iter()
                .map(|m| json!({"damage": m.value, "p": m.p}))
                .collect::<Vec<_>>()
        };
        return output::json(&json!({
            "p_hit": odds.p_hit,
            "caught": caught,
            "mean_per_hit": odds.per_hit.mean(),
            "mean_per_attack": odds.per_attack.mean(),
            "per_hit": rows(&odds.per_hit),
            "per_attack": rows(&odds.per_attack),
            "high_damage_effects": effects,
        }));
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{dice} {} damage, {}: P(hit) = {:.4}%",
        kind,
        describe_model(o.model),
        odds.p_hit * 100.0
    );
    if let Some(c) = caught {
        let _ = writeln!(
            s,
            "the throw is caught ({c}): taken, so every attack deals 0; were it to hit:"
        );
    }
    let _ = writeln!(
        s,
        "mean damage per hit {:.4}, per attack {:.4}",
        odds.per_hit.mean(),
        odds.per_attack.mean()
    );
    let peak = odds.per_hit.iter().map(|m| m.p).fold(0.0, f64::max);
    for m in odds.per_hit.iter().filter(|m| m.p >= 1e-5) {
        let _ = writeln!(
            s,
            "  {:>5}  {:>8.4}%  {}",
            m.value,
            m.p * 100.0,
            output::bar(m.p, peak, 40)
        );
    }
    let _ = writeln!(
        s,
        "high-damage effects (a hit over half of the defender's {} hp):",
        d.hp
    );
    if odds.effects.is_empty() {
        let _ = writeln!(s, "  none possible");
    }
    for (e, p) in &odds.effects {
        let _ = writeln!(
            s,
            "  {e}: {:.4}% of hits, {:.4}% of attacks",
            p * 100.0,
            p * odds.p_hit * 100.0
        );
    }
    Ok(s)
}

#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
enum RowsBy {
    /// Monster attackers by level.
    Level,
    /// Player attackers (Dex 10) by skill.
    Skill,
}

#[derive(Debug, Args)]
pub struct TableArgs {
    /// Rows: monster level, or player skill.
    #[arg(long, value_enum, default_value = "level")]
    by: RowsBy,
    /// Monster levels, FROM..TO (FROM not above TO).
    #[arg(long, default_value = "0..30")]
    levels: String,
    /// The step between levels.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
    step: u32,
    /// Defender evasiveness values, FROM..TO (whole numbers, FROM not above TO).
    #[arg(long, default_value = "0..10", allow_hyphen_values = true)]
    evs: String,
    #[command(flatten)]
    model: ModelArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

fn range(text: &str, what: &str, lo: i64, hi: i64) -> Result<(i64, i64)> {
    let bad = || {
        anyhow!(
            "{what} `{text}`: expected FROM..TO, whole numbers from {lo} to {hi} with FROM not above TO"
        )
    };
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let (a, b): (i64, i64) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if a > b || a < lo || b > hi {
        return Err(bad());
    }
    Ok((a, b))
}

pub fn table(args: &TableArgs) -> Result<String> {
    let o = args.model.options(Rounding::default())?;
    let (ev_lo, ev_hi) = range(&args.evs, "--evs", -50, 50)?;
    let rows: Vec<(String, Attacker)> = match args.by {
        RowsBy::Level => {
            let (lo, hi) = range(&args.levels, "--levels", 0, 100)?;
            (lo..=hi)
                .step_by(args.step as usize)
                .map(|l| {
                    (
                        format!("level {l}"),
                        Attacker {
                            level: l as u32,
                            ..Attacker::default()
                        },
                    )
                })
                .collect()
        }
        RowsBy::Skill => [
            SkillLevel::Restricted,
            SkillLevel::Unskilled,
            SkillLevel::Basic,
            SkillLevel::Skilled,
            SkillLevel::Expert,
        ]
        .into_iter()
        .map(|skill| {
            (
                skill.to_string(),
                Attacker {
                    kind: Kind::Player,
                    dex: 10,
                    skill,
                    ..Attacker::default()
                },
            )
        })
        .collect(),
    };
    let evs: Vec<i64> = (ev_lo..=ev_hi).collect();
    // One model for the whole table: the integer model is prepared once, not per cell.
    let to_hit = ToHit::new(o.model)?;
    let grid: Vec<Vec<f64>> = rows
        .iter()
        .map(|(_, a)| {
            evs.iter()
                .map(|ev| {
                    let d = Defender {
                        ev: *ev as f64,
                        ..Defender::default()
                    };
                    hit_chance_with(&to_hit, a, &d, &o).p_hit
                })
                .collect()
        })
        .collect();
    if args.json {
        let rows_json: Vec<_> = rows
            .iter()
            .zip(&grid)
            .map(|((name, _), ps)| json!({"attacker": name, "p_hit": ps}))
            .collect();
        return output::json(&json!({"model": o.model, "defender_ev": evs, "rows": rows_json}));
    }
    let mut s = format!(
        "P(hit) in %, {}; columns: defender EV (medium size, no armor)\n",
        describe_model(o.model)
    );
    let _ = write!(s, "{:>12}", "");
    for ev in &evs {
        let _ = write!(s, "{ev:>6}");
    }
    s.push('\n');
    for ((name, _), ps) in rows.iter().zip(&grid) {
        let _ = write!(s, "{name:>12}");
        for p in ps {
            let _ = write!(s, "{:>6.1}", p * 100.0);
        }
        s.push('\n');
    }
    Ok(s)
}

#[derive(Debug, Args)]
pub struct AppraiseArgs {
    /// The defender profile (TOML).
    #[arg(long, value_name = "FILE")]
    defender: PathBuf,
    /// The total bonus of the reference attacker.
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    reference_bonus: f64,
    #[command(flatten)]
    model: ModelArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

pub fn appraisal(args: &AppraiseArgs) -> Result<String> {
    let o = args.model.options(Rounding::default())?;
    let d = defender(&args.defender)?;
    let a = appraise(&d, finite(args.reference_bonus, "--reference-bonus")?, &o)?;
    if args.json {
        return output::json(&a);
    }
    let mut s = format!(
        "EV {:+} (luck {})   DR {:.2} expected over the slots   ",
        a.ev_total,
        a.luck.describe(),
        a.expected_dr
    );
    let _ = writeln!(
        s,
        "a {:+} attacker hits {:.1}%",
        a.reference_bonus,
        a.reference_hit_chance * 100.0
    );
    for (slot, dr) in &a.dr_by_slot {
        let _ = writeln!(s, "  {:<7} DR {dr:.2}", slot.name());
    }
    Ok(s)
}
