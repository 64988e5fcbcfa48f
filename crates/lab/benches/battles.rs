//! Battle lab speed: `cargo bench -p fray-lab --bench battles`. Each sampled benchmark
//! plays one battle per iteration (divan reports the time per battle; battles per second
//! are its inverse). Targets: a 20-against-20 pool battle at 100,000 a second per core;
//! an exact one-on-one evasion duel under 100 ms at 1,000 hit points a side; a sampled
//! duel within about 3 times the cost of drawing its random numbers alone
//! (`evasion_duel_against_its_draws`: the two lines side by side, per 1,000 duels); the
//! bundled conditions skirmish at 50,000 a second (`skirmish_bundled_reset`), and its
//! cost over its draws alone (`skirmish_against_its_draws`, per 100 skirmishes).

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use fray::evasion::{Attacker, DamageKind, Defender, Options};
use fray::pool::{
    Army, Combatant, Ladder, MassBattle, MassState, play_mass_battle, replay_mass_battle,
};
use fray::rng::{Rolls, SeededRolls};
use fray::trace::NoTrace;
use fray_lab::duel::{DuelPlan, exact_duel};
use fray_lab::scenario::{Duel, Duelist};

fn main() {
    divan::main();
}

fn army(name: &str, n: usize, bonus: u32) -> Army {
    let combatants = (0..n)
        .map(|i| Combatant {
            bonus,
            ..Combatant::new(&format!("{name} {i}"), 6)
        })
        .collect();
    Army {
        name: name.into(),
        combatants,
        advantage: 0,
        disadvantage: 0,
    }
}

/// Twenty plain fighters a side, the benchmark's reference battle.
fn twenty_a_side() -> MassBattle {
    MassBattle {
        a: army("Red", 20, 1),
        b: army("Blue", 20, 1),
        forms: vec![],
        max_rounds: 100,
        first_hit_die: 6,
        ladder: Ladder::standard(),
        targeting: Default::default(),
    }
}

#[divan::bench]
fn pool_20_against_20(bencher: Bencher) {
    let battle = twenty_a_side();
    let mut rolls = SeededRolls::new(1);
    bencher.bench_local(|| {
        play_mass_battle(black_box(&battle), &mut rolls, &mut NoTrace).map(|s| s.round)
    });
}

/// As the lab plays it: one state per chunk of trials, replayed.
#[divan::bench]
fn pool_20_against_20_replayed(bencher: Bencher) {
    let battle = twenty_a_side();
    let mut state = MassState::new(&battle);
    let mut rolls = SeededRolls::new(1);
    bencher.bench_local(|| {
        let _ = replay_mass_battle(black_box(&mut state), &mut rolls, &mut NoTrace);
        state.round
    });
}

fn duelist(name: &str, hp: u32, damage: &str) -> Duelist {
    Duelist {
        name: name.into(),
        damage: damage.parse().expect("dice"),
        kind: DamageKind::Physical,
        attack: Attacker {
            level: 8,
            ..Attacker::default()
        },
        defense: Defender {
            hp,
            ev: 1.0,
            intrinsic_dr: 1.0,
            ..Defender::default()
        },
    }
}

fn reference_duel(hp: u32) -> Duel {
    Duel {
        a: duelist("A", hp, "2d6+2"),
        b: duelist("B", hp, "1d10+3"),
        options: Options::default(),
        b_first: false,
    }
}

#[divan::bench(args = [50, 100, 200, 1000])]
fn evasion_exact_duel(bencher: Bencher, hp: u32) {
    let duel = reference_duel(hp);
    bencher.bench(|| exact_duel(black_box(&duel)).map(|e| e.p_a_wins));
}

/// The bundled duel (a Valkyrie against a troll) with both hit points raised: the
/// luck dice, armor and high-damage effects of a real profile.
#[divan::bench(args = [200, 1000])]
fn evasion_exact_bundled_duel(bencher: Bencher, hp: u32) {
    let s = fray_lab::parse_scenario(fray_lab::examples::find("duel").expect("bundled").text)
        .expect("valid");
    let fray_lab::scenario::BattleKind::Evasion(mut duel) = s.battle else {
        return;
    };
    duel.a.defense.hp = hp;
    duel.b.defense.hp = hp;
    bencher.bench(|| exact_duel(black_box(&duel)).map(|e| e.p_a_wins));
}

/// The round limit of the duel curves: none that a duel of 10,000 hit points reaches.
const NO_LIMIT: u32 = 10_000_000;

