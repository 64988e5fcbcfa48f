//! The balance-point search given no range: outward from the scenario's own value,
//! within the values the scenario accepts, counted against the bounds before any battle;
//! and the two whole values around the crossing on a whole-number field.

use std::sync::atomic::AtomicBool;

use fray_lab::duel::exact_duel;
use fray_lab::scenario::BattleKind;
use fray_lab::sweep::find::Span;
use fray_lab::sweep::request::{SweepAnswer, SweepRequest};
use fray_lab::sweep::{self, FindSpec, Number, Plan, Settings, Values};
use fray_lab::{examples, parse_scenario};

fn text(name: &str) -> &'static str {
    examples::find(name).unwrap().text
}

/// A search of `path` with no range (outward) or with one.
fn search(path: &str, values: Option<&str>, target: f64, side: Option<&str>) -> Plan {
    Plan {
        vary: Vec::new(),
        find: Some(FindSpec {
            path: path.into(),
            values: values.map(|v| Values::Range(v.into())),
            target,
            side: side.map(str::to_string),
            origin: String::new(),
        }),
        precision: None,
    }
}

fn trials(n: u64) -> Settings {
    Settings {
        trials: Some(n),
        seed: Some(4),
        precision: None,
    }
}

/// The exact duel's chance that the Valkyrie wins against a troll of `hp` hit points.
fn duel_chance(hp: i64) -> f64 {
    let t = text("duel").replace("hp = 60", &format!("hp = {hp}"));
    let BattleKind::Evasion(d) = parse_scenario(&t).unwrap().battle else {
        panic!("a duel")
    };
    exact_duel(&d).unwrap().p_a_wins
}

#[test]
fn with_no_range_the_search_steps_outward_from_the_files_value() {
    let plan = search("evasion.b.defense.hp", None, 0.5, None);
    let s = sweep::check(text("duel"), &plan, &trials(10)).unwrap();
    let find = s.find.as_ref().unwrap();
    // The file's troll has 60 hit points; the first step is an eighth of it.
    assert_eq!(
        find.span,
        Span::Outward {
            start: Number::Int(60),
            step: Number::Int(7)
        }
    );
    assert_eq!(
        find.planned_battles(&s.base),
        0,
        "the duel is solved exactly"
    );
    let f = find.search(&s, &AtomicBool::new(false)).unwrap();
    assert!(f.exact && f.complete);
    assert_eq!(f.start, Some(Number::Int(60)));
    // Values tried: 60, then 67 and 53, 74 and 46, 88 and 32: the crossing lies
    // between 74 and 88, bisected to two neighbours.
    let values: Vec<f64> = f.evaluations.iter().map(|e| e.value.as_f64()).collect();
    for v in [32.0, 46.0, 53.0, 60.0, 67.0, 74.0, 88.0] {
        assert!(values.contains(&v), "{v} in {values:?}");
    }
    assert_eq!((f.from, f.to), (Number::Int(32), Number::Int(88)));
    let [below, above] = f.whole_values.clone().expect("a whole-number field");
    assert_eq!(below.value.as_f64() + 1.0, above.value.as_f64());
    assert_eq!(
        (below.value.as_f64(), above.value.as_f64()),
        (f.low, f.high)
    );
    let hp = |e: &sweep::Evaluation| e.value.as_f64() as i64;
    assert_eq!(below.p, duel_chance(hp(&below)));
    assert_eq!(above.p, duel_chance(hp(&above)));
    assert!(below.p >= 0.5 && above.p < 0.5, "{below:?} {above:?}");
    assert!(f.low <= f.value && f.value <= f.high);
    // The same crossing as a search of a range around it.
    let ranged = search("evasion.b.defense.hp", Some("20..200"), 0.5, None);
    let r = sweep::check(text("duel"), &ranged, &trials(10)).unwrap();
    let g = r
        .find
        .as_ref()
        .unwrap()
        .search(&r, &AtomicBool::new(false))
        .unwrap();
    assert_eq!(g.whole_values, f.whole_values);
    assert_eq!(g.start, None);
}

