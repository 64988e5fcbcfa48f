//! Rosters whose fair costs are known without fray: twins, a weaker copy, a cycle of
//! forms, a change of currency, and an exact minions crossing.

use fray_lab::roster::{RosterAnswer, RosterRequest};

fn price(text: &str, extra: impl FnOnce(&mut RosterRequest)) -> RosterAnswer {
    let mut r = RosterRequest {
        roster: Some(text.to_string()),
        ..RosterRequest::default()
    };
    extra(&mut r);
    r.validate().unwrap().run().unwrap()
}

fn unit<'a>(a: &'a RosterAnswer, name: &str) -> &'a fray_lab::roster::request::UnitPrice {
    a.units.iter().find(|u| u.name == name).unwrap()
}

const POOL_HEAD: &str = "system = \"pool\"\nbudget = 40\nseed = 3\nmax_rounds = 40\n[pool]\n";

fn pool_unit(name: &str, cost: f64, extra: &str) -> String {
    format!("[[pool.units]]\nname = \"{name}\"\ncost = {cost}\nhp = 5\n{extra}\n")
}

#[test]
fn twins_under_two_names_cost_the_same_and_fight_even() {
    let text = format!(
        "{POOL_HEAD}{}{}",
        pool_unit("Spear", 5.0, "armor = \"light\""),
        pool_unit("Lance", 7.0, "armor = \"light\"")
    );
    let a = price(&text, |_| {});
    let lance = unit(&a, "Lance");
    assert!(lance.low <= 5.0 && 5.0 <= lance.high, "{lance:?}");
    let cell = a.fitted_matrix.rows[0].cells[1].unwrap();
    assert!(cell.low <= 0.5 && 0.5 <= cell.high, "{cell:?}");
    // At the starting costs the cheaper twin fields more and wins.
    assert!(a.matrix.rows[0].cells[1].unwrap().low > 0.5);
}

#[test]
fn minions_price_to_the_exact_crossing() {
    let text = "system = \"minions\"\nbudget = 12\n[minions.rules]\nmax_rounds = 1000\nturns = 1\n\
                [[minions.units]]\nname = \"Guard\"\nkind = \"veteran\"\nhp = 6\ndamage = 2\ncost = 3\n\
                [[minions.units]]\nname = \"Brute\"\nkind = \"veteran\"\nhp = 6\ndamage = 2\ncost = 2\n";
    let a = price(text, |_| {});
    assert!(a.exact && a.complete && a.reached);
    let brute = unit(&a, "Brute");
    assert_eq!((brute.low, brute.high), (brute.fitted, brute.fitted));
    // Identical minions: even exactly at the reference's cost.
    assert!((brute.fitted - 3.0).abs() < 1e-9, "{brute:?}");
    let cell = a.fitted_matrix.rows[0].cells[1].unwrap();
    assert!((cell.score - 0.5).abs() < 1e-9, "{cell:?}");
}

#[test]
fn a_weaker_copy_is_dominated_and_costs_less() {
    let text = format!(
        "{POOL_HEAD}{}{}{}",
        pool_unit("Guard", 5.0, "bonus = 2\narmor = \"light\""),
        pool_unit("Militia", 5.0, "armor = \"light\""),
        pool_unit("Archer", 5.0, "hp = 4\npenetrates = [\"light\"]")
            .replace("hp = 5\nhp = 4", "hp = 4"),
    );
    let a = price(&text, |_| {});
    assert!(
        a.dominated
            .iter()
            .any(|d| d.unit == "Militia" && d.by == "Guard"),
        "{:?}",
        a.dominated
    );
    assert!(
        unit(&a, "Militia").high < unit(&a, "Guard").fitted,
        "{:?}",
        a.units
    );
}

#[test]
fn a_cycle_of_forms_shows_and_prices_even() {
    let forms = "[[pool.forms]]\nsuperior = \"pike\"\ninferior = \"horse\"\n\
                 [[pool.forms]]\nsuperior = \"horse\"\ninferior = \"sword\"\n\
                 [[pool.forms]]\nsuperior = \"sword\"\ninferior = \"pike\"\n";
    let text = format!(
        "{POOL_HEAD}{forms}{}{}{}",
        pool_unit("Pike", 5.0, "form = \"pike\""),
        pool_unit("Horse", 5.0, "form = \"horse\""),
        pool_unit("Sword", 5.0, "form = \"sword\""),
    );
    let a = price(&text, |_| {});
    assert_eq!(a.cycles, [["Pike", "Horse", "Sword"]], "{:?}", a.cycles);
    for u in &a.units {
        assert!(u.low <= 5.0 && 5.0 <= u.high, "{u:?}");
    }
}

#[test]
fn prices_are_in_the_budgets_currency() {
    let text = format!(
        "{POOL_HEAD}{}{}{}",
        pool_unit("Spear", 5.0, "armor = \"medium\""),
        pool_unit("Bow", 4.0, "hp = 4\npenetrates = [\"medium\"]")
            .replace("hp = 5\nhp = 4", "hp = 4"),
        pool_unit("Axe", 6.0, "bonus = 1"),
    );
    let a = price(&text, |_| {});
    // Every cost and the budget doubled: the same armies, so the same ratios, within the
    // precision (the costs tried differ in their last bits, and with them a battle here
    // and there).
    let doubled = text
        .replace("budget = 40", "budget = 80")
        .replace("cost = 5", "cost = 10")
        .replace("cost = 4", "cost = 8")
        .replace("cost = 6", "cost = 12");
    let b = price(&doubled, |_| {});
    for (x, y) in a.units.iter().zip(&b.units) {
        assert!(
            (y.fitted / (2.0 * x.fitted) - 1.0).abs() <= 0.02,
            "{x:?} {y:?}"
        );
    }
    // Other starting costs are only where the search starts: the same fair costs, within
    // their intervals.
    let elsewhere = text
        .replace("cost = 4", "cost = 8")
        .replace("cost = 6", "cost = 3");
    let c = price(&elsewhere, |_| {});
    for (x, y) in a.units.iter().zip(&c.units) {
        let overlap = x.low.max(y.low) <= x.high.min(y.high);
        assert!(overlap, "{x:?} {y:?}");
    }
}

