//! The entry point of the battle-lab fuzz target (`fray battle FILE`), shared with the
//! regression replay of `crates/lab/tests/lab.rs`, which includes this file by path.

use fray_lab::{parse_scenario, report, run};

/// Trials of a lab scenario played per input: the file may ask for millions, and the
/// rules under test are the same in the fifth trial as in the millionth.
pub const MAX_LAB_TRIALS: u64 = 4;

/// Lab scenarios: parse, then play a few trials and build the reports.
pub fn lab_scenario(text: &str) {
    let Ok(mut scenario) = parse_scenario(text) else {
        return;
    };
    scenario.trials = scenario.trials.min(MAX_LAB_TRIALS);
    let tally = run::play(&scenario, &|_| {});
    let r = report::report(&scenario, &tally);
    let _ = report::text(&r);
    let _ = report::html(&r);
}

/// Points of a sweep checked per input: each point is the scenario loaded again, and a
/// wrong point is as wrong among 4 as among 10,000.
pub const MAX_SWEEP_POINTS: usize = 4;

/// A bundled scenario as the sweep target checks against it: its text without the comment
/// lines (the same scenario, parsed in less time) and its numeric fields, worked out once.
struct Bundled {
    name: &'static str,
    text: String,
    fields: Vec<fray_lab::sweep::apply::Field>,
}

fn bundled() -> &'static [Bundled] {
    static BUNDLED: std::sync::OnceLock<Vec<Bundled>> = std::sync::OnceLock::new();
    BUNDLED.get_or_init(|| {
        fray_lab::examples::EXAMPLES
            .iter()
            .map(|e| {
                let text: String = e
                    .text
                    .lines()
                    .filter(|l| !l.trim_start().starts_with('#'))
                    .flat_map(|l| [l, "\n"])
                    .collect();
                let fields = fray_lab::sweep::apply::fields(&text);
                Bundled {
                    name: e.name,
                    text,
                    fields,
                }
            })
            .collect()
    })
}

/// Sweep axes (`fray sweep --vary PATH=VALUES`, `--find PATH=VALUES`): each line a flag,
/// read by the same functions as the command's, then the sweep checked against a bundled
/// scenario. The first line may name the scenario (`duel`, `pikes`, `minions`,
/// `skirmish`); otherwise it is a flag too, and the scenario is `minions`, the smallest
/// and quickest to check (no dice: no exact duel is worked out to check a search). A line
/// `find PATH=VALUES` is a balance-point search (`find PATH`: outward from the
/// scenario's value); a `VALUES` in brackets (`hp=[40, 55.5]`) is a JSON list of values,
/// as the web and Python send them. A path the scenario does not write is refused by
/// `apply::find` alone; the sweep is checked (`sweep::check`) when every axis names a
/// field and it has at most [`MAX_SWEEP_POINTS`] points.
pub fn sweep_axis(text: &str) {
    use fray_lab::sweep::{self, FindSpec, MAX_AXES, Plan, Settings, apply};

    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default().trim();
    let all = bundled();
    let (scenario, flags): (_, Vec<&str>) = match all.iter().find(|b| b.name == first) {
        Some(b) => (b, lines.collect()),
        None => (
            all.iter()
                .find(|b| b.name == "minions")
                .expect("the minions battle is bundled"),
            text.lines().collect(),
        ),
    };
    let mut plan = Plan::default();
    let mut points = 1usize;
    for flag in flags.iter().take(MAX_AXES + 2) {
        let (find, flag) = match flag.strip_prefix("find ") {
            Some(rest) => (true, rest),
            None => (false, *flag),
        };
        if find && !flag.contains('=') {
            // A search with no range: outward from the scenario's own value.
            plan.find = Some(FindSpec {
                path: flag.trim().into(),
                values: None,
                target: 0.5,
                side: None,
                origin: String::new(),
            });
            continue;
        }
        let Some((spec, _)) = axis_spec(flag) else {
            continue;
        };
        let field = match apply::find(&scenario.fields, &spec.path) {
            Ok(field) => field,
            Err(e) => return assert!(!e.message.is_empty(), "a refusal without a message"),
        };
        let count = match &spec.values {
            sweep::Values::Range(r) => sweep::axis::values(r, field.integer).map_or(0, |v| v.len()),
            sweep::Values::List(l) => l.len(),
        };
        if find {
            plan.find = Some(FindSpec {
                path: spec.path,
                values: Some(spec.values),
                target: 0.5,
                side: None,
                origin: spec.origin,
            });
        } else {
            points = points.saturating_mul(count);
            plan.vary.push(spec);
        }
    }
    if points > MAX_SWEEP_POINTS {
        return;
    }
    let settings = Settings {
        trials: Some(1),
        seed: Some(1),
        precision: None,
    };
    match sweep::check(&scenario.text, &plan, &settings) {
        Err(e) => assert!(!e.message.is_empty(), "a refusal without a message"),
        Ok(s) => {
            let expected: usize = s.axes.iter().map(|a| a.values.len()).product();
            let expected = if s.axes.is_empty() { 0 } else { expected };
            assert_eq!(s.points.len(), expected, "points of {:?}", s.axes);
            for p in &s.points {
                assert_eq!(p.values.len(), s.axes.len());
                for ((path, v), a) in p.values.iter().zip(&s.axes) {
                    assert_eq!(path, &a.path);
                    assert!(a.values.contains(v), "{v} is no value of {}", a.path);
                }
            }
        }
    }
}

