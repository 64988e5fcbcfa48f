//! The design check: every goal of both texts has its section and figures (in the data,
//! the JSON and the HTML report), hand-worked figures come out, and the population is
//! the documented one.

use fray_lab::design::{self, Chart, Text, Verdict, Wanted, check, population};

const EVASION: [&str; 8] = [
    "evasion.separate-defenses",
    "evasion.zero-based",
    "evasion.appraisal",
    "evasion.low-variance",
    "evasion.symmetry",
    "evasion.luck",
    "evasion.continuous",
    "evasion.role-variety",
];
const DAMAGE: [&str; 7] = [
    "damage.extremes",
    "damage.simpler",
    "damage.multi-type",
    "damage.scaling",
    "damage.physical",
    "damage.immunity",
    "damage.insubstantial",
];
const NOT_MEASURED: [&str; 2] = ["evasion.appraisal", "damage.simpler"];

fn figure(c: &design::DesignCheck, id: &str) -> (f64, f64) {
    let g = c.goals.iter().find(|g| g.id == id).unwrap();
    (g.baseline.unwrap(), g.new.unwrap())
}

#[test]
fn every_goal_once_with_its_figures() {
    let c = check(Text::All);
    let ids: Vec<&str> = c.goals.iter().map(|g| g.id).collect();
    let expected: Vec<&str> = EVASION.iter().chain(&DAMAGE).copied().collect();
    assert_eq!(ids, expected);
    for g in &c.goals {
        assert!(!g.goal.is_empty() && !g.summary.is_empty() && !g.measured.is_empty());
        if NOT_MEASURED.contains(&g.id) {
            assert_eq!(
                (g.baseline, g.new, g.basis),
                (None, None, "not measured"),
                "{}",
                g.id
            );
        } else {
            let (b, n) = (g.baseline.unwrap(), g.new.unwrap());
            assert!(b.is_finite() && n.is_finite(), "{}", g.id);
            assert_eq!(g.basis, "exact");
            assert_ne!(g.chart, Chart::None, "{} has no chart", g.id);
            // The sentence states the figures it is about.
            assert!(
                g.summary.contains(&format!("{b:.2}")),
                "{}: {}",
                g.id,
                g.summary
            );
            assert!(
                g.summary
                    .contains(&format!("{n:.2}").trim_start_matches('-').to_string())
            );
        }
    }
    let evasion = check(Text::Evasion);
    assert_eq!(evasion.goals.len(), 8);
    assert!(evasion.goals.iter().all(|g| g.text == "evasion"));
    assert_eq!(check(Text::Damage).goals.len(), 7);
}

/// Figures that follow from the rules by hand.
#[test]
fn hand_worked_figures() {
    let c = check(Text::All);
    // EV never touches damage; NetHack's AC −10 takes 1d10 off (at least 1 left).
    let (b, n) = figure(&c, "evasion.separate-defenses");
    assert_eq!(n, 0.0);
    assert!(b > 30.0 && b < 80.0, "{b}");
    // A level-0 monster against AC 0..10: tmp 10..20, so 9/20 to 19/20: +5 points a step;
    // the new rules' chance falls as EV rises.
    let (b, n) = figure(&c, "evasion.zero-based");
    assert!((b - 5.0).abs() < 1e-9, "{b}");
    assert!(n < 0.0);
    // 4E resist 10 fire takes all of 4 (100%) and a quarter of 40 (25%): a 75-point
    // range. Resist Fire halves, rounded down: 2 of 5 (40%) up to 50%: 10 points.
    let (b, n) = figure(&c, "damage.scaling");
    assert!(
        (b - 75.0).abs() < 1e-9 && (n - 10.0).abs() < 1e-9,
        "{b} {n}"
    );
    // NetHack's inputs add whole points on a d20: no step is worth more than 5 points.
    let (b, _) = figure(&c, "evasion.continuous");
    assert!(
        (b - 5.0).abs() < 1e-9,
        "NetHack moves in 5-point steps: {b}"
    );
}

#[test]
fn the_json_has_the_documented_fields() {
    let v = serde_json::to_value(check(Text::All)).unwrap();
    let goals = v["goals"].as_array().unwrap();
    assert_eq!(goals.len(), 15);
    for g in goals {
        for key in [
            "id",
            "goal",
            "baseline",
            "new",
            "unit",
            "decimals",
            "difference",
            "difference_unit",
            "wanted",
            "verdict",
            "summary",
            "measured",
            "chart",
        ] {
            assert!(g.get(key).is_some(), "{key} missing in {g}");
        }
    }
}