#[test]
fn the_search_outward_keeps_to_the_values_the_scenario_accepts() {
    // The Valkyrie wins more than 99.999999% of duels only against a troll of almost no
    // hit points: downward the search stops at 1, the fewest the scenario accepts;
    // upward, where the exact duel's bounds end.
    let plan = search("evasion.b.defense.hp", None, 0.999_999_99, None);
    let s = sweep::check(text("duel"), &plan, &trials(10)).unwrap();
    let e = s
        .find
        .as_ref()
        .unwrap()
        .search(&s, &AtomicBool::new(false))
        .unwrap_err();
    assert!(e.message.contains("does not cross"), "{e}");
    assert!(
        e.message
            .contains("1 is the lowest value the scenario accepts"),
        "{e}"
    );
    // A count never goes below 1: the orcs' count from 3, the militia winning below 5.
    let plan = search("minions.b.minions.Orc.count", None, 0.5, None);
    let s = sweep::check(text("minions"), &plan, &trials(1)).unwrap();
    let f = s
        .find
        .as_ref()
        .unwrap()
        .search(&s, &AtomicBool::new(false))
        .unwrap();
    assert!(f.evaluations.iter().all(|e| e.value.as_f64() >= 1.0));
    let [below, above] = f.whole_values.unwrap();
    assert_eq!(
        (below.value, below.p, above.value, above.p),
        (Number::Int(4), 1.0, Number::Int(5), 0.0)
    );
    assert_eq!(f.value, 4.5);
}

#[test]
fn a_search_outward_counts_its_most_values_before_any_battle() {
    // From 10 riders, steps of 1: the value, 12 doublings each way, and 11 halvings of
    // the widest bracket (1,024 riders wide).
    let plan = search("pool.b.combatants.Rider.count", None, 0.5, Some("b"));
    let s = sweep::check(text("pikes"), &plan, &trials(1000)).unwrap();
    let find = s.find.as_ref().unwrap();
    assert_eq!(find.max_evaluations(), 1 + 24 + 11);
    assert_eq!(find.planned_battles(&s.base), 36 * 1000);
    // At 100,000,000 trials a value that is past the bound, and refused before any play.
    let e = sweep::check(text("pikes"), &plan, &trials(100_000_000)).unwrap_err();
    assert!(e.message.contains("up to 3600000000 for the search"), "{e}");
    assert!(e.message.contains("at most 36 values"), "{e}");
    // The request every front end sends counts them too.
    let r: SweepRequest = serde_json::from_str(
        r#"{"example": "pikes", "trials": 1000, "find": {"path": "pool.b.combatants.Rider.count", "side": "b"}}"#,
    )
    .unwrap();
    assert_eq!(r.validate().unwrap().planned_battles(), 36 * 1000);
}

#[test]
fn a_sampled_search_outward_gives_the_whole_values_with_their_intervals() {
    let r: SweepRequest = serde_json::from_str(
        r#"{"example": "pikes", "trials": 400, "seed": 2, "find": {"path": "pool.b.combatants.Rider.count", "side": "b"}}"#,
    )
    .unwrap();
    let SweepAnswer::Battles(o) = r
        .validate()
        .unwrap()
        .run_with(&|_| {}, &AtomicBool::new(false))
        .unwrap()
    else {
        panic!("a battle sweep")
    };
    let f = o.find.unwrap();
    assert!(!f.exact && f.complete);
    assert_eq!(f.start, Some(Number::Int(10)));
    let [below, above] = f.whole_values.unwrap();
    assert_eq!(below.value.as_f64() + 1.0, above.value.as_f64());
    assert!(below.p < 0.5 && above.p >= 0.5, "{below:?} {above:?}");
    for e in [&below, &above] {
        assert!(!e.exact && e.low < e.p && e.p < e.high, "{e:?}");
    }
    // Each is the point of a sweep at that value alone, seed for seed.
    let seed =
        |v: &Number| sweep::point_seed(2, &[("pool.b.combatants.Rider.count".to_string(), *v)]);
    assert_eq!(below.seed, seed(&below.value));
    assert_eq!(above.seed, seed(&above.value));
}

#[test]
fn a_float_field_gives_the_crossing_alone() {
    let t = text("duel").replace("sigma = 5\n", "sigma = 5.0\n");
    let plan = search("evasion.sigma", None, 0.75, None);
    let s = sweep::check(&t, &plan, &trials(10)).unwrap();
    let f = s
        .find
        .as_ref()
        .unwrap()
        .search(&s, &AtomicBool::new(false))
        .unwrap();
    assert_eq!(f.start, Some(Number::Float(5.0)));
    assert!(f.exact && f.whole_values.is_none());
    // Steps of 0.625 (an eighth of 5): the crossing lies between 5 and 5.625.
    assert!(5.0 < f.value && f.value < 5.625, "{}", f.value);
    assert!(f.high - f.low < 1e-9);
}

#[test]
fn a_sweep_table_may_ask_for_a_search_without_a_range() {
    let t = format!(
        "{}\n[sweep.find]\npath = \"evasion.b.defense.hp\"\n",
        text("duel")
    );
    let plan = sweep::plan_of(&t).unwrap();
    assert_eq!(plan.find.as_ref().unwrap().values, None);
    let s = sweep::check(&t, &plan, &trials(10)).unwrap();
    assert!(matches!(
        s.find.as_ref().unwrap().span,
        Span::Outward {
            start: Number::Int(60),
            ..
        }
    ));
}
