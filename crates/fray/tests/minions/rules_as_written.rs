//! Issue 11, rules exactly as written (minions, 003_3eb7dd0a15101726.txt): experience of
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
        log.iter().any(|e| matches!(e, Event::TurnStart { turn: 2 })),
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
