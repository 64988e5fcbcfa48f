//! Issue 11, rules exactly as written (pool; see docs/rules/pool.md): the targeting
//! order of *The roll, step 1* and the attack roll's climb of the ladder.

use fray::pool::battle::Side;
use fray::pool::{
    ArmorMatch, ArmorWeight, Army, AttackFactors, Combatant, DefenseCount, Dodge, FormEdge,
    FormRule, FormVote, Ladder, MassBattle, MassEvent, MassState, attack_check, parse_mass_battle,
};
use fray::rng::ScriptedRolls;
use fray::trace::{NoTrace, Trace};

fn army(name: &str, combatants: Vec<Combatant>) -> Army {
    Army {
        name: name.into(),
        combatants,
        advantage: 0,
        disadvantage: 0,
    }
}

fn with_form(name: &str, form: Option<&str>) -> Combatant {
    Combatant {
        form: form.map(str::to_string),
        ..Combatant::new(name, 10)
    }
}

/// Pikes beat cavalry. Side A: `pikes` pikemen then maces (no form), three in all;
/// side B: a swordsman (no relation to pikes), then a rider.
fn pikes_and_maces(pikes: usize) -> MassBattle {
    let a = (0..3)
        .map(|i| {
            if i < pikes {
                with_form(&format!("Pike {}", i + 1), Some("pike"))
            } else {
                with_form(&format!("Mace {}", i + 1 - pikes), None)
            }
        })
        .collect();
    MassBattle {
        a: army("A", a),
        b: army(
            "B",
            vec![
                with_form("Swordsman", Some("sword")),
                with_form("Rider", Some("cavalry")),
            ],
        ),
        forms: vec![FormRule {
            superior: "pike".into(),
            inferior: "cavalry".into(),
        }],
        max_rounds: 5,
        first_hit_die: 6,
        ladder: Ladder::standard(),
        targeting: Default::default(),
    }
}

/// (pool, *The roll, step 1*): a defender has form inferiority against the attacking
/// side when most of its living attackers have the edge over it; one pikeman among three
/// does not make the rider a first target, two do.
#[test]
fn form_decides_the_order_when_most_attackers_have_the_edge() {
    assert_eq!(MassState::new(&pikes_and_maces(2)).targets(Side::A), [1, 0]);
    assert_eq!(
        MassState::new(&pikes_and_maces(1)).targets(Side::A),
        [0, 1],
        "1 of 3 is not most: a tie, list order"
    );
    // Seen from the lone rider's side: the pikeman's form is superior to the form of
    // every (the only) attacker, so it comes after the maces.
    let mut b = pikes_and_maces(1);
    b.b.combatants.remove(0);
    let state = MassState::new(&b);
    assert_eq!(state.targets(Side::B), [1, 2, 0]);
    // The other reading, on request: the balance of edges, so one pikeman is enough.
    let mut balance = pikes_and_maces(1);
    balance.targeting.form = FormVote::Balance;
    assert_eq!(MassState::new(&balance).targets(Side::A), [1, 0]);
}

/// A whole round where form decides who takes the only hit: the swordsman, first in
/// list order, because the rider is form-inferior to only one attacker of three.
#[test]
fn a_battle_where_form_decides_who_is_hit() {
    let play = |pikes| {
        let mut state = MassState::new(&pikes_and_maces(pikes));
        let mut log = Vec::new();
        // A: one hit (2, no explosion), two misses; B: two misses; then the d6 of full
        // damage for the one target hit.
        let mut rolls = ScriptedRolls::dice([2, 6, 5, 6, 5, 6, 5, 6, 5, 6, 3]);
        state.play_round(&mut rolls, &mut log).unwrap();
        assert_eq!(rolls.remaining(), 0);
        let first_attack = log.iter().find_map(|e| match e {
            MassEvent::Attack {
                attacker, target, ..
            } => Some(format!("{attacker} → {target}")),
            _ => None,
        });
        let assigned: Vec<String> = log
            .iter()
            .filter_map(|e| match e {
                MassEvent::Assigned { target, hits, .. } => Some(format!("{target} {hits}")),
                _ => None,
            })
            .collect();
        (first_attack.unwrap(), assigned, state.hp[1].clone())
    };
    let (attack, assigned, hp) = play(1);
    assert_eq!(attack, "Pike 1 → Swordsman");
    assert_eq!(assigned, ["Swordsman 1"]);
    assert_eq!(hp, [7, 10]);
    let (attack, assigned, hp) = play(2);
    assert_eq!(attack, "Pike 1 → Rider");
    assert_eq!(assigned, ["Rider 1"]);
    assert_eq!(hp, [10, 7], "the pike's 4/6 roll of 2 hits the rider");
}

