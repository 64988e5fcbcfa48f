//! The lab's kernel plays the battles `MassState` plays untraced from a source that
//! draws whole: the same hit points, rounds and winner, and the same draws, stream for
//! stream, over battles of every shape (forms, armor, profiles of one or many).

use fray::pool::battle::Side;
use fray::pool::{
    ArmorWeight, Army, Combatant, DefenseCount, Dodge, FormRule, FormVote, Ladder, MassBattle,
    MassKernel, MassState, TargetingReadings, parse_mass_battle, replay_mass_battle,
};
use fray::rng::{Rolls, SeededRolls};
use fray::trace::NoTrace;
use proptest::prelude::*;

const FORMS: [&str; 3] = ["pike", "sword", "cavalry"];

/// Plays `battles` battles of `battle` on one stream both ways, comparing each, then
/// the next draw of each stream (the same draws were made).
fn same_battles(battle: &MassBattle, seed: u64, battles: usize) -> Result<(), TestCaseError> {
    let Some(mut kernel) = MassKernel::new(battle) else {
        return Err(TestCaseError::fail("the kernel takes the battle"));
    };
    let mut state = MassState::new(battle);
    let mut x = SeededRolls::with_stream(seed, 3).drawing_whole();
    let mut y = SeededRolls::with_stream(seed, 3).drawing_whole();
    for _ in 0..battles {
        replay_mass_battle(&mut state, &mut x, &mut NoTrace).unwrap();
        kernel.reset();
        while !kernel.over() {
            kernel.play_round(&mut y);
        }
        prop_assert_eq!(&kernel.hp(Side::A), &state.hp[0]);
        prop_assert_eq!(&kernel.hp(Side::B), &state.hp[1]);
        prop_assert_eq!(kernel.round(), state.round);
        prop_assert_eq!(kernel.winner(), state.winner());
    }
    prop_assert_eq!(x.unit(), y.unit(), "the same draws");
    Ok(())
}

/// A kind of fighter: how many, hit points, bonus, form, armor, magic armor, hard to
/// hit, dodge.
type Kind = (usize, u32, u32, Option<usize>, u8, u32, bool, u8);

fn kind() -> impl Strategy<Value = Kind> {
    (
        1usize..9,
        1u32..10,
        0u32..3,
        proptest::option::of(0usize..3),
        0u8..4,
        0u32..2,
        any::<bool>(),
        0u8..3,
    )
}

fn side(name: &str, kinds: &[Kind]) -> Army {
    let armor = [
        ArmorWeight::None,
        ArmorWeight::Light,
        ArmorWeight::Medium,
        ArmorWeight::Heavy,
    ];
    let dodge = [Dodge::Normal, Dodge::CannotDodge, Dodge::DodgesWell];
    let mut combatants = Vec::new();
    for (k, &(count, hp, bonus, form, weight, magic, small, dodges)) in kinds.iter().enumerate() {
        for i in 0..count {
            combatants.push(Combatant {
                bonus,
                form: form.map(|f| FORMS[f].to_string()),
                armor: armor[usize::from(weight)],
                magic_armor: magic,
                hard_to_hit: small,
                dodge: dodge[usize::from(dodges)],
                penetrates: if k % 2 == 1 { vec![armor[2]] } else { vec![] },
                ..Combatant::new(&format!("{name}{k}.{i}"), hp)
            });
        }
    }
    Army {
        name: name.into(),
        combatants,
        advantage: 0,
        disadvantage: 0,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_kernel_plays_the_battles_the_state_plays(
        a in proptest::collection::vec(kind(), 1..4),
        b in proptest::collection::vec(kind(), 1..4),
        rules in proptest::collection::vec((0usize..3, 0usize..3), 0..4),
        (most, armor_only) in (any::<bool>(), any::<bool>()),
        max_rounds in 1u32..30,
        seed in 0u64..1_000_000,
    ) {
        let forms = (rules.iter())
            .filter(|(x, y)| x != y)
            .map(|&(x, y)| FormRule { superior: FORMS[x].into(), inferior: FORMS[y].into() })
            .collect();
        let battle = MassBattle {
            a: side("a", &a),
            b: side("b", &b),
            forms,
            max_rounds,
            first_hit_die: 6,
            ladder: Ladder::standard(),
            targeting: TargetingReadings {
                form: if most { FormVote::Most } else { FormVote::Balance },
                defenses: if armor_only { DefenseCount::Armor } else { DefenseCount::All },
            },
        };
        same_battles(&battle, seed, 4)?;
    }
}

#[test]
fn the_kernel_plays_every_example_file_as_the_state_does() {
    for (path, text) in super::example_files() {
        let battle = parse_mass_battle(&text).unwrap().battle;
        same_battles(&battle, 11, 200).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}