/// One `PATH=VALUES` flag as an axis, with the most values it can take (its field may
/// be whole or not), or `None` when it is refused (with a message) or holds too many
/// values to check.
fn axis_spec(flag: &str) -> Option<(fray_lab::sweep::AxisSpec, usize)> {
    use fray_lab::sweep::axis::{self, MAX_AXIS_VALUES, Number};
    use fray_lab::sweep::{AxisSpec, Values};

    let (path, range) = match axis::split_flag(flag) {
        Ok(split) => split,
        Err(e) => {
            assert!(!e.message.is_empty(), "a refusal without a message");
            let refused = AxisSpec::from_text(flag, format!("vary {flag}"))
                .expect_err("split_flag refused it");
            assert!(!refused.message.is_empty());
            return None;
        }
    };
    if range.starts_with('[') {
        let list: Vec<f64> = serde_json::from_str(range).ok()?;
        let count = list.len();
        return Some((AxisSpec::new(path, Values::List(list)), count));
    }
    let mut count = 0;
    for integer in [true, false] {
        match axis::values(range, integer) {
            Err(e) => assert!(!e.message.is_empty(), "a refusal without a message"),
            Ok(values) => {
                assert!(
                    !values.is_empty() && values.len() <= MAX_AXIS_VALUES,
                    "{} values from {range:?}",
                    values.len()
                );
                for v in &values {
                    match v {
                        Number::Int(_) => assert!(integer, "a whole number for a float field"),
                        Number::Float(x) => {
                            assert!(!integer && x.is_finite(), "{x} from {range:?}")
                        }
                    }
                }
                count = count.max(values.len());
            }
        }
    }
    let spec = AxisSpec::from_text(flag, format!("vary {flag}")).expect("split_flag accepted it");
    Some((spec, count))
}

/// The most steps of an odds sweep worked out per input (its checked `effort`); a
/// sweep over it, or of more than [`MAX_SWEEP_POINTS`] points, is checked only.
pub const MAX_ODDS_STEPS: u64 = 1_000_000;
/// The most points of an odds sweep checked per input (each is a request built and
/// validated, none worked out).
pub const MAX_ODDS_POINTS: usize = 64;

/// Odds sweeps (`fray sweep --odds SYSTEM --set PATH=VALUE --vary PATH=VALUES`): the
/// first line names the rules (`evasion`, `pool` or `damage`; anything else is a line
/// of the damage odds), each line `vary PATH=VALUES` is an axis, and every other line
/// a `--set` value. With no axis, the rules' first input is varied over two values.
/// The sweep is checked by `odds::check` (every point's request by the command's own
/// rules), and worked out only when its `effort` is at most [`MAX_ODDS_STEPS`] steps.
pub fn odds_set(text: &str) {
    use fray_lab::sweep::odds::{self, OddsPlan, OddsSystem};
    use fray_lab::sweep::{AxisSpec, MAX_AXES, Values};

    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let (system, lines): (_, Vec<&str>) = match OddsSystem::named(first) {
        Some(s) => (s, lines.collect()),
        None => (OddsSystem::Damage, text.lines().collect()),
    };
    let mut plan = OddsPlan {
        system,
        set: Vec::new(),
        vary: Vec::new(),
    };
    let mut points = 1usize;
    for line in lines.iter().take(16) {
        match line.strip_prefix("vary ") {
            Some(flag) if plan.vary.len() <= MAX_AXES => {
                if let Some((spec, count)) = axis_spec(flag) {
                    points = points.saturating_mul(count);
                    plan.vary.push(spec);
                }
            }
            Some(_) => {}
            None => plan.set.push((*line).to_string()),
        }
    }
    if plan.vary.is_empty() {
        let input = odds::params(system)[0].path;
        plan.vary
            .push(AxisSpec::new(input, Values::Range("0..1".into())));
        points = 2;
    }
    if points > MAX_ODDS_POINTS {
        return;
    }
    let sweep = match odds::check(&plan) {
        Ok(sweep) => sweep,
        Err(e) => return assert!(!e.message.is_empty(), "a refusal without a message"),
    };
    let expected: usize = sweep.axes.iter().map(|a| a.values.len()).product();
    assert_eq!(sweep.points.len(), expected, "points of {:?}", sweep.axes);
    if sweep.effort.steps > MAX_ODDS_STEPS || sweep.points.len() > MAX_SWEEP_POINTS {
        return;
    }
    match odds::run(&sweep, 1) {
        Err(e) => assert!(!e.message.is_empty(), "a refusal without a message"),
        Ok(out) => {
            assert_eq!(out.points.len(), sweep.points.len());
            let kinds = system.outcomes();
            for p in &out.points {
                assert_eq!(p.outcomes.len(), kinds.len());
                for (x, (name, probability)) in p.outcomes.iter().zip(kinds) {
                    assert!(
                        !probability || !(*x < -1e-9 || *x > 1.0 + 1e-9),
                        "{name} = {x} at {:?}",
                        p.values
                    );
                }
            }
            let json = serde_json::to_string(&out).expect("an odds sweep's answer as JSON");
            assert!(serde_json::from_str::<serde_json::Value>(&json).is_ok());
        }
    }
}
