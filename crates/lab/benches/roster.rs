//! Pricing a roster against the plain way: `cargo bench -p fray-lab --bench roster`
//! (docs/performance.md, "Roster pricing").
//!
//! The bundled pool roster (six units, `examples/rosters/pool.toml`) is priced to 2% by
//! `fray roster`'s fit, then the plain way: for each unit in turn, a bisection of its cost
//! (a factor of 4 either way, down to 2%) with its mean score against the others played
//! at 20,000 battles a matchup for every cost tried, the units in turn until no cost moves
//! by 2%, as a designer would with one `fray sweep --find` a unit. Both run on one thread;
//! the table gives battles, seconds and the fitted costs.
//!
//! Then the army search (`fray roster --armies`) at those fitted costs against playing
//! every army as often as the search's last armies were: battles and seconds of each,
//! and whether the search's best is the best of every army within their intervals.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use fray::math;
use fray_lab::roster::Job;
use fray_lab::roster::matchup::odds;
use fray_lab::roster::play::{Counted, Local};
use fray_lab::roster::price::{Fair, Goal, price, score};
use fray_lab::roster::{Roster, parse_roster};

const PLAIN_BATTLES: u64 = 20_000;

/// The plain way: a bisection a unit, 20,000 battles a matchup a point.
fn plain(r: &Roster) -> (Vec<f64>, u64) {
    let cancel = AtomicBool::new(false);
    let n = r.names.len();
    let mut costs = r.costs.clone();
    let mut battles = 0;
    let mut stream = 0;
    for _sweep in 0..5 {
        let mut moved: f64 = 0.0;
        for x in 1..n {
            let mean = |cx: f64, costs: &[f64], battles: &mut u64, stream: &mut u64| {
                let mut sum = 0.0;
                for y in (0..n).filter(|&y| y != x) {
                    let job = Job {
                        x,
                        y,
                        cx,
                        cy: costs[y],
                        trials: PLAIN_BATTLES,
                        stream: *stream,
                    };
                    let o = odds(r, &job, &cancel).unwrap().unwrap();
                    *stream += 8;
                    *battles += o.battles;
                    sum += score(&o);
                }
                sum / (n - 1) as f64
            };
            let (mut lo, mut hi) = (math::ln(costs[x] / 4.0), math::ln(costs[x] * 4.0));
            while hi - lo > 0.02 {
                let mid = 0.5 * (lo + hi);
                if mean(math::exp(mid), &costs, &mut battles, &mut stream) >= 0.5 {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            let new = math::exp(0.5 * (lo + hi));
            moved = moved.max((new / costs[x] - 1.0).abs());
            costs[x] = new;
        }
        if moved < 0.02 {
            break;
        }
    }
    (costs, battles)
}

fn main() {
    let text = include_str!("../../../examples/rosters/pool.toml");
    let r = parse_roster(text).unwrap();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let (fit, fit_time) = pool.install(|| {
        let t = Instant::now();
        let goal = Goal {
            fair: Fair::Mean,
            reference: 0,
            precision: 0.02,
            max_battles: 20_000_000,
        };
        let player = Counted::new(&Local, &|_| {});
        let p = price(&r, goal, &player, &AtomicBool::new(false)).unwrap();
        (p, t.elapsed())
    });
    let t = Instant::now();
    let (plain_costs, plain_battles) = pool.install(|| plain(&r));
    let plain_time = t.elapsed();
    println!("roster pricing, {} units, one thread", r.names.len());
    println!(
        "{:<12} {:>12} {:>9}   costs",
        "method", "battles", "seconds"
    );
    let show = |c: &[f64]| {
        c.iter()
            .map(|v| format!("{v:.2}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    println!(
        "{:<12} {:>12} {:>9.2}   {}",
        "fray roster",
        fit.battles,
        fit_time.as_secs_f64(),
        show(&fit.costs)
    );
    println!(
        "{:<12} {:>12} {:>9.2}   {}",
        "plain",
        plain_battles,
        plain_time.as_secs_f64(),
        show(&plain_costs)
    );
    println!(
        "fewer battles: {:.1} times",
        plain_battles as f64 / fit.battles as f64
    );
    armies(&r, &fit.costs, &pool);
}

/// The army search at `costs` against every army played as often.
fn armies(r: &Roster, costs: &[f64], pool: &rayon::ThreadPool) {
    use fray_lab::roster::armies::{every_army, search};
    let never = AtomicBool::new(false);
    let t = Instant::now();
    let found = pool
        .install(|| search(r, costs, 5, None, &Counted::new(&Local, &|_| {}), &never))
        .unwrap()
        .unwrap();
    let search_time = t.elapsed();
    let t = Instant::now();
    let every = pool
        .install(|| {
            every_army(
                r,
                costs,
                found.per_army,
                &Counted::new(&Local, &|_| {}),
                &never,
            )
        })
        .unwrap()
        .unwrap();
    let every_time = t.elapsed();
    let name = |a: &fray_lab::roster::answer::ArmyScore| fray_lab::roster::sentences::army(a);
    println!(
        "\narmy search at the fitted costs, {} armies, {} battles an army a field army",
        found.candidates, found.per_army
    );
    for (method, s, secs) in [
        ("search", &found, search_time),
        ("every army", &every, every_time),
    ] {
        let best = &s.armies[0];
        println!(
            "{method:<12} {:>12} {:>9.2}   best {} {:.1}% [{:.1}%, {:.1}%]",
            s.battles,
            secs.as_secs_f64(),
            name(best),
            best.score * 100.0,
            best.low * 100.0,
            best.high * 100.0
        );
    }
    let same = every
        .armies
        .iter()
        .position(|a| a.units == found.armies[0].units)
        .map_or("absent".to_string(), |i| format!("#{}", i + 1));
    println!(
        "fewer battles: {:.1} times; the search's best is {same} of every army",
        every.battles as f64 / found.battles as f64
    );
}