#[test]
fn the_report_has_a_section_per_goal_and_needs_no_network() {
    let c = check(Text::All);
    let html = design::report::html(&c);
    for g in &c.goals {
        let start = html
            .find(&format!(r#"<section class="goal" id="{}">"#, g.id))
            .unwrap_or_else(|| panic!("no section for {}", g.id));
        let section = &html[start..start + html[start..].find("</section>").unwrap()];
        let baseline = g.shown(g.baseline);
        let new = g.shown(g.new);
        assert!(
            section.contains(&format!(r#"<td class="baseline">{baseline}</td>"#)),
            "{}",
            g.id
        );
        assert!(
            section.contains(&format!(r#"<td class="new">{new}</td>"#)),
            "{}",
            g.id
        );
        assert!(section.contains("class=\"summary\""));
        assert!(
            section.contains(&format!(r#"<td class="verdict">{}"#, g.verdict.word())),
            "{}",
            g.id
        );
        if let Some(d) = g.shown_difference() {
            assert!(
                section.contains(&format!(r#"<td class="change">{d}</td>"#)),
                "{}",
                g.id
            );
        }
        assert_eq!(section.contains("<svg"), g.chart != Chart::None, "{}", g.id);
    }
    for external in ["<script", "<link", "src=\"http", "href=\"http", "@import"] {
        assert!(!html.contains(external), "the report loads {external}");
    }
    assert_eq!(design::report::charts(&c).len(), 14);
}

#[test]
fn the_population_is_the_documented_one() {
    assert_eq!(population::hero_ac(1), 6);
    assert_eq!(population::hero_ac(30), -20);
    assert_eq!(population::monster_ac(0), 8);
    assert_eq!(population::monster_ac(30), -8);
    assert_eq!(population::monster_damage(30).to_string(), "8d6");
    assert_eq!(population::roles().len(), 6);
    // Each AC step of the hero's armor is monotone, as armor only improves with level.
    for level in 2..=30 {
        assert!(population::hero_ac(level) <= population::hero_ac(level - 1));
    }
}

#[test]
fn texts_by_name() {
    assert_eq!("evasion".parse::<Text>(), Ok(Text::Evasion));
    assert_eq!("Damage".parse::<Text>(), Ok(Text::Damage));
    assert_eq!("all".parse::<Text>(), Ok(Text::All));
    let e = "pool".parse::<Text>().unwrap_err();
    assert!(e.message.contains("evasion, damage or all"), "{e}");
}

/// The request front ends deserialize: both texts by default, one by name, and
/// anything else refused.
#[test]
fn the_request_as_json() {
    let parse = |s: &str| serde_json::from_str::<design::Request>(s);
    assert_eq!(parse("{}").unwrap().text, Text::All);
    assert_eq!(
        parse(r#"{"text": "evasion"}"#).unwrap().run().goals.len(),
        8
    );
    assert!(parse(r#"{"text": "pool"}"#).is_err());
    assert!(parse(r#"{"txt": "damage"}"#).is_err());
}

/// The figure a shown text holds, its unit stripped (`"-4.77 percentage points"`).
fn number(shown: &str, unit: &str) -> f64 {
    shown
        .strip_suffix(unit)
        .unwrap_or_else(|| panic!("`{shown}` ends with its unit `{unit}`"))
        .trim()
        .trim_start_matches('+')
        .parse()
        .unwrap()
}

#[test]
fn each_goal_says_whether_the_new_rules_move_its_figure_the_way_the_text_wants() {
    use Verdict::{Met, NoFigure, NotMet};
    let expected = [
        ("evasion.separate-defenses", Some(Wanted::Lower), Met),
        ("evasion.zero-based", Some(Wanted::BelowZero), Met),
        ("evasion.appraisal", None, NoFigure),
        ("evasion.low-variance", Some(Wanted::NoHigher), Met),
        ("evasion.symmetry", Some(Wanted::Lower), Met),
        ("evasion.luck", Some(Wanted::Lower), NotMet),
        ("evasion.continuous", Some(Wanted::Lower), NotMet),
        ("evasion.role-variety", Some(Wanted::NoLower), Met),
        ("damage.extremes", Some(Wanted::Lower), Met),
        ("damage.simpler", None, NoFigure),
        ("damage.multi-type", Some(Wanted::Lower), Met),
        ("damage.scaling", Some(Wanted::Lower), Met),
        ("damage.physical", Some(Wanted::Higher), Met),
        ("damage.immunity", Some(Wanted::Lower), Met),
        ("damage.insubstantial", Some(Wanted::Higher), Met),
    ];
    let c = check(Text::All);
    for (g, (id, wanted, verdict)) in c.goals.iter().zip(expected) {
        assert_eq!((g.id, g.wanted, g.verdict), (id, wanted, verdict));
        // The sentence states the verdict, from the numbers.
        assert!(
            g.summary.contains(&format!(": {}", verdict.word())) || verdict == NoFigure,
            "{}: {}",
            g.id,
            g.summary
        );
        let Some(w) = g.wanted else {
            assert_eq!((g.difference, g.baseline, g.new), (None, None, None));
            assert!(g.summary.starts_with("No figure"), "{}", g.summary);
            continue;
        };
        // Each figure carries its unit, and the difference is that of the figures as
        // shown, in its own unit (percentage points between percentages).
        let (b, n) = (
            number(&g.shown(g.baseline), g.unit),
            number(&g.shown(g.new), g.unit),
        );
        let shown = g.shown_difference().unwrap();
        assert!(shown.ends_with(g.difference_unit), "{shown}");
        let d = number(&shown, g.difference_unit);
        assert!((d - (n - b)).abs() < 1e-9, "{}: {shown} vs {n} − {b}", g.id);
        assert_eq!(g.difference, Some(d));
        if g.unit.starts_with('%') {
            assert_eq!(g.difference_unit, "percentage points");
        }
        assert!(g.summary.contains(w.phrase()), "{}", g.summary);
        assert!(g.summary.contains(w.relation(verdict)), "{}", g.summary);
    }
}

#[test]
fn no_figure_is_shown_as_a_bound_it_is_not() {
    let c = check(Text::Evasion);
    let appraisal = c
        .goals
        .iter()
        .find(|g| g.id == "evasion.appraisal")
        .unwrap();
    // The baseline's level-equal monster hits the hero 99.75% of the time at most:
    // shown as such, never rounded up to "100%".
    assert!(
        appraisal.summary.contains("80.00% to 99.75%"),
        "{}",
        appraisal.summary
    );
    assert!(!appraisal.summary.contains("100%"), "{}", appraisal.summary);
    for g in &c.goals {
        for v in [g.baseline, g.new].into_iter().flatten() {
            let shown = number(&g.shown(Some(v)), g.unit);
            for bound in [0.0, 100.0] {
                assert!(
                    shown != bound || v == bound,
                    "{}: {v} shown as {bound}",
                    g.id
                );
            }
        }
    }
}
