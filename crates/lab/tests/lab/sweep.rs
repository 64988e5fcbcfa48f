//! Balance sweeps: seeds by value, thread counts, chunks, the search against the exact
//! duel, `[sweep]` tables, bounds and cancellation.

use std::sync::atomic::AtomicBool;

use fray_lab::duel::exact_duel;
use fray_lab::report::report;
use fray_lab::run::play_on;
use fray_lab::scenario::BattleKind;
use fray_lab::sweep::{self, AxisSpec, FindSpec, Number, Plan, Settings, Values};
use fray_lab::{charts, parse_scenario};

fn duel_text() -> &'static str {
    fray_lab::examples::find("duel").unwrap().text
}

/// A sweep of the given axes, `(path, range)`, and nothing else.
pub(crate) fn plan(axes: &[(&str, &str)]) -> Plan {
    Plan {
        vary: axes
            .iter()
            .map(|(p, r)| AxisSpec::new(p, Values::Range((*r).into())))
            .collect(),
        find: None,
        precision: None,
    }
}

fn few(trials: u64) -> Settings {
    Settings {
        trials: Some(trials),
        seed: Some(9),
        precision: None,
    }
}

fn outcome(text: &str, axes: &[(&str, &str)], trials: u64, threads: usize) -> sweep::Outcome {
    let s = sweep::check(text, &plan(axes), &few(trials)).unwrap();
    sweep::run(&s, threads, &|_| {}, &AtomicBool::new(false)).unwrap()
}

#[test]
fn a_points_numbers_do_not_depend_on_the_other_points_or_the_thread_count() {
    let pikes = fray_lab::examples::find("pikes").unwrap().text;
    let small = outcome(pikes, &[("pool.b.combatants.Rider.count", "9")], 300, 1);
    let large = outcome(pikes, &[("pool.b.combatants.Rider.count", "6..12")], 300, 0);
    let by_index = outcome(pikes, &[("pool.b.combatants.0.count", "3,9")], 300, 2);
    let nine = |o: &sweep::Outcome| {
        o.points
            .iter()
            .find(|p| p.values[0].1 == Number::Int(9))
            .cloned()
            .unwrap()
    };
    assert_eq!(nine(&small), nine(&large));
    // The same field named by index has the same canonical path, so the same seed.
    assert_eq!(nine(&small), nine(&by_index));
    assert_eq!(large.points.len(), 7);
    let seeds: std::collections::HashSet<u64> = large.points.iter().map(|p| p.seed).collect();
    assert_eq!(seeds.len(), 7, "every point its own stream");
    let one = outcome(pikes, &[("pool.b.combatants.Rider.count", "6..12")], 300, 1);
    assert_eq!(
        serde_json::to_string(&one).unwrap(),
        serde_json::to_string(&large).unwrap()
    );
    assert_eq!(sweep::output::csv(&one), sweep::output::csv(&large));
}

#[test]
fn a_point_is_the_battle_of_its_scenario_with_its_seed() {
    let o = outcome(duel_text(), &[("evasion.b.defense.hp", "50,75")], 400, 0);
    let p = &o.points[1];
    assert_eq!(
        p.values,
        vec![("evasion.b.defense.hp".into(), Number::Int(75))]
    );
    // Written by hand, not through the sweep's own writer.
    let text = duel_text().replace("hp = 60", "hp = 75");
    assert_ne!(text, duel_text());
    let mut s = parse_scenario(&text).unwrap();
    s.trials = 400;
    s.seed = p.seed;
    let tally = play_on(&s, 3, &|_| {}).unwrap();
    assert_eq!(report(&s, &tally), p.report);
    assert!(p.report.sides[0].win.exact);
}

#[test]
fn point_chunks_run_apart_give_the_whole_sweep() {
    let text = fray_lab::examples::find("minions").unwrap().text;
    let s = sweep::check(
        text,
        &plan(&[
            ("minions.b.minions.Orc.count", "1..4"),
            ("minions.a.minions.Spearman.hp", "4,8"),
        ]),
        &Settings::default(),
    )
    .unwrap();
    assert_eq!(s.points.len(), 8);
    let no = AtomicBool::new(false);
    let whole = sweep::run_points(&s, 0..8, &|_| {}, &no);
    let mut parts = sweep::run_points(&s, 5..8, &|_| {}, &no);
    parts.splice(0..0, sweep::run_points(&s, 0..5, &|_| {}, &no));
    assert_eq!(whole, parts);
    // The first axis varies slowest.
    assert_eq!(whole[1].values[1].1, Number::Int(8));
    assert_eq!(whole[2].values[0].1, Number::Int(2));
}