#[test]
fn a_minions_cost_is_the_exact_crossing() {
    let text = fray_lab::roster::request::EXAMPLES[1].2;
    let a = price(text, |r| {
        r.fair = "against".into();
        r.against = Some("Veteran".into());
    });
    let roster = fray_lab::roster::parse_roster(text).unwrap();
    let v = roster.unit("Veteran").unwrap();
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let mut crossed = 0;
    for (x, u) in a
        .units
        .iter()
        .enumerate()
        .filter(|(x, u)| *x != v && u.uneven.is_none())
    {
        let job = fray_lab::roster::Job {
            x,
            y: v,
            cx: u.fitted,
            cy: a.units[v].fitted,
            trials: 1,
            stream: 0,
        };
        let o = fray_lab::roster::matchup::odds(&roster, &job, &cancel)
            .unwrap()
            .unwrap();
        let score = o.win + o.draw / 2.0;
        assert!(
            (score - 0.5).abs() < 1e-6,
            "{} scores {score} at {}",
            u.name,
            u.fitted
        );
        crossed += 1;
    }
    assert!(crossed >= 2, "{:?}", a.units);
}

#[test]
fn a_unit_no_price_makes_even_is_said_and_stops_nothing() {
    // A minion that deals no damage never wins: at best the round limit saves it.
    let text = "system = \"minions\"\nbudget = 12\n[minions.rules]\nmax_rounds = 1000\nturns = 1\n\
                [[minions.units]]\nname = \"Guard\"\nkind = \"veteran\"\nhp = 6\ndamage = 2\ncost = 3\n\
                [[minions.units]]\nname = \"Brute\"\nkind = \"veteran\"\nhp = 6\ndamage = 2\ncost = 3\n\
                [[minions.units]]\nname = \"Dummy\"\nkind = \"veteran\"\nhp = 1\ndamage = 0\ncost = 3\n";
    let a = price(text, |_| {});
    let dummy = unit(&a, "Dummy");
    assert_eq!(
        dummy.uneven.as_deref(),
        Some("loses at any cost"),
        "{dummy:?}"
    );
    assert!(
        dummy.low < dummy.high,
        "its interval is the range searched: {dummy:?}"
    );
    assert!(a.complete && a.reached, "the others are still priced");
    assert!(
        (unit(&a, "Brute").fitted - 3.0).abs() < 1e-6,
        "{:?}",
        a.units
    );
    assert!(
        a.findings[0].starts_with("Dummy loses at any cost"),
        "{:?}",
        a.findings
    );
}

#[test]
fn a_cancelled_pricing_is_marked_incomplete() {
    let text = format!(
        "{POOL_HEAD}{}{}",
        pool_unit("Spear", 5.0, ""),
        pool_unit("Lance", 6.0, "")
    );
    let valid = RosterRequest {
        roster: Some(text),
        ..RosterRequest::default()
    }
    .validate()
    .unwrap();
    let a = valid
        .run_with(&std::sync::atomic::AtomicBool::new(true))
        .unwrap();
    assert!(!a.complete);
    assert_eq!(
        a.units[1].fitted, 6.0,
        "nothing finished: the starting costs"
    );
    assert!(
        a.findings
            .iter()
            .any(|f| f.contains("stopped before its end")),
        "{:?}",
        a.findings
    );
}

#[test]
fn absurd_pricings_are_refused_before_any_battle() {
    let huge = format!(
        "{POOL_HEAD}{}{}",
        pool_unit("Spear", 0.001, ""),
        pool_unit("Lance", 6.0, "")
    );
    let e = RosterRequest {
        roster: Some(huge),
        ..RosterRequest::default()
    }
    .validate()
    .unwrap_err();
    assert!(e.message.contains("makes an army of 40000.0"), "{e}");
    // Six units: fifteen pairs of 256 battles in the first round alone.
    let e = RosterRequest {
        example: Some("pool".into()),
        max_battles: 1_000,
        ..RosterRequest::default()
    }
    .validate()
    .unwrap_err();
    assert!(
        e.message.contains("the first round of fitting alone plays"),
        "{e}"
    );
}

#[test]
fn a_pricings_effort_counts_its_linear_programs_and_its_armies() {
    use fray_lab::roster::metagame::planned_steps;
    let asked = |armies: bool| {
        RosterRequest {
            example: Some("pool".into()),
            armies,
            ..RosterRequest::default()
        }
        .validate()
        .unwrap()
    };
    let plain = asked(false);
    let e = plain.effort();
    // Two sampled metagames of six units: 201 matrices of 7 programs each.
    assert_eq!(planned_steps(6, false), 201 * 7 * 8 * 8 * 8);
    assert_eq!(planned_steps(6, true), 7 * 8 * 8 * 8);
    assert!(e.steps >= 2 * planned_steps(6, false), "{e:?}");
    // A search adds its battles and its top armies to the answer.
    let searched = asked(true).effort();
    assert!(searched.steps > e.steps && searched.answer_bytes > e.answer_bytes);
    // 32 units' metagames alone are counted, not left out of the bound.
    assert!(planned_steps(32, false) > 200 * 33 * 33 * 33 * 33);
}