/// The sampled duel's cost as hit points grow, per round played (a duel of 10,000 hit
/// points a side lasts about a thousand times as long as one of 10): the rounds a duel
/// lasts on average are counted before the bench starts, so divan's items per second
/// are rounds per second (docs/performance.md, "Evasion duels by size").
#[divan::bench(args = [10, 100, 1000, 10000])]
fn evasion_curve_sampled(bencher: Bencher, hp: u32) {
    let plan = DuelPlan::new(&reference_duel(hp));
    let duels = (20_000 / hp).max(20);
    let mut rolls = SeededRolls::new(2);
    let rounds: u64 = (0..duels)
        .map(|_| u64::from(plan.sample(NO_LIMIT, &mut rolls).1))
        .sum();
    let mean = (rounds / u64::from(duels)).max(1);
    bencher
        .counter(ItemsCount::new(mean))
        .bench_local(|| plan.sample(NO_LIMIT, &mut rolls).1);
}

/// The exact duel's cost as hit points grow, per state of its chain (hit points times
/// hit points); beyond `MAX_EXACT_HP` a side it is refused before any work.
#[divan::bench(args = [10, 100, 1000])]
fn evasion_curve_exact(bencher: Bencher, hp: u32) {
    let duel = reference_duel(hp);
    bencher
        .counter(ItemsCount::new(u64::from(hp) * u64::from(hp)))
        .bench(|| exact_duel(black_box(&duel)).map(|e| e.p_a_wins));
}

#[divan::bench]
fn evasion_sampled_duel(bencher: Bencher) {
    let plan = DuelPlan::new(&reference_duel(60));
    let mut rolls = SeededRolls::new(2);
    bencher.bench_local(|| plan.sample(1000, &mut rolls).1);
}

/// One random draw, as a duel asked for it.
#[derive(Clone, Copy)]
enum Draw {
    Die(u32),
    Unit,
}

/// A source that keeps the list of what was drawn.
struct Recorder {
    rolls: SeededRolls,
    log: Vec<Draw>,
}

/// Forwards `die` and `unit` only: the duels and skirmishes it records draw nothing
/// else (a pool's `hits` and `explosions` would be rolled die by die here).
impl Rolls for Recorder {
    fn die(&mut self, sides: u32) -> u32 {
        self.log.push(Draw::Die(sides));
        self.rolls.die(sides)
    }
    fn unit(&mut self) -> f64 {
        self.log.push(Draw::Unit);
        self.rolls.unit()
    }
}

/// Duels per iteration of [`evasion_duel_against_its_draws`].
const DUELS: usize = 1000;

/// A thousand sampled duels (`duel`) beside the same random draws made alone (`draws
/// alone`: the same dice and units, from the same generator, with nothing computed).
/// The ratio of the two lines is the duel's cost over the random-number bound.
#[divan::bench(args = ["duel", "draws alone"])]
fn evasion_duel_against_its_draws(bencher: Bencher, what: &str) {
    let plan = DuelPlan::new(&reference_duel(60));
    let mut recorder = Recorder {
        rolls: SeededRolls::new(4),
        log: Vec::new(),
    };
    for _ in 0..DUELS {
        plan.sample(1000, &mut recorder);
    }
    let log = recorder.log;
    if what == "duel" {
        bencher.bench_local(|| {
            let mut rolls = SeededRolls::new(4);
            (0..DUELS)
                .map(|_| plan.sample(1000, &mut rolls).1)
                .sum::<u32>()
        });
    } else {
        bencher.bench_local(|| draws_alone(&log, 4));
    }
}

/// Makes the draws of `log` from a generator seeded with `seed`, with nothing computed:
/// the random-number bound of whatever recorded them.
fn draws_alone(log: &[Draw], seed: u64) -> f64 {
    let mut rolls = SeededRolls::new(seed);
    let mut sum = 0.0;
    for d in black_box(log) {
        sum += match *d {
            Draw::Die(sides) => f64::from(rolls.die(sides)),
            Draw::Unit => rolls.unit(),
        };
    }
    sum
}

/// The bundled skirmish's creatures (a fighter and a cleric against three goblins).
fn bundled_skirmish() -> Vec<fray::conditions::Creature> {
    let s = fray_lab::parse_scenario(fray_lab::examples::find("skirmish").expect("bundled").text)
        .expect("valid");
    match s.battle {
        fray_lab::scenario::BattleKind::Skirmish(creatures) => creatures,
        _ => panic!("the skirmish example is a skirmish"),
    }
}

/// A new skirmish set up for every battle (`play_skirmish`).
#[divan::bench]
fn skirmish_bundled(bencher: Bencher) {
    let creatures = &bundled_skirmish();
    let mut rolls = SeededRolls::new(3);
    bencher.bench_local(|| {
        fray::conditions::policy::play_skirmish(black_box(creatures), 20, &mut rolls).rounds
    });
}