#[test]
fn the_search_finds_where_the_exact_duel_crosses_the_target() {
    let plan = Plan {
        vary: Vec::new(),
        find: Some(FindSpec {
            path: "evasion.b.defense.hp".into(),
            values: Some(Values::Range("20..200".into())),
            target: 0.5,
            side: None,
            origin: String::new(),
        }),
        precision: None,
    };
    let s = sweep::check(duel_text(), &plan, &few(10)).unwrap();
    let o = sweep::run(&s, 0, &|_| {}, &AtomicBool::new(false)).unwrap();
    let f = o.find.unwrap();
    assert!(f.exact && f.complete);
    assert_eq!(f.high - f.low, 1.0, "{f:?}");
    assert!(f.low <= f.value && f.value <= f.high);
    // The exact duel itself, at the two whole values around the crossing.
    let chance = |hp: f64| {
        let text = duel_text().replace("hp = 60", &format!("hp = {hp}"));
        let BattleKind::Evasion(d) = parse_scenario(&text).unwrap().battle else {
            panic!("a duel")
        };
        exact_duel(&d).unwrap().p_a_wins
    };
    assert!(chance(f.low) >= 0.5, "{}", chance(f.low));
    assert!(chance(f.high) < 0.5, "{}", chance(f.high));
    let tried = f.evaluations.len();
    assert!(tried <= 10, "bisection, not a scan: {tried} values");
}

#[test]
fn a_sampled_search_gives_an_interval_around_its_value() {
    let pikes = fray_lab::examples::find("pikes").unwrap().text;
    let plan = Plan {
        vary: Vec::new(),
        find: Some(FindSpec {
            path: "pool.b.combatants.Rider.count".into(),
            values: Some(Values::List(vec![6.0, 20.0])),
            target: 0.5,
            side: Some("b".into()),
            origin: String::new(),
        }),
        precision: None,
    };
    let s = sweep::check(pikes, &plan, &few(400)).unwrap();
    let f = s
        .find
        .as_ref()
        .unwrap()
        .search(&s, &AtomicBool::new(false))
        .unwrap();
    assert!(!f.exact);
    assert!(f.low < f.value && f.value < f.high, "{f:?}");
    assert_eq!(f.side, "Riders");
    // Every value tried below the range's low end is clearly on the losing side.
    for e in &f.evaluations {
        if e.value.as_f64() <= f.low {
            assert!(e.p < 0.5);
        }
    }
}

#[test]
fn a_search_that_cannot_cross_the_target_says_so() {
    let plan = Plan {
        vary: Vec::new(),
        find: Some(FindSpec {
            path: "evasion.b.defense.hp".into(),
            values: Some(Values::Range("20..30".into())),
            target: 0.5,
            side: None,
            origin: "--find".into(),
        }),
        precision: None,
    };
    let s = sweep::check(duel_text(), &plan, &few(10)).unwrap();
    let e = s
        .find
        .as_ref()
        .unwrap()
        .search(&s, &AtomicBool::new(false))
        .unwrap_err();
    assert!(e.message.contains("does not cross 0.5"), "{e}");
}

#[test]
fn a_sweep_table_in_the_file_is_read_and_checked_with_places() {
    let text = format!(
        "{}\n[[sweep.vary]]\npath = \"evasion.b.defense.hp\"\nvalues = [40, 80]\n\n[sweep.find]\npath = \"evasion.b.defense.hp\"\nvalues = \"40..100\"\n",
        duel_text()
    );
    // A battle still plays the file.
    assert!(parse_scenario(&text).is_ok());
    let p = sweep::plan_of(&text).unwrap();
    assert_eq!(p.vary.len(), 1);
    assert!(
        p.vary[0].origin.starts_with("[sweep] vary entry 1 (line "),
        "{}",
        p.vary[0].origin
    );
    assert_eq!(p.find.as_ref().unwrap().target, 0.5);
    let s = sweep::check(&text, &p, &few(50)).unwrap();
    assert_eq!(s.points.len(), 2);
    let bad = format!("{}\n[[sweep.vary]]\npath = \"x\"\nvalue = 3\n", duel_text());
    let e = sweep::plan_of(&bad).unwrap_err();
    assert!(e.message.contains("unknown field `value`"), "{e}");
    assert_eq!(e.location.unwrap().line, duel_text().lines().count() + 4);
    let wrong = format!(
        "{}\n[[sweep.vary]]\npath = \"evasion.b.defense.hp\"\nvalues = \"1..x\"\n",
        duel_text()
    );
    let e = sweep::check(&wrong, &sweep::plan_of(&wrong).unwrap(), &few(5)).unwrap_err();
    assert!(e.message.starts_with("[sweep] vary entry 1 (line"), "{e}");
}

