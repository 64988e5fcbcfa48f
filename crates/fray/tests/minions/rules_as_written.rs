//! Issue 11, rules exactly as written (minions; see docs/rules/minions.md): experience of
//! slain recruits, gaze armor on a killing hit, ties of `weakest`, spells between combats,
//! damage that is not combat damage, recruits that cannot learn.

use fray::minions::{
    Battle, Event, Experience, Group, Kind, Minion, Rules, Targeting, parse_battle, play,
};
use fray::trace::NoTrace;

fn battle(rules: Rules, a: Vec<Minion>, b: Vec<Minion>) -> Battle {
    Battle {
        rules,
        a: Group {
            name: "A".into(),
            minions: a,
        },
        b: Group {
            name: "B".into(),
            minions: b,
        },
        spells: Vec::new(),
    }
}

fn log_of(b: &Battle) -> Vec<Event> {
    let mut log = Vec::new();
    play(b, &mut log);
    log
}

fn turns(n: u32) -> Rules {
    Rules {
        max_rounds: 1,
        turns: n,
        ..Rules::default()
    }
}

/// (experience, *Experience Level*): the recruit kills in turn 1 and is slain in the
/// same round, so it is dead when turn 2 starts and never gains its level.
#[test]
fn a_recruit_slain_before_the_next_turn_never_gains_its_level() {
    let hero = Minion::new("Hero", Kind::Recruit, 1, 5);
    let tank = Minion::new("Tank", Kind::Monster, 50, 0);
    let goblins = vec![
        Minion::new("Goblin 1", Kind::Monster, 1, 1),
        Minion::new("Goblin 2", Kind::Monster, 50, 1),
    ];
    let b = battle(turns(2), vec![hero, tank], goblins);
    let log = log_of(&b);
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::Qualified { minion } if minion == "Hero")),
        "the kill qualifies it"
    );
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::Slain { minion, .. } if minion == "Hero")),
        "then it is slain"
    );
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::TurnStart { turn: 2 })),
        "a next turn comes"
    );
    assert!(
        !log.iter().any(|e| matches!(e, Event::LevelUp { .. })),
        "no level for the dead: {log:#?}"
    );
    let hero = &play(&b, &mut NoTrace).minions[0];
    assert!(!hero.alive);
    assert_eq!((hero.level, hero.experience), (1, Experience::Qualified));
}

