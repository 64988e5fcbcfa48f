//! The entry points of the fuzz targets over the `fray` library, one function per target.
//!
//! Each takes the text a user could hand the command line and drives the same public
//! functions the CLI calls (`crates/cli/src/*.rs`): parse, then, where the text parsed,
//! play or resolve with a small bound on the work. Errors are fine; a panic, an abort or
//! unbounded work is a bug. The fuzz targets (`fuzz/fuzz_targets/`) and the regression
//! replay on stable Rust (`crates/fray/tests/pool/fuzz_replay.rs`, which includes this file
//! by path) call these same functions, so a saved crash replays exactly.

use fray::conditions::{parse_script, run_script};
use fray::damage::{
    self, DamageType, Defender, Effect, Hit, Modification, Predicate, TypeSelector,
};
use fray::dice::DiceExpr;
use fray::evasion::{self, profile};
use fray::minions;
use fray::pool::{self, CheckOdds, Ladder, MassState, SideHits, parse_mass_battle, parse_side};
use fray::rng::SeededRolls;
use fray::trace::NoTrace;

/// Exact distributions are only built for dice this narrow: the parser allows sums far
/// wider, whose convolution is slow by design, not a bug the fuzzer should chase.
const MAX_EXACT_WIDTH: i64 = 10_000;
/// Rounds of a mass battle played per input: enough to reach the damage and targeting
/// rules, few enough that one input stays fast.
const MAX_MASS_ROUNDS: u32 = 50;

/// Dice expressions (`fray damage --amount`, lab duel damage): parse, roll, and the exact
/// distribution of narrow ones.
pub fn dice(text: &str) {
    let Ok(expr) = text.parse::<DiceExpr>() else {
        return;
    };
    let (min, max) = (expr.min(), expr.max());
    assert!(min <= max, "{text}: min {min} > max {max}");
    let rolled = expr.roll(&mut SeededRolls::new(1));
    assert!(
        (min..=max).contains(&rolled),
        "{text}: rolled {rolled} outside {min}..={max}"
    );
    if max - min <= MAX_EXACT_WIDTH {
        let _ = expr.distribution().mean();
    }
}

/// Damage-type lists as the CLI reads them (`fray damage --type`, comma-separated here),
/// type selectors, effects and `--modify` modifications; each parsed item is also used.
pub fn damage_types(text: &str) {
    let mut types = Vec::new();
    for item in text.split(',') {
        if let Ok(t) = item.parse::<DamageType>() {
            let _ = t.to_string();
            types.push(t);
        }
        let _ = item.parse::<TypeSelector>();
        let _ = item.parse::<Effect>();
    }
    let mut hit = Hit::new(5, types);
    if let Ok(m) = text.parse::<Modification>() {
        let _ = m.apply(&mut hit, &mut NoTrace);
    }
    let _ = damage::resolve(&hit, &Defender::default());
}

/// The stat-block notation (`fray damage --vs`, `--vs-file`): parse, print the traits
/// back, and resolve a few hits against the defender they make.
pub fn stat_block(text: &str) {
    let block = damage::parse_stat_block(text);
    let defender = Defender::new(block.traits.clone());
    for t in &block.traits {
        let _ = t.to_string();
    }
    for types in [
        vec![],
        vec![DamageType::Fire],
        vec![DamageType::Fire, DamageType::Cold],
    ] {
        let mut hit = Hit::new(10, types);
        hit.met = block.declared.clone();
        let _ = damage::explain(&hit, &defender, &damage::Readings::default());
    }
    let _ = damage::parse_traits(text);
}

/// Predicates, the condition language of stat blocks: parse, print, judge a hit.
pub fn predicate(text: &str) {
    if let Ok(p) = text.parse::<Predicate>() {
        let _ = p.to_string();
        let _ = p.holds(&Hit::new(3, [DamageType::Fire]));
    }
}

/// Evasion attacker profiles (`fray tohit --attacker`): parse, then the odds against a
/// default defender.
pub fn evasion_attacker(text: &str) {
    if let Ok(a) = profile::parse_attacker(text) {
        let _ = evasion::hit_chance(
            &a,
            &evasion::Defender::default(),
            &evasion::Options::default(),
        );
    }
}

/// Evasion defender profiles (`fray tohit --defender`, `fray appraise`): parse, then the
/// odds of a default attacker against it.
pub fn evasion_defender(text: &str) {
    if let Ok(d) = profile::parse_defender(text) {
        let _ = evasion::hit_chance(
            &evasion::Attacker::default(),
            &d,
            &evasion::Options::default(),
        );
    }
}

/// The pool ladder (`fray check --ladder`): parse, then every rung as a check, as
/// `fray check RUNG --ladder LADDER` would.
pub fn pool_ladder(text: &str) {
    let Ok(ladder) = text.parse::<Ladder>() else {
        return;
    };
    let _ = ladder.to_string();
    for &rung in ladder.rungs().iter().take(64) {
        let _ = ladder.parse(&rung.to_string());
        let _ = ladder.step(rung, 1);
        if let Ok(check) = pool::Check::new(rung, 1, 0) {
            let _ = CheckOdds::new(check).p_success();
        }
    }
}

/// Pool side specs (`fray sides --a SPEC --b SPEC`): the first line is the side, a second
/// line (if any) a ladder, as `--ladder`; then the exact hits of the side.
pub fn pool_side(text: &str) {
    let (spec, ladder) = match text.split_once('\n') {
        Some((spec, ladder)) => match ladder.parse::<Ladder>() {
            Ok(l) => (spec, l),
            Err(_) => return,
        },
        None => (text, Ladder::standard()),
    };
    if let Ok(side) = parse_side(spec, &ladder) {
        // As `fray sides` does: refuse a side past the work bound (`try_new`); and, so that
        // each input stays quick under the sanitizer, skip sides over a hundredth of it.
        if SideHits::work(&side) > 1e8 {
            return;
        }
        if let Ok(hits) = SideHits::try_new(&side) {
            let _ = pool::compare(&hits.distribution, &hits.distribution);
        }
    }
}

/// Mass-battle files (`fray mass-battle FILE`): parse, then play a bounded battle.
pub fn pool_mass_battle(text: &str) {
    let Ok(scenario) = parse_mass_battle(text) else {
        return;
    };
    let mut state = MassState::new(&scenario.battle);
    let mut rolls = SeededRolls::new(scenario.seed.unwrap_or(1));
    while !state.over() && state.round < MAX_MASS_ROUNDS {
        if state.round_odds().is_err() {
            return;
        }
        let mut log = Vec::new();
        if state.play_round(&mut rolls, &mut log).is_err() {
            return;
        }
        for e in &log {
            let _ = e.to_string();
        }
    }
    let _ = state.winner();
}

/// Minions battle files (`fray minions FILE`): parse, then play (the loader bounds the
/// work up front).
pub fn minions_battle(text: &str) {
    if let Ok(battle) = minions::parse_battle(text) {
        let mut log = Vec::new();
        let _ = minions::play(&battle, &mut log);
        for e in &log {
            let _ = e.to_string();
        }
    }
}

/// Encounter scripts (`fray encounter SCRIPT`): parse, then run every step.
pub fn encounter(text: &str) {
    if let Ok(script) = parse_script(text) {
        let report = run_script(&script, Some(1));
        for step in &report.log {
            let _ = step.to_string();
        }
    }
}