/// As the lab plays it: one skirmish per chunk of trials, reset (target: 50,000 a second).
#[divan::bench]
fn skirmish_bundled_reset(bencher: Bencher) {
    let mut skirmish = fray::conditions::policy::Skirmish::new(&bundled_skirmish());
    let mut rolls = SeededRolls::new(3);
    bencher.bench_local(|| {
        black_box(&mut skirmish).play(20, &mut rolls);
        skirmish.rounds(20)
    });
}

/// A skirmish of `n` creatures (a multiple of 4) on a grid that grows with them: cells
/// of the bundled skirmish's fighter and cleric against its goblin cutter and
/// blackblade (melee, ranged, a grab), 12 squares apart in a square of cells, so
/// neighbouring cells meet as their fights spread.
fn skirmish_of(n: usize) -> Vec<fray::conditions::Creature> {
    let bundled = bundled_skirmish();
    let cell: Vec<_> = ["Fighter", "Cleric", "Goblin Cutter", "Goblin Blackblade"]
        .iter()
        .map(|name| {
            bundled
                .iter()
                .find(|c| c.name == *name)
                .expect("bundled")
                .clone()
        })
        .collect();
    let cells = n / cell.len();
    let width = (1..).find(|w| w * w >= cells).unwrap_or(1);
    (0..cells)
        .flat_map(|i| {
            let (dx, dy) = ((i % width) as i32 * 12, (i / width) as i32 * 12);
            cell.iter().map(move |c| {
                let mut c = c.clone();
                c.name = format!("{} {i}", c.name);
                c.position = c.position.map(|p| fray::conditions::Square {
                    x: p.x + dx,
                    y: p.y + dy,
                });
                c
            })
        })
        .collect()
}

/// The skirmish's cost as it grows, per creature-turn (every creature takes a turn each
/// round, fallen or not): 4 to 1,024 creatures (the most a scenario may hold), reset
/// between skirmishes as the lab plays them; the creature-turns a skirmish takes on
/// average are counted before the bench starts, so divan's items per second are
/// creature-turns per second.
#[divan::bench(args = [4, 16, 64, 256, 1024])]
fn skirmish_curve(bencher: Bencher, n: usize) {
    let mut skirmish = fray::conditions::policy::Skirmish::new(&skirmish_of(n));
    let mut rolls = SeededRolls::new(3);
    let rounds = 100;
    let plays = (400 / n).max(4) as u64;
    let turns: u64 = (0..plays)
        .map(|_| {
            skirmish.play(rounds, &mut rolls);
            u64::from(skirmish.rounds(rounds)) * n as u64
        })
        .sum();
    bencher
        .counter(ItemsCount::new((turns / plays).max(1)))
        .bench_local(|| {
            black_box(&mut skirmish).play(rounds, &mut rolls);
            skirmish.rounds(rounds)
        });
}

/// Skirmishes per iteration of [`skirmish_against_its_draws`].
const SKIRMISHES: usize = 100;

/// A hundred bundled skirmishes as the lab plays them (`skirmish`) beside the same random
/// draws made alone (`draws alone`): the ratio of the two lines is the skirmish's cost
/// over the random-number bound.
#[divan::bench(args = ["skirmish", "draws alone"])]
fn skirmish_against_its_draws(bencher: Bencher, what: &str) {
    let mut skirmish = fray::conditions::policy::Skirmish::new(&bundled_skirmish());
    let mut recorder = Recorder {
        rolls: SeededRolls::new(3),
        log: Vec::new(),
    };
    for _ in 0..SKIRMISHES {
        skirmish.play(20, &mut recorder);
    }
    let log = recorder.log;
    if what == "skirmish" {
        bencher.bench_local(|| {
            let mut rolls = SeededRolls::new(3);
            (0..SKIRMISHES)
                .map(|_| {
                    black_box(&mut skirmish).play(20, &mut rolls);
                    skirmish.rounds(20)
                })
                .sum::<u32>()
        });
    } else {
        bencher.bench_local(|| draws_alone(&log, 3));
    }
}

#[divan::bench]
fn minions_bundled(bencher: Bencher) {
    let s = fray_lab::parse_scenario(fray_lab::examples::find("minions").expect("bundled").text)
        .expect("valid");
    let fray_lab::scenario::BattleKind::Minions(b) = &s.battle else {
        return;
    };
    bencher.bench(|| fray::minions::play(black_box(b), &mut NoTrace).rounds);
}
