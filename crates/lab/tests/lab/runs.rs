//! Interrupted runs, chunk splits, draws of endless duels, bounded skirmishes
//! and every numeric field of scenario files at its edges.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use fray_lab::parse_scenario;
use fray_lab::report::{Basis, Estimate, html, report, text};
use fray_lab::run::{CHUNK, Tally, play_chunks, play_on, play_on_until};
use proptest::prelude::*;

fn scenario(name: &str, trials: u64) -> fray_lab::Scenario {
    let e = fray_lab::examples::find(name).unwrap();
    let mut s = parse_scenario(e.text).unwrap();
    s.trials = trials;
    s
}

#[test]
fn a_run_cancelled_after_n_chunks_keeps_the_finished_trials_and_says_so() {
    let s = scenario("duel", 20 * CHUNK);
    let cancel = AtomicBool::new(false);
    let chunks = AtomicU64::new(0);
    let tally = play_on_until(
        &s,
        1,
        &|_| {
            if chunks.fetch_add(1, Ordering::Relaxed) + 1 == 3 {
                cancel.store(true, Ordering::Relaxed);
            }
        },
        &cancel,
    )
    .unwrap();
    assert_eq!(
        tally.trials,
        3 * CHUNK,
        "one thread stops after the third chunk"
    );
    // The same three chunks as an uninterrupted run of them.
    let first = play_chunks(&s, 0..3, &|_| {}, &AtomicBool::new(false));
    assert_eq!(tally, first);
    let r = report(&s, &tally);
    assert!(!r.complete);
    assert_eq!((r.trials, r.planned_trials), (3 * CHUNK, 20 * CHUNK));
    assert!(text(&r).starts_with("INCOMPLETE: interrupted after 768 of 5120 battles"));
    assert!(html(&r).contains("Incomplete: interrupted after 768 of 5120 battles"));
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["complete"], false);
    // A flag set before the run plays nothing; a full run is complete.
    let none = play_on_until(&s, 2, &|_| {}, &AtomicBool::new(true)).unwrap();
    assert_eq!(none.trials, 0);
    let full = play_on(&scenario("duel", 300), 2, &|_| {}).unwrap();
    assert!(report(&scenario("duel", 300), &full).complete);
}

fn split_tally(s: &fray_lab::Scenario, cuts: &[u64]) -> Tally {
    let chunks = s.trials.div_ceil(CHUNK);
    let mut bounds: Vec<u64> = cuts.iter().map(|c| c % (chunks + 1)).collect();
    bounds.extend([0, chunks]);
    bounds.sort_unstable();
    bounds
        .windows(2)
        .map(|w| play_chunks(s, w[0]..w[1], &|_| {}, &AtomicBool::new(false)))
        .fold(Tally::default(), Tally::merge)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    /// The same seed gives the same tally however the chunks are split into runs.
    #[test]
    fn the_same_seed_gives_the_same_tally_however_the_chunks_are_split(
        cuts in prop::collection::vec(0u64..10, 0..4),
        extra in 0u64..CHUNK,
        seed in 0u64..1000,
        which in 0usize..3,
    ) {
        let name = ["duel", "pikes", "skirmish"][which];
        let mut s = scenario(name, 3 * CHUNK + extra);
        s.seed = seed;
        let whole = play_on(&s, 1, &|_| {}).unwrap();
        prop_assert_eq!(whole.trials, s.trials);
        prop_assert_eq!(split_tally(&s, &cuts), whole);
    }
}

#[test]
fn a_duel_where_nobody_can_ever_hit_is_reported_as_an_exact_draw() {
    let text_in = "system = \"evasion\"\ntrials = 300\nmax_rounds = 10\n[evasion.a]\nname = \"A\"\ndamage = \"1d4\"\n[evasion.a.attack.ranged]\nprojectile = \"missile\"\nlauncher = \"none\"\nthrown = \"gem\"\n[evasion.a.defense]\nunicorn = true\n[evasion.b]\nname = \"B\"\ndamage = \"1d4\"\n[evasion.b.attack.ranged]\nprojectile = \"missile\"\nlauncher = \"none\"\nthrown = \"gem\"\n[evasion.b.defense]\nunicorn = true\n";
    let s = parse_scenario(text_in).unwrap();
    let r = report(&s, &play_on(&s, 1, &|_| {}).unwrap());
    assert_eq!(r.draw, Estimate::exact(1.0));
    assert_eq!(r.sides[0].win, Estimate::exact(0.0));
    assert_eq!(r.sides[1].win, Estimate::exact(0.0));
    assert_eq!(r.rounds.mean_basis, Basis::Sampled, "infinite: not exact");
    assert!(r.sides.iter().all(|side| side.win.p == 0.0));
    let t = text(&r);
    assert!(
        t.contains("draw, undecided after 10 rounds: 100% (exact)"),
        "{t}"
    );
    assert!(t.contains("neither duelist can ever deal damage"), "{t}");
    assert!(!t.contains("NaN"), "{t}");
    let json = serde_json::to_string(&r).unwrap();
    assert!(!json.contains("NaN"));
}

