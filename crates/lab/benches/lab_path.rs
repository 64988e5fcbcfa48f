//! The lab's path against the bench's replay: `cargo bench -p fray-lab --bench lab_path`.
//!
//! For each bundled battle, `replayed/NAME` plays one battle per iteration on a state
//! the bench keeps (the system's own loop and nothing else), and `lab/NAME` plays a run
//! of [`TRIALS`] battles through `fray_lab::run::play` on a pool of one thread, counted
//! per battle: what `fray battle --example NAME --threads 1` does once the file is read
//! (a chunk's stream and state, each trial's tally, the merge). Their ratio, in the same
//! run, is what the lab adds (docs/performance.md, "The lab's path"). A minions battle
//! has no dice: the lab plays it once, so both lines build the battle anew.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use fray::conditions::policy::Skirmish;
use fray::pool::{MassState, replay_mass_battle};
use fray::rng::SeededRolls;
use fray::trace::NoTrace;
use fray_lab::duel::DuelPlan;
use fray_lab::scenario::{BattleKind, Scenario};

fn main() {
    divan::main();
}

/// Battles a `lab/NAME` iteration plays: 16 chunks.
const TRIALS: u64 = 4096;

const EXAMPLES: [&str; 4] = ["pikes", "duel", "skirmish", "minions"];

fn scenario(name: &str) -> Scenario {
    let text = fray_lab::examples::find(name)
        .expect("a bundled battle")
        .text;
    fray_lab::parse_scenario(text).expect("a valid battle")
}

#[divan::bench(args = EXAMPLES, sample_size = 500)]
fn replayed(bencher: Bencher, name: &str) {
    let s = scenario(name);
    let mut rolls = SeededRolls::new(1);
    let rounds = s.max_rounds;
    let bencher = bencher.counter(ItemsCount::new(1usize));
    match &s.battle {
        BattleKind::Pool(b) => {
            let mut state = MassState::new(b);
            bencher.bench_local(|| {
                let _ = replay_mass_battle(black_box(&mut state), &mut rolls, &mut NoTrace);
                state.round
            });
        }
        BattleKind::Evasion(d) => {
            let plan = DuelPlan::new(d);
            bencher.bench_local(|| black_box(&plan).sample(rounds, &mut rolls).1);
        }
        BattleKind::Skirmish(creatures) => {
            let mut skirmish = Skirmish::new(creatures);
            bencher.bench_local(|| {
                black_box(&mut skirmish).play(rounds, &mut rolls);
                skirmish.rounds(rounds)
            });
        }
        BattleKind::Minions(b) => {
            bencher.bench_local(|| fray::minions::play(black_box(b), &mut NoTrace).rounds);
        }
    }
}

#[divan::bench(args = EXAMPLES, sample_count = 30)]
fn lab(bencher: Bencher, name: &str) {
    let mut s = scenario(name);
    s.trials = TRIALS;
    let battles = fray_lab::run::planned_trials(&s);
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool of one thread");
    let bencher = bencher.counter(ItemsCount::new(battles));
    if fray_lab::run::deterministic(&s) {
        // Played once, on the calling thread: no pool to hand it to.
        bencher.bench_local(|| fray_lab::run::play(black_box(&s), &|_| {}).trials);
    } else {
        bencher.bench_local(|| one.install(|| fray_lab::run::play(black_box(&s), &|_| {}).trials));
    }
}