/// (pool, *Combat considerations*, *The roll, step 1*): a defender's defenses are its
/// armor, size and speed, so a target that cannot dodge comes before one that dodges
/// well or is hard to hit for its size.
#[test]
fn size_and_speed_count_as_defenses_in_the_targeting_order() {
    let nimble = Combatant {
        dodge: Dodge::DodgesWell,
        ..Combatant::new("Nimble", 10)
    };
    let clumsy = Combatant {
        dodge: Dodge::CannotDodge,
        armor: ArmorWeight::Light,
        ..Combatant::new("Clumsy", 10)
    };
    let giant = Combatant {
        hard_to_hit: true,
        ..Combatant::new("Giant", 10)
    };
    let b = MassBattle {
        a: army("A", vec![Combatant::new("a", 10)]),
        b: army(
            "B",
            vec![nimble, clumsy, giant, Combatant::new("Plain", 10)],
        ),
        forms: vec![],
        max_rounds: 5,
        first_hit_die: 6,
        ladder: Ladder::standard(),
        targeting: Default::default(),
    };
    let state = MassState::new(&b);
    assert_eq!(
        state.targets(Side::A),
        [1, 3, 0, 2],
        "light armor but cannot dodge (0), plain (0), dodges well (1), hard to hit (1)"
    );
    assert_eq!(state.defense_score(Side::A, &[0], 0), 1, "dodges well");
    let mut armor_only = b.clone();
    armor_only.targeting.defenses = DefenseCount::Armor;
    assert_eq!(
        MassState::new(&armor_only).targets(Side::A),
        [0, 2, 3, 1],
        "on request, armor alone: the clumsy one's light armor puts it last"
    );
}

/// (pool, *Dice tech basics*, *Combat considerations*): the modifiers add up to one
/// change of TN before the ladder is climbed, so on a short ladder (d6 only: 1/6 to
/// 5/6) three steps easier and one harder is two steps easier, 5/6, not 4/6.
#[test]
fn attack_modifiers_add_up_before_the_ladder_clamps() {
    let short: Ladder = "6:".parse().unwrap();
    let factors = AttackFactors {
        form: FormEdge::Attacker,
        dodge: Dodge::CannotDodge,
        armor: ArmorMatch::Penetrates,
        magic_armor: 1,
        ..Default::default()
    };
    let mut trace = Trace::default();
    let check = attack_check(&short, &factors, &mut trace).unwrap();
    assert_eq!(check.to_string(), "5/6");
    assert!(
        trace
            .steps
            .iter()
            .any(|s| s.text.contains("+2 rung(s) in all: 3/6 → 5/6")),
        "{:?}",
        trace.steps
    );
    let far = AttackFactors {
        magic_armor: 4,
        ..Default::default()
    };
    assert_eq!(
        attack_check(&short, &far, &mut NoTrace)
            .unwrap()
            .to_string(),
        "1/6"
    );
    // The same from a battle file with that ladder.
    let text = "ladder = \"6:\"\n[[forms]]\nsuperior = \"pike\"\ninferior = \"cavalry\"\n[a]\nname = \"A\"\n[[a.combatants]]\nname = \"x\"\nhp = 5\nform = \"pike\"\npenetrates = [\"light\"]\n[b]\nname = \"B\"\n[[b.combatants]]\nname = \"y\"\nhp = 5\nform = \"cavalry\"\narmor = \"light\"\ndodge = \"cannot-dodge\"\nmagic_armor = 1\n";
    let s = parse_mass_battle(text).unwrap();
    let state = MassState::new(&s.battle);
    assert_eq!(state.attack_roll(Side::A, 0, 0).unwrap().to_string(), "5/6");
}