#[test]
fn a_skirmish_with_too_many_creatures_is_refused_with_the_bound() {
    let one = |i: usize| {
        format!(
            "[[skirmish.creature]]\nname = \"C{i}\"\nside = \"{}\"\nhp = 10\nac = 10\nfortitude = 10\nreflex = 10\nwill = 10\nposition = [{i}, 0]\n",
            if i % 2 == 0 { "a" } else { "b" }
        )
    };
    let most = fray_lab::scenario::MAX_SKIRMISH_CREATURES;
    let many: String = (0..=most).map(one).collect();
    let e = parse_scenario(&format!("system = \"skirmish\"\n{many}")).unwrap_err();
    assert!(e.to_string().contains(&format!("at most {most}")), "{e}");
    assert!(e.location.is_some(), "{e}");
    let all: String = (0..most).map(one).collect();
    assert!(parse_scenario(&format!("system = \"skirmish\"\n{all}")).is_ok());
}

#[test]
fn every_numeric_field_of_a_scenario_at_its_edges_is_accepted_or_refused_with_its_range() {
    let edges = [
        "0",
        "-1",
        "-2147483648",
        "2147483647",
        "4294967295",
        "-9223372036854775808",
        "9223372036854775807",
    ];
    let duel =
        "[evasion.a]\nname = \"A\"\ndamage = \"d6\"\n[evasion.b]\nname = \"B\"\ndamage = \"d6\"\n";
    for (key, lo, hi) in [
        ("trials", 1i64, 100_000_000i64),
        ("seed", 0, i64::MAX),
        ("max_rounds", 1, 100_000),
        ("k", 1, 64),
        ("r", 1, 1000),
    ] {
        for value in edges {
            let (line, text) = match key {
                "k" => (
                    format!("uniform_sum = [{value}, 17]"),
                    format!("system = \"evasion\"\n[evasion]\nuniform_sum = [{value}, 17]\n{duel}"),
                ),
                "r" => (
                    format!("uniform_sum = [4, {value}]"),
                    format!("system = \"evasion\"\n[evasion]\nuniform_sum = [4, {value}]\n{duel}"),
                ),
                _ => (
                    format!("{key} = {value}"),
                    format!("system = \"evasion\"\n{key} = {value}\n[evasion]\n{duel}"),
                ),
            };
            let start = Instant::now();
            let v: i64 = value.parse().unwrap();
            match parse_scenario(&text) {
                Ok(s) => {
                    assert!((lo..=hi).contains(&v), "{line} accepted");
                    if key != "trials" {
                        // Playable at once: one chunk of it.
                        let t = play_chunks(&s, 0..1, &|_| {}, &AtomicBool::new(false));
                        assert!(t.trials >= 1);
                    }
                }
                Err(e) => {
                    let e = e.to_string();
                    assert!(!(lo..=hi).contains(&v), "{line} refused: {e}");
                    let at = text.lines().position(|l| l == line).unwrap() + 1;
                    assert!(e.contains(&format!("line {at}")), "{line}: {e}");
                    assert!(e.contains(&format!("{lo} to {hi}")), "{line}: {e}");
                }
            }
            assert!(start.elapsed() < Duration::from_secs(2), "{line}");
        }
    }
}

#[test]
fn the_duel_sigma_at_its_edges_is_refused_at_its_line_with_its_range() {
    let duel =
        "[evasion.a]\nname = \"A\"\ndamage = \"d6\"\n[evasion.b]\nname = \"B\"\ndamage = \"d6\"\n";
    for value in [
        "0",
        "-1",
        "1e308",
        "-1.7976931348623157e308",
        "inf",
        "nan",
        "1001",
    ] {
        let text = format!("system = \"evasion\"\n[evasion]\nsigma = {value}\n{duel}");
        let e = parse_scenario(&text).unwrap_err().to_string();
        assert!(
            e.contains("line 3") && e.contains("up to 1000"),
            "sigma = {value}: {e}"
        );
    }
    for value in ["0.5", "5", "1000"] {
        let text = format!("system = \"evasion\"\n[evasion]\nsigma = {value}\n{duel}");
        assert!(parse_scenario(&text).is_ok(), "sigma = {value}");
    }
}