#[test]
fn bad_axes_are_refused_before_any_work() {
    let check = |axes: &[(&str, &str)]| {
        sweep::check(duel_text(), &plan(axes), &few(100))
            .unwrap_err()
            .to_string()
    };
    let e = check(&[("evasion.b.defense.hpp", "3")]);
    assert!(
        e.contains("nearest known paths: evasion.b.defense.hp"),
        "{e}"
    );
    let e = check(&[("evasion.b.name", "3")]);
    assert!(e.contains("names no numeric field"), "{e}");
    let e = check(&[("evasion.b.defense.hp", "0,50")]);
    assert!(
        e.contains("vary evasion.b.defense.hp (value 0)") && e.contains("line 56"),
        "{e}"
    );
    let e = check(&[
        ("evasion.b.defense.hp", "1..1000"),
        ("evasion.a.defense.hp", "1..100"),
    ]);
    assert!(e.contains("at most 10000"), "{e}");
    let e = sweep::check(
        duel_text(),
        &plan(&[("evasion.b.defense.hp", "1..1000")]),
        &few(10_000_000),
    )
    .unwrap_err();
    assert!(e.message.contains("at most 1000000000"), "{e}");
    let e = check(&[
        ("evasion.b.defense.hp", "1,2"),
        ("evasion.b.defense.1", "3"),
    ]);
    assert!(e.contains("names no numeric field"), "{e}");
    let e = check(&[
        ("evasion.b.defense.hp", "40"),
        ("evasion.b.defense.hp", "50"),
    ]);
    assert!(e.contains("already varied"), "{e}");
    let e = check(&[("sigma", "-1")]);
    assert!(e.contains("evasion.sigma"), "{e}");
}

#[test]
fn a_cancelled_sweep_keeps_only_finished_points_and_says_so() {
    let s = sweep::check(
        duel_text(),
        &plan(&[("evasion.b.defense.hp", "40,50")]),
        &few(100),
    )
    .unwrap();
    let o = sweep::run(&s, 1, &|_| {}, &AtomicBool::new(true)).unwrap();
    assert!(!o.complete);
    assert!(o.points.is_empty());
    assert_eq!(o.planned_points, 2);
    assert!(sweep::output::text(&o).starts_with("INCOMPLETE: interrupted after 0 of 2 points"));
    assert!(sweep::report::html(&o).contains("Incomplete"));
}

#[test]
fn the_charts_draw_bands_and_the_even_contour() {
    let o = outcome(
        duel_text(),
        &[("evasion.b.defense.hp", "40..80:20")],
        200,
        0,
    );
    let charts = sweep::report::charts(&o);
    let names: Vec<&str> = charts.iter().map(|c| c.0.as_str()).collect();
    assert_eq!(names, ["win", "rounds", "survivors"]);
    assert!(charts[0].1.contains("<svg") && charts[0].1.contains("Valkyrie wins"));
    // Both axes named in words: the y axis what it measures.
    assert!(
        charts[0].1.contains("\nwin probability\n"),
        "{}",
        charts[0].1
    );
    assert!(charts[1].1.contains("\nrounds (mean)\n"));
    let banded = charts::lines(&charts::LineChart {
        title: "t".into(),
        x_desc: "x".into(),
        y_desc: "y".into(),
        axis: charts::Axis::Percent,
        lines: vec![charts::Line {
            name: "l".into(),
            points: vec![(1.0, 0.4, Some((0.3, 0.5))), (2.0, 0.6, Some((0.5, 0.7)))],
        }],
    });
    assert!(
        banded.contains("<polygon") && banded.contains("95% interval"),
        "{banded}"
    );
    let grid = |values: Vec<Vec<f64>>| {
        charts::heat_map(&charts::HeatMap {
            title: "t".into(),
            x_desc: "x".into(),
            y_desc: "y".into(),
            xs: vec!["1".into(), "2".into()],
            ys: vec!["a".into()],
            values,
            contour: 0.5,
        })
    };
    let even = |svg: &str| svg.matches("stroke-width=\"3\"").count();
    assert!(even(&grid(vec![vec![0.2], vec![0.8]])) > even(&grid(vec![vec![0.6], vec![0.8]])));
    let two = outcome(
        duel_text(),
        &[
            ("evasion.b.defense.hp", "40,80"),
            ("evasion.a.defense.hp", "30,50"),
        ],
        50,
        0,
    );
    let html = sweep::report::html(&two);
    assert!(html.contains("50% contour") && !html.contains("<script"));
}

