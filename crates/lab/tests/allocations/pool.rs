//! Pool mass battles, replayed on one state per chunk as `fray_lab::run` plays them.

use fray::pool::{MassBattle, MassKernel, MassState, parse_mass_battle, replay_mass_battle};
use fray::rng::SeededRolls;
use fray::trace::NoTrace;
use fray_lab::scenario::BattleKind;

use super::{allocations_per_battle, assert_steady, lab_allocations_for_255_more, serial};

/// The lab's loop for one chunk: the state is made by the first trial and replayed by
/// every later one, on the chunk's stream. Returns the allocations per battle and the
/// rounds played in all (so a loop that played nothing cannot pass).
fn chunk(battle: &MassBattle, seed: u64, trials: usize) -> (Vec<u64>, u64) {
    let mut rolls = SeededRolls::with_stream(seed, 0);
    let mut state: Option<MassState> = None;
    let mut rounds = 0u64;
    let counts = allocations_per_battle(trials, || {
        let state = state.get_or_insert_with(|| MassState::new(battle));
        replay_mass_battle(state, &mut rolls, &mut NoTrace).expect("a valid battle");
        rounds += u64::from(state.round);
    });
    (counts, rounds)
}

fn bundled() -> MassBattle {
    let text = fray_lab::examples::find("pikes").expect("bundled").text;
    match fray_lab::parse_scenario(text).expect("valid").battle {
        BattleKind::Pool(b) => b,
        _ => panic!("the pikes scenario is a pool battle"),
    }
}

#[test]
fn the_bundled_pool_scenario_allocates_only_in_its_first_battle() {
    let _serial = serial();
    let (counts, rounds) = chunk(&bundled(), 7, 300);
    assert!(counts[0] > 0, "the first battle builds the state");
    assert!(rounds >= 300, "every battle played a round");
    assert_steady("pikes", &counts);
}

#[test]
fn the_pool_battle_files_allocate_only_in_their_first_battle() {
    let _serial = serial();
    for (name, text) in [
        (
            "knights-vs-levy",
            include_str!("../../../../examples/pool/knights-vs-levy.toml"),
        ),
        (
            "pikes-vs-riders",
            include_str!("../../../../examples/pool/pikes-vs-riders.toml"),
        ),
    ] {
        let battle = parse_mass_battle(text).expect("valid").battle;
        let (counts, rounds) = chunk(&battle, 1, 200);
        assert!(rounds >= 200, "{name}: every battle played a round");
        assert_steady(name, &counts);
    }
}

#[test]
fn a_large_battle_with_forms_allocates_only_in_its_first_battle() {
    let _serial = serial();
    // 1,000 a side whose forms change the targeting order as they fall: the counting
    // sort and the rolls of every profile pair met on the way must need no new memory.
    let text = include_str!("../../../../examples/pool/pikes-vs-riders.toml");
    let mut battle = parse_mass_battle(text).expect("valid").battle;
    for army in [&mut battle.a, &mut battle.b] {
        let pattern = army.combatants.clone();
        army.combatants = (0..1_000)
            .map(|i| {
                let mut c = pattern[i % pattern.len()].clone();
                c.name = format!("{} {i}", c.name);
                c.magic_armor = (i % 3) as u32;
                c
            })
            .collect();
    }
    let (counts, rounds) = chunk(&battle, 3, 20);
    assert!(rounds >= 20);
    assert_steady("1,000 a side", &counts);
}

#[test]
fn the_kernel_allocates_only_for_counts_it_meets_first() {
    let _serial = serial();
    // The lab's pool battles play on the kernel, which keeps a round's attacks and
    // builds their joint table the first time a side's living come to a new count
    // (bounded: a memo slot each, at most a few hundred in this battle). A battle
    // that meets no new count allocates nothing.
    let battle = bundled();
    let mut kernel = MassKernel::new(&battle).expect("the kernel plays the pikes");
    let mut rolls = SeededRolls::with_stream(7, 0).drawing_whole();
    let mut met = Vec::with_capacity(5_000);
    let counts = allocations_per_battle(5_000, || {
        kernel.reset();
        while !kernel.over() {
            kernel.play_round(&mut rolls);
        }
        met.push(kernel.first_met());
    });
    assert!(counts[0] > 0, "the first battle builds tables");
    let mut quiet = 0;
    for i in 1..counts.len() {
        let new = met[i] > met[i - 1];
        assert!(
            counts[i] == 0 || new,
            "battle {i} allocated {} without meeting a new count",
            counts[i]
        );
        quiet += usize::from(!new);
    }
    assert!(quiet > 4_500, "most battles meet no new count: {quiet}");
    assert!(
        met[met.len() - 1] < 800,
        "bounded by the memo: {}",
        met[met.len() - 1]
    );
}

#[test]
fn the_lab_counts_pool_battles_without_allocating_per_battle() {
    let _serial = serial();
    // The plain battle: one roll a side, so nothing is built after the first battle
    // (the pikes' first-met counts are the test above).
    let text = include_str!("../../../../scripts/speed-guard-pool-20.toml");
    let s = fray_lab::parse_scenario(text).unwrap();
    // Before, each battle built its hit points as a vector and its damage's name.
    let per_chunk = lab_allocations_for_255_more(&s);
    assert!(
        per_chunk < 32,
        "{per_chunk} more allocations for 255 more battles"
    );
}
