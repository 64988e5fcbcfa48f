//! The conditions system, tested through encounter scripts:
//! every example script (one per group of conditions and sidebars) must meet all its
//! expectations; wrong expectations and malformed scripts must be caught.

use fray::conditions::{Modifier, ModifierType, parse_script, run_script, stack};

mod engine;
mod properties;
mod robust;
mod skirmish;

fn examples() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/encounters");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect()
}

#[test]
fn every_example_script_meets_its_expectations() {
    let all = examples();
    assert!(all.len() >= 9);
    let mut total = 0;
    for (path, text) in all {
        let script = parse_script(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        let report = run_script(&script, None);
        assert!(report.failures.is_empty(), "{path}: {:#?}", report.failures);
        assert!(report.expectations_met >= 5, "{path} checks too little");
        total += report.expectations_met;
    }
    assert!(total >= 130);
}

#[test]
fn every_condition_and_sidebar_is_exercised() {
    let all: String = examples().into_iter().map(|(_, t)| t).collect();
    for c in fray::character::CharacterCondition::ALL {
        assert!(
            all.contains(&format!("condition = \"{}\"", c.name())),
            "no script uses {c}"
        );
    }
    for step in [
        "escape",
        "violates-mark",
        "forced_by",
        "aura",
        "total-defense",
        "suppressed",
        "dominator-moves",
    ] {
        assert!(all.contains(step), "no script uses `{step}`");
    }
}

#[test]
fn a_wrong_expectation_fails_at_its_line() {
    let (_, text) = examples()
        .into_iter()
        .find(|(p, _)| p.ends_with("grabbed.toml"))
        .unwrap();
    let wrong = text.replacen("count = 2", "count = 3", 1);
    let line = wrong.lines().position(|l| l == "count = 3").unwrap() + 1;
    let report = run_script(&parse_script(&wrong).unwrap(), None);
    assert_eq!(report.failures.len(), 1);
    let f = &report.failures[0];
    assert!(
        f.line < line && line - f.line < 8,
        "the failure names its step: {f:?}"
    );
    assert!(
        f.message
            .contains("should have 3 instance(s) of grabbed, has 2"),
        "{}",
        f.message
    );
}

#[test]
fn the_same_seed_plays_the_same_encounter() {
    let (_, text) = examples()
        .into_iter()
        .find(|(p, _)| p.ends_with("opportunity.toml"))
        .unwrap();
    let script = parse_script(&text).unwrap();
    let a = run_script(&script, Some(9));
    let b = run_script(&script, Some(9));
    assert_eq!(a.log, b.log);
}

const BASE: &str = "[[creature]]\nname = \"A\"\nside = \"a\"\nhp = 10\n[[creature]]\nname = \"B\"\nside = \"b\"\nhp = 10\n";

#[test]
fn malformed_scripts_are_located() {
    let cases: &[(&str, usize, &str)] = &[
        (
            "[[step]]\ndo = \"apply\"\ncreature = \"Nobody\"\ncondition = \"prone\"\n",
            11,
            "no creature is named `Nobody`",
        ),
        (
            "[[step]]\ndo = \"apply\"\ncreature = \"A\"\ncondition = \"sleepy\"\n",
            12,
            "unknown variant `sleepy`",
        ),
        ("[[step]]\ndo = \"fly\"\n", 10, "unknown variant `fly`"),
        (
            "[[step]]\ndo = \"apply\"\ncreature = \"A\"\ncondition = \"prone\"\ncolour = \"red\"\n",
            13,
            "unknown field `colour`",
        ),
        (
            "[[step]]\ndo = \"expect\"\ncheck = \"hp\"\ncreature = \"A\"\nvalue = 3\ntarget = \"B\"\n",
            14,
            "unknown field `target`",
        ),
        (
            "[[step]]\ndo = \"attack\"\nattacker = \"A\"\npower = \"Zap\"\ntargets = [\"B\", \"C\"]\n",
            13,
            "no creature is named `C`",
        ),
        (
            "[[step]]\ndo = \"attack\"\nattacker = \"A\"\npower = \"Zap\"\ntargets = [\"B\"]\n",
            12,
            "no power named `Zap`",
        ),
    ];
    for (steps, line, phrase) in cases {
        let e = parse_script(&format!("{BASE}{steps}")).expect_err(steps);
        assert!(e.message.contains(phrase), "{steps}: {e}");
        assert_eq!(
            e.location.as_ref().map(|l| l.line),
            Some(*line),
            "{steps}: {e}"
        );
    }
    let bad_traits = BASE.replacen("hp = 10\n", "hp = 10\ntraits = \"Damage Immune: All\"\n", 1);
    assert!(
        parse_script(&bad_traits)
            .unwrap_err()
            .message
            .contains("not valid for a damage immunity")
    );
    let twice = BASE.replace("name = \"B\"", "name = \"A\"");
    assert!(
        parse_script(&twice)
            .unwrap_err()
            .message
            .contains("already exists")
    );
}

#[test]
fn stacking_keeps_the_largest_of_a_type_and_names_the_rest() {
    use ModifierType::*;
    let b = stack(vec![
        Modifier::new(Cover, -2, "cover"),
        Modifier::new(Cover, -5, "superior cover"),
    ]);
    assert_eq!(b.total, -5);
    assert_eq!(b.suppressed.len(), 1);
    assert_eq!(b.suppressed[0].modifier.source, "cover");
    assert!(b.suppressed[0].reason.contains("superior cover"));
    let b = stack(vec![
        Modifier::new(Cover, -2, "cover"),
        Modifier::new(Concealment, -2, "concealment"),
    ]);
    assert_eq!((b.total, b.suppressed.len()), (-4, 0));
    let b = stack(vec![
        Modifier::new(Untyped, -2, "a"),
        Modifier::new(Untyped, -2, "b"),
        Modifier::new(Power, 4, "Total Defense"),
        Modifier::new(Power, -2, "prone"),
    ]);
    assert_eq!(
        b.total,
        -2 - 2 + 4 - 2,
        "untyped stack; a power bonus and a power penalty are not the same kind"
    );
}

fn example(name: &str) -> String {
    examples()
        .into_iter()
        .find(|(p, _)| p.ends_with(name))
        .unwrap_or_else(|| panic!("no example {name}"))
        .1
}

#[test]
fn the_mark_penalty_is_untyped_by_default_and_power_by_option() {
    use fray::conditions::{MarkPenalty, Readings};
    let mut script = parse_script(&example("mark-penalty.toml")).unwrap();
    assert_eq!(script.readings.mark_penalty, MarkPenalty::Power);
    script.readings = Readings::default();
    let report = run_script(&script, None);
    let query = report
        .log
        .iter()
        .find(|s| s.text.starts_with("query: attack modifiers"))
        .unwrap();
    assert!(
        query
            .text
            .contains("total -4; counted: [prone attacker -2 (power), the attack violates a mark -2 (untyped)]"),
        "{}",
        query.text
    );
    assert_eq!(report.failures.len(), 2, "{:?}", report.failures);
}

#[test]
fn unknown_readings_are_located() {
    let e = parse_script(&format!("[readings]\nmark_penalty = \"cover\"\n{BASE}")).unwrap_err();
    assert_eq!(e.location.map(|l| l.line), Some(2), "{}", e.message);
    assert!(
        e.message.contains("unknown variant `cover`"),
        "{}",
        e.message
    );
    let e = parse_script(&format!("[readings]\nstunned = true\n{BASE}")).unwrap_err();
    assert_eq!(e.location.map(|l| l.line), Some(2), "{}", e.message);
}

#[test]
fn new_step_fields_are_checked_and_located() {
    let cases: &[(&str, usize, &str)] = &[
        (
            "[[step]]\ndo = \"modifier\"\ncreature = \"A\"\nto = \"attack\"\ntype = \"power\"\nvalue = 0\nsource = \"Curse\"\n",
            14,
            "from -20 to 20, not 0",
        ),
        (
            "[[step]]\ndo = \"modifier\"\ncreature = \"A\"\nto = \"attack\"\ntype = \"mark\"\nvalue = -2\nsource = \"Curse\"\n",
            13,
            "unknown variant `mark`",
        ),
        (
            "[[step]]\ndo = \"modifier\"\ncreature = \"A\"\nto = \"ac\"\ntype = \"untyped\"\nvalue = -2\nsource = \"Curse\"\nduration = \"save-ends\"\n",
            16,
            "no saves against a modifier",
        ),
        (
            "[[step]]\ndo = \"apply\"\ncreature = \"A\"\ncondition = \"restrained\"\nsource = \"B\"\neffect = \"Web\"\n",
            14,
            "either `source` (a creature) or `effect`",
        ),
        (
            "[[step]]\ndo = \"escape\"\ncreature = \"A\"\nfrom = \"B\"\nskill = \"stealth\"\n",
            13,
            "unknown variant `stealth`",
        ),
    ];
    for (steps, line, phrase) in cases {
        let e = parse_script(&format!("{BASE}{steps}")).expect_err(steps);
        assert!(e.message.contains(phrase), "{steps}: {e}");
        assert_eq!(
            e.location.as_ref().map(|l| l.line),
            Some(*line),
            "{steps}: {e}"
        );
    }
}

#[test]
fn terrain_errors_are_located() {
    let cases: &[(&str, usize, &str)] = &[
        (
            "[[terrain]]\nname = \"pit\"\nsquares = []\n",
            3,
            "at least one square",
        ),
        (
            "[[terrain]]\nname = \" \"\nsquares = [[0, 0]]\n",
            2,
            "name is empty",
        ),
        (
            "[[terrain]]\nname = \"pit\"\nsquares = [[0, 0]]\n[[terrain]]\nname = \"bog\"\nsquares = [[1, 0], [0, 0]]\n",
            6,
            "(0, 0) is given terrain twice",
        ),
        (
            "[[terrain]]\nname = \"pit\"\nsquares = [[0, 0]]\nfall = 2000000\n",
            4,
            "expected a whole number from 0 to 1000000",
        ),
        (
            "[[terrain]]\nname = \"pit\"\nsquares = [[0, 0]]\ndepth = 3\n",
            4,
            "unknown field `depth`",
        ),
    ];
    for (terrain, line, phrase) in cases {
        let e = parse_script(&format!("{terrain}{BASE}")).expect_err(terrain);
        assert!(e.message.contains(phrase), "{terrain}: {e}");
        assert_eq!(
            e.location.as_ref().map(|l| l.line),
            Some(*line),
            "{terrain}: {e}"
        );
    }
}

#[test]
fn object_errors_are_located() {
    let e = parse_script(&format!("{BASE}[[object]]\nname = \"A\"\n")).unwrap_err();
    assert!(e.message.contains("named `A` already exists"), "{e}");
    assert_eq!(e.location.map(|l| l.line), Some(10));
    let e = parse_script(&format!("{BASE}[[object]]\nname = \"Box\"\nhp = 0\n")).unwrap_err();
    assert!(e.message.contains("hp is 0"), "{e}");
    assert_eq!(e.location.map(|l| l.line), Some(11));
    let e = parse_script(&format!("{BASE}[[object]]\nname = \"Box\"\nside = \"a\"\n")).unwrap_err();
    assert!(e.message.contains("unknown field `side`"), "{e}");
    assert_eq!(e.location.map(|l| l.line), Some(11));
}

#[test]
fn every_issue_11_script_feature_is_exercised() {
    let all: String = examples().into_iter().map(|(_, t)| t).collect();
    for feature in [
        "[[terrain]]",
        "[[object]]",
        "do = \"perception\"",
        "check = \"perceives\"",
        "requires_hearing = true",
        "do = \"modifier\"",
        "do = \"end-modifier\"",
        "effect = \"",
        "trigger = \"mark-violated\"",
        "reappear = ",
        "skill = \"athletics\"",
        "escape_skill = ",
        "dominated_save = false",
        "[readings]",
    ] {
        assert!(all.contains(feature), "no script uses `{feature}`");
    }
}