#[test]
fn a_plan_sent_as_json_runs_like_flags_and_names_its_axes_in_errors() {
    let json = r#"{"vary": [{"path": "evasion.b.defense.hp", "values": [40, 60]},
                            {"path": "evasion.a.defense.hp", "values": "30..50:20"}]}"#;
    let p: Plan = serde_json::from_str(json).unwrap();
    let from_json = sweep::run(
        &sweep::check(duel_text(), &p, &few(50)).unwrap(),
        0,
        &|_| {},
        &AtomicBool::new(false),
    )
    .unwrap();
    let flags = outcome(
        duel_text(),
        &[
            ("evasion.b.defense.hp", "40,60"),
            ("evasion.a.defense.hp", "30,50"),
        ],
        50,
        1,
    );
    assert_eq!(from_json, flags);
    let bad: Plan =
        serde_json::from_str(r#"{"vary": [{"path": "evasion.b.defense.hp", "values": [2.5]}]}"#)
            .unwrap();
    let e = sweep::check(duel_text(), &bad, &few(5)).unwrap_err();
    assert!(
        e.message
            .starts_with("vary evasion.b.defense.hp: `2.5` is not a whole number"),
        "{e}"
    );
}

#[test]
fn a_point_played_to_a_precision_is_fray_battle_with_that_precision_and_seed() {
    let pikes = fray_lab::examples::find("pikes").unwrap().text;
    let settings = Settings {
        trials: Some(200_000),
        seed: Some(9),
        precision: Some(0.008),
    };
    let axes = plan(&[("pool.b.combatants.Rider.count", "8,12")]);
    let s = sweep::check(pikes, &axes, &settings).unwrap();
    let run = |threads| sweep::run(&s, threads, &|_| {}, &AtomicBool::new(false)).unwrap();
    let (all, one) = (run(0), run(1));
    assert_eq!(
        serde_json::to_string(&all).unwrap(),
        serde_json::to_string(&one).unwrap()
    );
    assert_eq!((all.precision, all.trials), (Some(0.008), 200_000));
    for p in &all.points {
        let reached = p.report.precision.unwrap();
        assert!(
            reached.reached && reached.half_width <= 0.008,
            "{reached:?}"
        );
        assert!(p.report.trials < 200_000, "stopped before the cap");
        // Written by hand, then played as `fray battle --precision` plays it.
        let n = p.values[0].1;
        let text = pikes.replace("count = 10\nhp = 7", &format!("count = {n}\nhp = 7"));
        assert_ne!(text, pikes);
        let battle = fray_lab::request::BattleRequest {
            scenario: Some(text),
            precision: Some(0.008),
            trials: Some(200_000),
            seed: Some(p.seed),
            threads: 2,
            ..Default::default()
        };
        assert_eq!(battle.validate().unwrap().run().unwrap(), p.report);
    }
    // Each point stops when it is precise enough: the even point needs more battles.
    assert_ne!(all.points[0].report.trials, all.points[1].report.trials);
    let csv = sweep::output::csv(&all);
    let row = csv.lines().nth(1).unwrap();
    assert!(
        row.contains(&format!(",{},", all.points[0].report.trials)),
        "{row}"
    );
    assert!(sweep::output::text(&all).contains("to ±0.008 a point (at most 200,000 battles)"));
}

#[test]
fn a_sweep_table_may_ask_for_a_precision_and_a_bad_one_is_refused() {
    let text = format!(
        "{}\n[sweep]\nprecision = 0.02\n[[sweep.vary]]\npath = \"evasion.b.defense.hp\"\nvalues = [50]\n",
        duel_text()
    );
    let plan = sweep::plan_of(&text).unwrap();
    assert_eq!(plan.precision, Some(0.02));
    let s = sweep::check(&text, &plan, &Settings::default()).unwrap();
    assert_eq!(s.precision, Some(0.02));
    assert_eq!(s.base.trials, fray_lab::run::MAX_PRECISION_TRIALS);
    let bad = Settings {
        precision: Some(0.9),
        ..Settings::default()
    };
    let e = sweep::check(&text, &plan, &bad).unwrap_err().message;
    assert!(
        e.starts_with("precision 0.9: expected a number from"),
        "{e}"
    );
}

