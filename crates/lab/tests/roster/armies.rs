//! The search for the strongest mixed army against the field, on rosters whose answer
//! is known without fray.

use fray_lab::roster::armies::compositions;
use fray_lab::roster::file::ArmyRules;
use fray_lab::roster::{RosterAnswer, RosterRequest, parse_roster};

fn search(text: &str, extra: impl FnOnce(&mut RosterRequest)) -> RosterAnswer {
    let mut r = RosterRequest {
        roster: Some(text.to_string()),
        armies: true,
        ..RosterRequest::default()
    };
    extra(&mut r);
    r.validate().unwrap().run().unwrap()
}

const POOL_HEAD: &str = "system = \"pool\"\nbudget = 30\nseed = 5\nmax_rounds = 40\n[pool]\n";

fn pool_unit(name: &str, extra: &str) -> String {
    format!("[[pool.units]]\nname = \"{name}\"\ncost = 5\n{extra}\n")
}

#[test]
fn full_armies_spend_all_they_can() {
    // Costs 2 and 3 at a budget of 7: an army that could buy one more 2 is not full.
    let free = ArmyRules::default();
    let mut got = compositions(&[2.0, 3.0], 7.0, 100, &free).unwrap();
    got.sort();
    assert_eq!(got, [vec![0, 2], vec![2, 1], vec![3, 0]]);
    let e = compositions(&[1.0; 8], 40.0, 1000, &free).unwrap_err();
    assert!(
        e.message.contains("more than 20000 armies"),
        "{}",
        e.message
    );
    // At most one of the first unit: an army is full when only it could still be bought.
    let limited = ArmyRules {
        limits: vec![(0, 1), (0, 100)],
        ..ArmyRules::default()
    };
    let mut got = compositions(&[2.0, 3.0], 7.0, 100, &limited).unwrap();
    got.sort();
    assert_eq!(got, [vec![0, 2], vec![1, 1]]);
    // Spending at least half the budget, not full: every army of 4 to 7 points.
    let half = ArmyRules {
        min_spend: Some(0.5),
        ..ArmyRules::default()
    };
    let got = compositions(&[2.0, 3.0], 7.0, 100, &half).unwrap();
    assert_eq!(got.len(), 5, "{got:?}");
    let none = ArmyRules {
        limits: vec![(4, 4), (0, 0)],
        ..ArmyRules::default()
    };
    let e = compositions(&[2.0, 3.0], 7.0, 100, &none).unwrap_err();
    assert!(e.message.contains("no army fits"), "{}", e.message);
    // A spend no army reaches, among a great many within the budget: the walk is
    // bounded, not only what it keeps.
    let unreachable = ArmyRules {
        min_spend: Some(1.0),
        ..ArmyRules::default()
    };
    let e = compositions(&[7.0; 24], 100.0, 1000, &unreachable).unwrap_err();
    assert!(
        e.message.contains("too many to look through"),
        "{}",
        e.message
    );
}

#[test]
fn identical_units_give_no_army_that_beats_the_field() {
    let text = format!(
        "{POOL_HEAD}{}{}{}",
        pool_unit("Spear", "hp = 5\narmor = \"light\""),
        pool_unit("Lance", "hp = 5\narmor = \"light\""),
        pool_unit("Pole", "hp = 5\narmor = \"light\""),
    );
    let a = search(&text, |_| {});
    let s = a.armies.as_ref().unwrap();
    assert_eq!(s.armies.len(), 5);
    for army in &s.armies {
        assert!(army.low <= 0.5 + 0.02, "{army:?}");
    }
    assert!(
        a.findings
            .iter()
            .any(|f| f.starts_with("No army beats the field by more than its interval")),
        "{:?}",
        a.findings
    );
}

#[test]
fn a_stronger_copy_is_over_used_by_the_top_armies() {
    let text = format!(
        "{POOL_HEAD}{}{}{}",
        pool_unit("Guard", "hp = 7\narmor = \"light\""),
        pool_unit("Militia", "hp = 5\narmor = \"light\""),
        pool_unit("Scout", "hp = 4"),
    );
    let a = search(&text, |r| r.top = Some(3));
    let s = a.armies.as_ref().unwrap();
    let count = |name: &str| -> u32 {
        s.armies
            .iter()
            .flat_map(|army| &army.units)
            .filter(|u| u.unit == name)
            .map(|u| u.count)
            .sum()
    };
    assert!(count("Guard") > count("Militia"), "{:?}", s.armies);
    let best = &s.armies[0];
    assert!(best.low > 0.5, "{best:?}");
    for army in &s.armies {
        assert!(army.cost <= 30.0 + 1e-9 && army.cost > 25.0, "{army:?}");
    }
    // The report stacks each army's cost by unit, a colour each, beside its score.
    let page = fray_lab::roster::report::html(&a);
    let at = page
        .find("What the strongest armies spend their points on")
        .expect("the composition chart");
    let chart = &page[at..page[at..].find("</svg>").map_or(page.len(), |e| at + e)];
    for name in ["Guard", "Militia", "Scout", "#1", "#2", "#3"] {
        assert!(
            chart.contains(&format!("\n{name}\n")),
            "{name} is not in the chart"
        );
    }
    assert!(page.contains("Their scores against the field"));
}

