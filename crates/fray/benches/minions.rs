//! Minions battle speed: `cargo bench -p fray --bench minions`.
//!
//! The system has no dice, so there is no random-number bound to compare with: a battle
//! costs its rules alone. `battle_replayed` and `example_replayed` play one battle per
//! iteration on one state, reset each time (no allocation); `battle_without_log` builds
//! the state and the outcome each time, as `fray::minions::play` does. `attacks_*/N`
//! replay a battle of N a side under each targeting option and count its attacks made,
//! so divan's second line is attacks a second: the scaling curve of docs/performance.md.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use fray::minions::{
    Battle, BattleState, Event, Group, Kind, Minion, Rules, Targeting, parse_battle, play,
};
use fray::trace::NoTrace;

fn main() {
    divan::main();
}

fn army(prefix: &str, size: usize, level: i32) -> Group {
    let minions = (0..size)
        .map(|i| {
            Minion::new(&format!("{prefix} {i}"), Kind::Recruit, 12, 3)
                .level(level)
                .armor(1)
                .attacks(2)
        })
        .collect();
    Group {
        name: prefix.into(),
        minions,
    }
}

fn battle(size: usize) -> Battle {
    Battle {
        rules: Rules::default(),
        a: army("Red", size, 1),
        b: army("Blue", size, 3),
        spells: Vec::new(),
    }
}

/// One battle per iteration on one state, reset between battles.
fn bench_replayed(bencher: Bencher, battle: &Battle) {
    let mut state = BattleState::new(battle);
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        state.reset();
        black_box(&mut state).play_out(&mut NoTrace);
        state.rounds
    });
}

#[divan::bench(args = [10, 100, 1000])]
fn battle_replayed(bencher: Bencher, size: usize) {
    bench_replayed(bencher, &battle(size));
}

#[divan::bench(args = ["recruits-vs-orcs", "horde", "gorgon", "spells"])]
fn example_replayed(bencher: Bencher, name: &str) {
    let text = match name {
        "recruits-vs-orcs" => include_str!("../../../examples/minions/recruits-vs-orcs.toml"),
        "horde" => include_str!("../../../examples/minions/horde.toml"),
        "gorgon" => include_str!("../../../examples/minions/gorgon.toml"),
        _ => include_str!("../../../examples/minions/spells.toml"),
    };
    bench_replayed(bencher, &parse_battle(text).expect("a bundled battle"));
}

#[divan::bench(args = [10, 100, 1000])]
fn battle_without_log(bencher: Bencher, size: usize) {
    let battle = battle(size);
    bencher
        .counter(ItemsCount::new(1usize))
        .bench(|| play(black_box(&battle), &mut NoTrace));
}

#[divan::bench(args = [10, 100])]
fn battle_with_log(bencher: Bencher, size: usize) {
    let battle = battle(size);
    bencher.bench(|| {
        let mut log = Vec::new();
        play(black_box(&battle), &mut log);
        log.len()
    });
}

/// One battle per iteration, counted in the attacks it makes.
fn bench_attacks(bencher: Bencher, size: usize, targeting: Targeting) {
    let mut battle = battle(size);
    battle.rules.targeting = targeting;
    let mut log = Vec::new();
    play(&battle, &mut log);
    let attacks = log.iter().filter(|e| matches!(e, Event::Attack(_))).count();
    let mut state = BattleState::new(&battle);
    bencher.counter(ItemsCount::new(attacks)).bench_local(|| {
        state.reset();
        black_box(&mut state).play_out(&mut NoTrace);
        state.rounds
    });
}

#[divan::bench(args = [10, 100, 1000, 10000], sample_count = 10)]
fn attacks_first(bencher: Bencher, size: usize) {
    bench_attacks(bencher, size, Targeting::First);
}

#[divan::bench(args = [10, 100, 1000, 10000], sample_count = 10)]
fn attacks_spread(bencher: Bencher, size: usize) {
    bench_attacks(bencher, size, Targeting::Spread);
}

#[divan::bench(args = [10, 100, 1000, 10000], sample_count = 10)]
fn attacks_weakest(bencher: Bencher, size: usize) {
    bench_attacks(bencher, size, Targeting::Weakest);
}
