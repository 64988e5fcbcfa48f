//! Pool speed: `cargo bench -p fray --bench pool` (filter with a name, e.g. `mass`).
//!
//! - `mass::battle` plays whole mass battles of plain fighters, 10 to 10,000 a side, as
//!   the lab plays them (one state replayed); `mass::draws_alone` draws the same dice from
//!   the same generator (each size's in one loop, its quickest way) and does nothing else. Both count one battle per iteration, so
//!   the two "battles/s" columns side by side show the gap to the random-number bound.
//! - `example::battle` and `example::draws_alone` do the same for the bundled battle files
//!   (forms, armor, magic armor: the targeting order at work).
//! - `side_against_side` and `check_odds`: the exact computations.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use fray::pool::{
    Army, Check, CheckOdds, Combatant, Ladder, MassBattle, MassState, SideHits, compare,
    parse_mass_battle, replay_mass_battle,
};
use fray::rng::{Rolls, SeededRolls};
use fray::trace::NoTrace;

fn main() {
    divan::main();
}

/// Plain fighters with one bonus die, 6 hit points: the reference battle at 20.
fn plain_battle(per_side: usize) -> MassBattle {
    let army = |name: &str| Army {
        name: name.into(),
        combatants: (0..per_side)
            .map(|i| Combatant {
                bonus: 1,
                ..Combatant::new(&format!("{name} {i}"), 6)
            })
            .collect(),
        advantage: 0,
        disadvantage: 0,
    };
    MassBattle {
        a: army("Red"),
        b: army("Blue"),
        forms: vec![],
        max_rounds: 100,
        first_hit_die: 6,
        ladder: Ladder::standard(),
        targeting: Default::default(),
    }
}

fn example(name: &str) -> MassBattle {
    let text = match name {
        "knights-vs-levy" => include_str!("../../../examples/pool/knights-vs-levy.toml"),
        _ => include_str!("../../../examples/pool/pikes-vs-riders.toml"),
    };
    parse_mass_battle(text).expect("a bundled battle").battle
}

/// A source that counts what it is asked for: dice by number of sides, and units.
struct Counting {
    rolls: SeededRolls,
    dice: Vec<(u32, u64)>,
    units: u64,
}

impl Counting {
    fn count(&mut self, sides: u32, n: u64) {
        match self.dice.iter_mut().find(|(s, _)| *s == sides) {
            Some((_, count)) => *count += n,
            None => self.dice.push((sides, n)),
        }
    }
}

/// Forwards all four draws, so the battle draws what it draws from `SeededRolls` itself,
/// and counts the dice each drew.
impl Rolls for Counting {
    fn die(&mut self, sides: u32) -> u32 {
        self.count(sides, 1);
        self.rolls.die(sides)
    }
    fn hits(&mut self, dice: u32, sides: u32, tn: u32) -> u32 {
        self.count(sides, u64::from(dice));
        self.rolls.hits(dice, sides, tn)
    }
    fn explosions(&mut self, explodes: bool, sides: u32, face: u32, cap: u32) -> u32 {
        let run = self.rolls.explosions(explodes, sides, face, cap);
        // The seeded source draws the first die either way, and one more than the run
        // when a die that is not `face` ended it.
        let drawn = if run == 0 {
            1
        } else {
            run + u32::from(run < cap)
        };
        self.count(sides, u64::from(drawn));
        run
    }
    fn unit(&mut self) -> f64 {
        self.units += 1;
        self.rolls.unit()
    }
}

/// The random numbers one battle draws on average (over enough battles that the mean
/// is steady): per die size, then units.
fn draws_per_battle(battle: &MassBattle) -> (Vec<(u32, u64)>, u64) {
    let combatants = battle.a.combatants.len() + battle.b.combatants.len();
    let battles = (400_000 / combatants).clamp(20, 20_000) as u64;
    let mut state = MassState::new(battle);
    let mut counting = Counting {
        rolls: SeededRolls::new(1),
        dice: Vec::new(),
        units: 0,
    };
    for _ in 0..battles {
        replay_mass_battle(&mut state, &mut counting, &mut NoTrace).expect("a valid battle");
    }
    let mean = |n: u64| (n + battles / 2) / battles;
    let dice = counting.dice.iter().map(|&(s, n)| (s, mean(n))).collect();
    (dice, mean(counting.units))
}

/// One battle per iteration, replayed on one state as the lab does.
fn bench_battle(bencher: Bencher, battle: &MassBattle) {
    let mut state = MassState::new(battle);
    let mut rolls = SeededRolls::new(1);
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        let _ = replay_mass_battle(black_box(&mut state), &mut rolls, &mut NoTrace);
        state.round
    });
}

/// The random numbers of one average battle, drawn alone from the same generator, the
/// quickest way it has: each size's dice in one `hits` call (one loop over batches).
fn bench_draws(bencher: Bencher, battle: &MassBattle) {
    let (dice, units) = draws_per_battle(battle);
    let mut rolls = SeededRolls::new(1);
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        let mut sum = 0u64;
        for &(sides, n) in &dice {
            let n = u32::try_from(n).unwrap_or(u32::MAX);
            sum += u64::from(rolls.hits(n, black_box(sides), sides / 2));
        }
        for _ in 0..units {
            sum += rolls.unit().to_bits() & 1;
        }
        sum
    });
}

mod mass {
    use super::*;

    const SIZES: [usize; 5] = [10, 20, 100, 1_000, 10_000];

    #[divan::bench(args = SIZES)]
    fn battle(bencher: Bencher, per_side: usize) {
        bench_battle(bencher, &plain_battle(per_side));
    }

    #[divan::bench(args = SIZES)]
    fn draws_alone(bencher: Bencher, per_side: usize) {
        bench_draws(bencher, &plain_battle(per_side));
    }
}

mod example {
    use super::*;

    const FILES: [&str; 2] = ["knights-vs-levy", "pikes-vs-riders"];

    #[divan::bench(args = FILES)]
    fn battle(bencher: Bencher, name: &str) {
        bench_battle(bencher, &example(name));
    }

    #[divan::bench(args = FILES)]
    fn draws_alone(bencher: Bencher, name: &str) {
        bench_draws(bencher, &example(name));
    }
}

fn check(rung: &str, bonus: u32, penalty: u32) -> Check {
    Check::new(rung.parse().expect("a rung"), bonus, penalty).expect("a check")
}

#[divan::bench(args = [10, 100, 1_000, 10_000])]
fn side_against_side(bencher: Bencher, attackers: u64) {
    let a = [(attackers, check("3/6", 3, 0))];
    let b = [
        (attackers * 7 / 9, check("4/6", 1, 0)),
        (attackers - attackers * 7 / 9, check("1/8", 0, 2)),
    ];
    bencher.bench(|| {
        let a = SideHits::new(black_box(&a));
        let b = SideHits::new(black_box(&b));
        compare(&a.distribution, &b.distribution)
    });
}

#[divan::bench(args = [(0, 0), (3, 0), (0, 3), (20, 0)])]
fn check_odds(bencher: Bencher, (bonus, penalty): (u32, u32)) {
    let c = check("3/6", bonus, penalty);
    bencher.bench(|| CheckOdds::new(black_box(c)).mean_degree());
}