#[test]
fn an_exact_search_is_the_best_of_every_composition() {
    let text = "system = \"minions\"\nbudget = 12\n[minions.rules]\nmax_rounds = 1000\nturns = 1\n\
                [[minions.units]]\nname = \"Recruit\"\nkind = \"recruit\"\nhp = 3\ndamage = 1\ncost = 2\n\
                [[minions.units]]\nname = \"Veteran\"\nkind = \"veteran\"\nhp = 6\ndamage = 2\ncost = 4\n\
                [[minions.units]]\nname = \"Brute\"\nkind = \"veteran\"\nhp = 9\ndamage = 3\ncost = 6\n";
    let all = search(text, |r| r.top = Some(50));
    let s = all.armies.as_ref().unwrap();
    assert!(s.exact && s.candidates as usize <= 50, "{}", s.candidates);
    // Every composition, sorted: each no better than the one before it.
    assert_eq!(s.armies.len() as u64, s.candidates);
    for pair in s.armies.windows(2) {
        assert!(pair[0].score >= pair[1].score, "{pair:?}");
    }
    for army in &s.armies {
        assert_eq!((army.low, army.high), (army.score, army.score));
    }
    let best = search(text, |r| r.top = Some(1));
    assert_eq!(best.armies.unwrap().armies[0], s.armies[0]);
}

#[test]
fn a_search_is_refused_before_any_battle_when_asked_wrongly() {
    let text = format!(
        "{POOL_HEAD}{}{}",
        pool_unit("A", "hp = 5"),
        pool_unit("B", "hp = 5")
    );
    let refused = |f: &dyn Fn(&mut RosterRequest)| {
        let mut r = RosterRequest {
            roster: Some(text.clone()),
            ..RosterRequest::default()
        };
        f(&mut r);
        r.validate().unwrap_err().to_string()
    };
    let e = refused(&|r| {
        r.armies = true;
        r.top = Some(0);
    });
    assert!(e.contains("top"), "{e}");
    let e = refused(&|r| {
        r.armies = true;
        r.at = Some("later".into());
    });
    assert!(e.contains("`starting` or `fitted`"), "{e}");
    let e = refused(&|r| r.top = Some(3));
    assert!(e.contains("armies"), "{e}");
}

#[test]
fn named_armies_are_the_field() {
    let text = format!(
        "{POOL_HEAD}{}{}[[armies.field]]\nname = \"Wall\"\nunits = {{ Spear = 6 }}\n[[armies.field]]\nname = \"Mixed\"\nunits = {{ Spear = 3, Bow = 3 }}\n",
        pool_unit("Spear", "hp = 5\narmor = \"light\""),
        pool_unit("Bow", "hp = 4\npenetrates = [\"light\"]"),
    );
    let a = search(&text, |r| r.top = Some(2));
    let s = a.armies.unwrap();
    assert_eq!(s.field, ["Wall", "Mixed"]);
    assert_eq!(s.kind, "named");
    assert_eq!(s.units, ["Spear", "Bow"]);
    let against: Vec<&str> = s.armies[0]
        .versus
        .iter()
        .map(|v| v.against.as_str())
        .collect();
    assert_eq!(against, ["Wall", "Mixed"]);
}

