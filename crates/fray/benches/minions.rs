//! Minions battle speed: `cargo bench -p fray --bench minions`.
//!
//! The system has no dice, so there is no random-number bound to compare with: a battle
//! costs its rules alone. `battle_replayed` and `example_replayed` play one battle per
//! iteration on one state, reset each time (no allocation); `battle_without_log` builds
//! the state and the outcome each time, as `fray::minions::play` does.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use fray::minions::{Battle, BattleState, Group, Kind, Minion, Rules, parse_battle, play};
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