/// (minions, *Gaining Armor During Combat*): a gaze hit that kills gives the dead minion
/// no armor; a gaze hit the armor soaks entirely still gives it.
#[test]
fn a_killing_gaze_hit_gives_no_armor_and_a_soaked_one_does() {
    let gorgon = Minion::new("Gorgon", Kind::Monster, 50, 5)
        .gaze_armor(2)
        .attacks(2);
    let frail = Minion::new("Frail", Kind::Monster, 5, 0);
    let stout = Minion::new("Stout", Kind::Monster, 50, 0).armor(10);
    let b = battle(turns(1), vec![gorgon], vec![frail, stout]);
    let mut log = Vec::new();
    let outcome = play(&b, &mut log);
    let gains: Vec<&str> = log
        .iter()
        .filter_map(|e| match e {
            Event::ArmorGained { minion, .. } => Some(minion.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(gains, ["Stout"], "the killing hit on Frail gives nothing");
    let armor = |name: &str| {
        outcome
            .minions
            .iter()
            .find(|m| m.name == name)
            .unwrap()
            .armor
    };
    assert_eq!((armor("Frail"), armor("Stout")), (0, 12));
}

/// (minions, *How Armor Affects Combat* and *Gaining Armor During Combat*): a spell's
/// armor penalty comes off the maximum including armor gained mid-round.
#[test]
fn an_armor_penalty_also_eats_armor_gained_mid_round() {
    let gorgon = Minion::new("Gorgon", Kind::Monster, 50, 0).gaze_armor(2);
    let striker = Minion::new("Striker", Kind::Monster, 50, 4);
    let knight = Minion::new("Knight", Kind::Monster, 50, 0)
        .armor(1)
        .armor_penalty(2);
    let rules = Rules {
        max_rounds: 2,
        ..Rules::default()
    };
    let log = log_of(&battle(rules, vec![gorgon, striker], vec![knight]));
    let gained = log.iter().find_map(|e| match e {
        Event::ArmorGained {
            max_armor,
            current_armor,
            ..
        } => Some((*max_armor, *current_armor)),
        _ => None,
    });
    assert_eq!(
        gained,
        Some((1, 0)),
        "1 + 2 gained − 2 penalty; none this round"
    );
    let soaked: Vec<u32> = log
        .iter()
        .filter_map(|e| match e {
            Event::Attack(a) if a.attacker == "Striker" => Some(a.soaked),
            _ => None,
        })
        .collect();
    assert_eq!(
        soaked,
        [0, 1],
        "the gained armor counts from round 2, less the penalty"
    );
}

/// `weakest` picks the fewest hit points now; the first in list order among equals.
#[test]
fn weakest_breaks_ties_by_list_order() {
    let attacker = Minion::new("A", Kind::Monster, 50, 1);
    let enemies = vec![
        Minion::new("Big", Kind::Monster, 5, 0),
        Minion::new("Left", Kind::Monster, 3, 0),
        Minion::new("Right", Kind::Monster, 3, 0),
    ];
    let rules = Rules {
        targeting: Targeting::Weakest,
        max_rounds: 4,
        ..Rules::default()
    };
    let log = log_of(&battle(rules, vec![attacker], enemies));
    let victims: Vec<&str> = log
        .iter()
        .filter_map(|e| match e {
            Event::Attack(a) if a.attacker == "A" => Some(a.victim.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(victims, ["Left", "Left", "Left", "Right"]);
}

fn file(rules: &str, extra_a: &str, spells: &str) -> String {
    format!(
        "[rules]\nmax_rounds = 4\n{rules}\n[a]\nname = \"A\"\n[[a.minions]]\nname = \"Hero\"\nkind = \"recruit\"\nhp = 50\ndamage = 1\n{extra_a}\n[b]\nname = \"B\"\n[[b.minions]]\nname = \"Ogre\"\nkind = \"monster\"\nhp = 500\ndamage = 0\narmor = 3\n{spells}"
    )
}

fn hits_of(log: &[Event], attacker: &str) -> Vec<bool> {
    log.iter()
        .filter_map(|e| match e {
            Event::Attack(a) if a.attacker == attacker => Some(a.hit),
            _ => None,
        })
        .collect()
}

/// (minions, *Minion Levels*, *How Levels Affect Combat*): a level spell cast before
/// turn 2 puts the Ogre two levels above the Hero, so the cycle of misses starts.
#[test]
fn a_level_spell_between_combats_changes_the_cycle() {
    let text = file(
        "turns = 2",
        "",
        "[[spells]]\nturn = 2\nminion = \"Ogre\"\nlevels = 2\n",
    );
    let b = parse_battle(&text).unwrap();
    let log = log_of(&b);
    assert_eq!(
        hits_of(&log, "Hero"),
        [true, true, true, true, true, false, false, true]
    );
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Spell { minion, turn: 2, level_from: 1, level_to: 3, .. } if minion == "Ogre"
    )));
}

/// (minions, *Minion Levels*): a penalty past 0 is ignored. By default the excess is lost
/// when the spell lands; `level_excess = "kept"` keeps a running sum instead.
#[test]
fn level_excess_is_lost_by_default_and_kept_on_request() {
    let spells = "[[spells]]\nturn = 1\ngroup = \"a\"\nlevels = -3\n[[spells]]\nturn = 2\nminion = \"Hero\"\nlevels = 1\n";
    let level = |rules: &str| {
        let b = parse_battle(&file(rules, "", spells)).unwrap();
        play(&b, &mut NoTrace).minions[0].level
    };
    assert_eq!(level("turns = 2"), 1, "1 − 3 → 0, then + 1 → 1");
    assert_eq!(
        level("turns = 2\nlevel_excess = \"kept\""),
        0,
        "1 − 3 + 1 = −1 → 0"
    );
}

/// (minions, *How Armor Affects Combat*): armor penalties from spells lower what armor
/// soaks from the next combat on.
#[test]
fn an_armor_penalty_spell_lowers_what_armor_soaks() {
    let text = file(
        "turns = 2\nmax_rounds = 1",
        "damage = 4",
        "[[spells]]\nturn = 2\nminion = \"Ogre\"\narmor_penalty = 2\n",
    )
    .replace("max_rounds = 4\n", "");
    let text = text.replacen("damage = 1\ndamage = 4", "damage = 4", 1);
    let b = parse_battle(&text).unwrap();
    let soaked: Vec<u32> = log_of(&b)
        .iter()
        .filter_map(|e| match e {
            Event::Attack(a) if a.attacker == "Hero" => Some(a.soaked),
            _ => None,
        })
        .collect();
    assert_eq!(soaked, [3, 1]);
}

/// Damage from a spell is not combat damage: armor does not soak it, and a minion it
/// slays earns no recruit an experience level (experience, *Experience Level*).
#[test]
fn spell_damage_ignores_armor_and_earns_no_experience() {
    let text = file(
        "turns = 2",
        "",
        "[[spells]]\nturn = 2\ngroup = \"b\"\ndamage = 499\n[[spells]]\nturn = 2\nminion = \"Ogre\"\ndamage = 1\n",
    );
    let b = parse_battle(&text).unwrap();
    let mut log = Vec::new();
    let outcome = play(&b, &mut log);
    let spell_hp: Vec<u32> = log
        .iter()
        .filter_map(|e| match e {
            Event::Spell { hp_left, .. } => Some(*hp_left),
            _ => None,
        })
        .collect();
    // Turn 1: four hits of 1, all soaked by armor 3 each round: still 500.
    assert_eq!(spell_hp, [1, 0], "no armor against 499, then 1");
    assert!(!log.iter().any(|e| matches!(e, Event::Qualified { .. })));
    assert_eq!(outcome.minions[0].experience, Experience::Eligible);
    assert_eq!(outcome.winner, Some(fray::minions::Side::A));
}

/// (experience, *Experience Level*): most recruits learn; `learns = false` is one that
/// does not.
#[test]
fn a_recruit_that_cannot_learn_never_qualifies() {
    let slayer = |learns: bool| {
        let hero = Minion::new("Hero", Kind::Recruit, 50, 10).learns(learns);
        let goblins = vec![
            Minion::new("Goblin 1", Kind::Monster, 5, 0),
            Minion::new("Goblin 2", Kind::Monster, 50, 0),
        ];
        let mut log = Vec::new();
        let outcome = play(&battle(turns(2), vec![hero], goblins), &mut log);
        let ups = log
            .iter()
            .filter(|e| matches!(e, Event::LevelUp { .. } | Event::Qualified { .. }))
            .count();
        (ups, outcome.minions[0].level, outcome.minions[0].experience)
    };
    assert_eq!(slayer(true), (2, 2, Experience::Gained));
    assert_eq!(slayer(false), (0, 1, Experience::CannotLearn));
    let b = parse_battle(&file("turns = 2", "learns = false", "")).unwrap();
    assert!(!b.a.minions[0].learns);
}

#[test]
fn malformed_spells_and_learns_are_located() {
    let good = file(
        "turns = 2",
        "",
        "[[spells]]\nminion = \"Ogre\"\nlevels = 1\n",
    );
    let b = parse_battle(&good).unwrap();
    assert_eq!(b.spells[0].turn, 1, "turn defaults to 1");
    let spell_line = good.lines().count() - 1;
    let cases: &[(&str, &str, usize, &str)] = &[
        (
            "minion = \"Ogre\"",
            "minion = \"Ogr\"",
            spell_line,
            "did you mean `Ogre`",
        ),
        (
            "minion = \"Ogre\"",
            "minion = \"Ogre\"\ngroup = \"a\"",
            spell_line + 1,
            "not both",
        ),
        (
            "minion = \"Ogre\"",
            "group = \"c\"",
            spell_line,
            "unknown variant",
        ),
        ("minion = \"Ogre\"\n", "", spell_line - 1, "needs a target"),
        (
            "levels = 1",
            "levels = 11",
            spell_line + 1,
            "from -10 to 10",
        ),
        ("levels = 1", "turn = 3", spell_line + 1, "from 1 to 2"),
        ("levels = 1", "levels = 0", spell_line - 1, "does nothing"),
        ("levels = 1", "mana = 3", spell_line + 1, "unknown field"),
        (
            "kind = \"monster\"",
            "kind = \"monster\"\nlearns = true",
            17,
            "never gains",
        ),
        (
            "damage = 1\n",
            "damage = 1\nlearns = 2\n",
            11,
            "true or false",
        ),
    ];
    for (from, to, line, phrase) in cases {
        let text = good.replacen(from, to, 1);
        let e = parse_battle(&text).expect_err(to);
        let at = e.location.as_ref().unwrap_or_else(|| panic!("{to}: {e}"));
        assert_eq!(at.line, *line, "{to}: {e}");
        assert!(e.message.contains(phrase), "{to}: {e}");
    }
}

#[test]
fn learns_true_is_accepted_on_a_recruit_only() {
    let b = parse_battle(&file("turns = 2", "learns = true", "")).unwrap();
    assert!(b.a.minions[0].learns);
    let monster = file("turns = 2", "learns = true", "").replacen(
        "kind = \"recruit\"",
        "kind = \"monster\"",
        1,
    );
    let e = parse_battle(&monster).unwrap_err().to_string();
    assert!(e.contains("never gains an experience level"), "{e}");
}