#[test]
fn bad_army_rules_are_refused_at_their_place() {
    let units = format!(
        "{POOL_HEAD}{}{}",
        pool_unit("Spear", "hp = 5"),
        pool_unit("Bow", "hp = 4")
    );
    let refused = |armies: &str| {
        let e = parse_roster(&format!("{units}{armies}")).unwrap_err();
        (e.to_string(), e.location.is_some())
    };
    let (e, placed) = refused("[[armies.limit]]\nunit = \"Spear\"\nmin = 4\nmax = 2\n");
    assert!(e.contains("min 4 is above max 2") && placed, "{e}");
    let (e, _) = refused("[[armies.limit]]\nunit = \"Spear\"\nmin = 7\n");
    assert!(e.contains("over the budget of 30"), "{e}");
    let (e, _) = refused("[[armies.limit]]\nunit = \"Axe\"\nmax = 2\n");
    assert!(e.contains("no unit `Axe`"), "{e}");
    let (e, _) = refused("[armies]\nmin_spend = 1.5\n");
    assert!(e.contains("min_spend is 1.5"), "{e}");
    let (e, _) = refused("[[armies.field]]\nname = \"Horde\"\nunits = { Spear = 9 }\n");
    assert!(e.contains("army `Horde` costs 45"), "{e}");
    let (e, _) = refused("[[armies.field]]\nname = \"Odd\"\nunits = { Axe = 1 }\n");
    assert!(e.contains("names no unit `Axe`"), "{e}");
}

#[test]
fn an_equilibrium_field_weighs_what_rational_players_buy() {
    let text = format!(
        "{POOL_HEAD}{}{}{}",
        pool_unit("Guard", "hp = 7\narmor = \"light\""),
        pool_unit("Militia", "hp = 5\narmor = \"light\""),
        pool_unit("Scout", "hp = 4"),
    );
    let a = search(&text, |r| {
        r.top = Some(2);
        r.field = Some("equilibrium".into());
    });
    let s = a.armies.as_ref().unwrap();
    assert_eq!(s.kind, "equilibrium");
    // At the starting costs only the Guard is bought: the field is its army alone.
    assert_eq!(s.field, ["Guard"]);
    assert_eq!(s.weights, [1.0]);
    let mut r = RosterRequest {
        roster: Some(text.clone()),
        armies: true,
        field: Some("everyone".into()),
        ..RosterRequest::default()
    };
    assert!(r.validate().unwrap_err().message.contains("`units`"));
    r.armies = false;
    r.field = Some("units".into());
    assert!(r.validate().unwrap_err().message.contains("armies"));
}

#[test]
fn the_search_finds_the_best_of_every_army_at_a_tenth_of_the_battles() {
    let text = "system = \"pool\"\nbudget = 36\nseed = 11\nmax_rounds = 40\n[pool]\n\
                [[pool.units]]\nname = \"Spear\"\ncost = 3\nhp = 4\narmor = \"light\"\n\
                [[pool.units]]\nname = \"Bow\"\ncost = 4\nhp = 3\npenetrates = [\"light\"]\n\
                [[pool.units]]\nname = \"Axe\"\ncost = 5\nhp = 6\nbonus = 1\n";
    let a = search(text, |r| r.top = Some(1));
    let s = a.armies.as_ref().unwrap();
    assert!((33..=64).contains(&s.candidates), "{} armies", s.candidates);
    let best = &s.armies[0];
    // Every army played as often as the search's last army was.
    let roster = parse_roster(text).unwrap();
    let never = std::sync::atomic::AtomicBool::new(false);
    let here = fray_lab::roster::play::Counted::new(&fray_lab::roster::Local, &|_| {});
    let every =
        fray_lab::roster::armies::every_army(&roster, &roster.costs, s.per_army, &here, &never)
            .unwrap()
            .unwrap();
    assert_eq!(every.armies.len() as u64, s.candidates);
    assert!(
        s.battles * 10 <= every.battles,
        "the search played {} battles, every army {}",
        s.battles,
        every.battles
    );
    // The search's best is the best of every army, within the intervals: played at the
    // same precision, it is within its interval of the top.
    let top = &every.armies[0];
    let same = every.armies.iter().find(|x| x.units == best.units).unwrap();
    let apart = top.score - same.score;
    let sd = ((top.high - top.low).powi(2) + (same.high - same.low).powi(2)).sqrt() / 2.0;
    assert!(
        apart <= sd,
        "{best:?} scores {} where the best, {top:?}, scores {}",
        same.score,
        top.score
    );
}

