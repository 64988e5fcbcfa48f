//! Minions battle speed: `cargo bench -p fray --bench minions`.

use divan::{Bencher, black_box};
use fray::minions::{Battle, Group, Kind, Minion, Rules, play};
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

#[divan::bench(args = [10, 100, 1000])]
fn battle_without_log(bencher: Bencher, size: usize) {
    let battle = Battle {
        rules: Rules::default(),
        a: army("Red", size, 1),
        b: army("Blue", size, 3),
        spells: Vec::new(),
    };
    bencher.bench(|| play(black_box(&battle), &mut NoTrace));
}

#[divan::bench(args = [10, 100])]
fn battle_with_log(bencher: Bencher, size: usize) {
    let battle = Battle {
        rules: Rules::default(),
        a: army("Red", size, 1),
        b: army("Blue", size, 3),
        spells: Vec::new(),
    };
    bencher.bench(|| {
        let mut log = Vec::new();
        play(black_box(&battle), &mut log);
        log.len()
    });
}