#[test]
fn an_odds_grid_is_exact_and_the_same_on_any_thread_count() {
    use sweep::odds::{self, OddsPlan, OddsSystem};
    let plan = OddsPlan {
        system: OddsSystem::Evasion,
        set: vec!["model.uniform_sum=[4,17]".into()],
        vary: vec![
            AxisSpec::new("attacker.level", Values::Range("0..20:4".into())),
            AxisSpec::new("defender.ev", Values::List(vec![0.0, 5.0, 10.0])),
        ],
    };
    let s = odds::check(&plan).unwrap();
    let (all, one) = (odds::run(&s, 0).unwrap(), odds::run(&s, 1).unwrap());
    assert_eq!(all, one);
    assert_eq!(all.points.len(), 18);
    for p in &all.points {
        let hit = p.outcomes[0];
        assert!((0.0..=1.0).contains(&hit), "{hit}");
        assert_eq!(
            Some(hit),
            p.answer.pointer("/rows/0/p_hit/0").and_then(|v| v.as_f64())
        );
    }
    // Higher levels hit more often, more evasive defenders less.
    assert!(all.points[15].outcomes[0] > all.points[0].outcomes[0]);
    assert!(all.points[0].outcomes[0] > all.points[2].outcomes[0]);
    let charts = sweep::report::odds_charts(&all);
    assert_eq!(charts.len(), 1, "one heat map of p_hit");
    assert!(sweep::output::odds_csv(&all).starts_with("attacker.level,defender.ev,p_hit\n0,0,"));
}

#[test]
fn chart_ticks_print_numbers_as_people_write_them() {
    assert_eq!(fray_lab::charts::tick(0.6000000000000001), "0.6");
    assert_eq!(fray_lab::charts::tick(-1e-9), "0");
    // The survivors chart of a sweep over hit points: its ticks step by 0.2 of a
    // combatant, which float arithmetic leaves as 0.6000000000000001.
    let o = outcome(
        duel_text(),
        &[("evasion.b.defense.hp", "20..80:10")],
        200,
        1,
    );
    for (name, svg) in sweep::report::charts(&o) {
        let noisy = svg
            .split('>')
            .filter_map(|t| t.split('<').next())
            .any(|text| text.contains("00000000") || text.contains("99999999"));
        assert!(!noisy, "{name} has a tick with float noise");
    }
}

#[test]
fn csv_cells_are_numbers_as_people_read_them_and_say_their_basis() {
    use fray_lab::sweep::output::{csv, number};
    assert_eq!(number(9.097499999999998), "9.0975");
    assert_eq!(number(0.0023300253217564126), "0.00233003");
    assert_eq!(number(6370.765890740279), "6370.77");
    assert_eq!(number(-0.0), "0");
    assert_eq!(number(40.0), "40");
    let o = outcome(
        duel_text(),
        &[("evasion.b.defense.hp", "20..40:10")],
        200,
        1,
    );
    let text = csv(&o);
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let basis = header
        .iter()
        .position(|h| *h == "a_basis")
        .expect("a basis column");
    for row in text.lines().skip(1) {
        let cells: Vec<&str> = row.split(',').collect();
        assert_eq!(cells[basis], "exact", "the duel's wins are exact: {row}");
        for c in &cells {
            let digits = c
                .trim_start_matches(['0', '.', '-'])
                .chars()
                .filter(char::is_ascii_digit)
                .count();
            assert!(
                c.parse::<f64>().is_err() || digits <= 6 || !c.contains('.'),
                "{c} in {row}"
            );
        }
    }
}

#[test]
fn a_search_counts_its_battles_before_any_is_played() {
    let pikes = fray_lab::examples::find("pikes").unwrap().text;
    let search = |range: &str| Plan {
        vary: Vec::new(),
        find: Some(FindSpec {
            path: "pool.b.combatants.Rider.count".into(),
            values: Some(Values::Range(range.into())),
            target: 0.5,
            side: None,
            origin: String::new(),
        }),
        precision: None,
    };
    // The two ends and one value a halving of 6..12, 1,000 battles each.
    let s = sweep::check(pikes, &search("6..12"), &few(1000)).unwrap();
    assert_eq!(s.find.as_ref().unwrap().planned_battles(&s.base), 5 * 1000);
    // 1..1,000 takes up to 12 values: at 100,000,000 trials a value, past the bound.
    let e = sweep::check(pikes, &search("1..1000"), &few(100_000_000)).unwrap_err();
    assert!(e.to_string().contains("for the search"), "{e}");
    // An exact duel's search plays no battle.
    let duel = sweep::check(
        duel_text(),
        &{
            let mut p = search("20..200");
            p.find.as_mut().unwrap().path = "evasion.b.defense.hp".into();
            p
        },
        &few(100_000_000),
    )
    .unwrap();
    assert_eq!(duel.find.as_ref().unwrap().planned_battles(&duel.base), 0);
}