#[test]
fn prices_against_mixed_armies_say_how_near_even_they_came() {
    let text = format!(
        "{POOL_HEAD}{}{}{}",
        pool_unit("Guard", "hp = 7\narmor = \"light\""),
        pool_unit("Militia", "hp = 5\narmor = \"light\""),
        pool_unit("Scout", "hp = 4"),
    );
    let mut r = RosterRequest {
        roster: Some(text.clone()),
        fair: "armies".into(),
        ..RosterRequest::default()
    };
    let a = r.validate().unwrap().run().unwrap();
    assert_eq!(a.fair, "armies");
    let f = a.armies_fair.as_ref().unwrap();
    assert!(!f.rounds.is_empty() && f.rounds.len() <= 8);
    // The first round starts from the prices fair for single-unit armies; the
    // reference keeps its cost throughout.
    let fitted: Vec<f64> = a.units.iter().map(|u| u.fitted).collect();
    assert_eq!(f.rounds[0].costs, fitted);
    assert_eq!(f.costs[0], fitted[0]);
    assert!(
        f.costs.iter().all(|c| c.is_finite() && *c > 0.0),
        "{:?}",
        f.costs
    );
    // The prices kept are a round's: the one that came within the bound, or else the
    // one whose best army came nearest even.
    assert!(f.reached == f.rounds.iter().any(|r| r.best.low - 0.5 <= 0.02));
    let kept = if f.reached {
        f.rounds.last().unwrap()
    } else {
        f.rounds
            .iter()
            .min_by(|x, y| x.best.score.total_cmp(&y.best.score))
            .unwrap()
    };
    assert_eq!(kept.costs, f.costs);
    // The report shows the best army before the pricing and after it.
    let page = fray_lab::roster::report::html(&a);
    for label in ["before (single-unit fair)", "after (a fresh search)"] {
        assert!(page.contains(&format!("\n{label}\n")), "{label}");
    }
    // Every round's costs within half to twice the single-unit fair ones.
    for round in &f.rounds {
        for (c, s) in round.costs.iter().zip(&fitted) {
            assert!(*c >= s / 2.0 - 1e-9 && *c <= s * 2.0 + 1e-9, "{c} from {s}");
        }
    }
    r.against = Some("Guard".into());
    assert!(r.validate().unwrap_err().message.contains("armies"));
}

#[test]
fn a_units_field_army_is_worth_the_whole_budget() {
    // At a budget of 30, a unit of cost 5 fields 6; one of cost 7 fields 4 in 5/7 of the
    // battles and 5 in 2/7, as the pricing's matchups play it, unless `whole_field`.
    let text = format!(
        "{POOL_HEAD}{}[[pool.units]]\nname = \"Lance\"\ncost = 7\nhp = 6\n",
        pool_unit("Spear", "hp = 5"),
    );
    let r = parse_roster(&text).unwrap();
    let field = fray_lab::roster::armies::field(&r, &r.costs);
    assert_eq!(field[0].parts, [(vec![6, 0], 1.0)]);
    let lance = &field[1].parts;
    assert_eq!(
        (lance[0].0.clone(), lance[1].0.clone()),
        (vec![0, 4], vec![0, 5])
    );
    assert!((lance[0].1 - 5.0 / 7.0).abs() < 1e-12, "{lance:?}");
    assert!((lance[1].1 - 2.0 / 7.0).abs() < 1e-12, "{lance:?}");
    let whole = parse_roster(&format!("{text}[armies]\nwhole_field = true\n")).unwrap();
    let field = fray_lab::roster::armies::field(&whole, &whole.costs);
    assert_eq!(field[1].parts, [(vec![0, 4], 1.0)]);
    // The search plays both parts: a candidate's score against the Lance is their
    // mixture, and every army still scores within [0, 1].
    let a = search(&text, |_| {});
    for army in &a.armies.as_ref().unwrap().armies {
        assert!(army.versus.iter().all(|v| (0.0..=1.0).contains(&v.score)));
    }
}

#[test]
fn the_bundled_pool_rosters_prices_survive_a_fresh_search() {
    // At the prices `fair = "armies"` keeps, the best army a search with a seed no round
    // used finds is within 5 points of even against the field (docs/roster.md).
    let mut r = RosterRequest {
        example: Some("pool".into()),
        fair: "armies".into(),
        ..RosterRequest::default()
    };
    let a = r.validate().unwrap().run().unwrap();
    let f = a.armies_fair.as_ref().unwrap();
    assert!(f.after.score < 0.55, "{:?}", f.after);
    assert!(f.after.low - 0.5 <= 0.05, "{:?}", f.after);
    r.fair = "mean".into();
    r.armies = true;
    r.at = Some("fitted".into());
    r.roster = Some(format!(
        "{}\n[armies]\nwhole_field = true\n",
        include_str!("../../../../examples/rosters/pool.toml")
    ));
    r.example = None;
    // Played as whole armies that leave points unspent, the single-unit field is
    // weaker, and the best mixed army beats it by more.
    let whole = r.validate().unwrap().run().unwrap();
    let best = &whole.armies.as_ref().unwrap().armies[0];
    assert!(best.low > f.after.high, "{best:?} against {:?}", f.after);
}
