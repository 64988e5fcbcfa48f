//! Where a pricing's matchups and a search's fights are played: a batch split over
//! several players (as Ray tasks split it) gives the answer played here, progress counts
//! every battle, and a cancelled pricing keeps what it finished.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use fray::request::Refusal;
use fray_lab::roster::fight::{Fight, Scored};
use fray_lab::roster::matchup::Odds;
use fray_lab::roster::play::{play_fights, play_jobs};
use fray_lab::roster::{Job, Local, Player, Roster, RosterRequest, ValidRoster};

fn valid(example: &str, extra: impl FnOnce(&mut RosterRequest)) -> ValidRoster {
    let mut r = RosterRequest {
        example: Some(example.into()),
        ..RosterRequest::default()
    };
    extra(&mut r);
    r.validate().unwrap()
}

/// `work` played in chunks of `size`, in reverse order, each on a thread pool of its
/// own, as separate workers elsewhere would; `seen` told each chunk's length.
fn in_chunks<J, O>(
    work: &[J],
    size: usize,
    seen: impl Fn(usize),
    play: impl Fn(&[J]) -> Result<Option<Vec<O>>, Refusal> + Sync,
) -> Result<Option<Vec<O>>, Refusal>
where
    J: Sync,
    O: Send,
{
    let mut parts: Vec<Vec<O>> = Vec::new();
    for chunk in work.chunks(size).rev() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let Some(got) = pool.install(|| play(chunk))? else {
            return Ok(None);
        };
        seen(chunk.len());
        parts.push(got);
    }
    parts.reverse();
    Ok(Some(parts.into_iter().flatten().collect()))
}

/// Plays each batch in chunks of `size` jobs, in reverse order, as separate workers
/// would, and records the chunks' sizes.
struct Chunked {
    size: usize,
    chunks: Mutex<Vec<usize>>,
}

impl Player for Chunked {
    fn play(
        &self,
        roster: &Roster,
        jobs: &[Job],
        done: &(dyn Fn(u64) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<Odds>>, Refusal> {
        let seen = |n| self.chunks.lock().unwrap().push(n);
        in_chunks(jobs, self.size, seen, |chunk| {
            play_jobs(roster, chunk, done, cancel)
        })
    }
}

#[test]
fn a_batch_played_in_chunks_elsewhere_prices_as_here() {
    let v = valid("pool", |r| {
        r.precision = 0.1;
        r.trials = Some(200);
    });
    let here = v.run().unwrap();
    let chunked = Chunked {
        size: 4,
        chunks: Mutex::new(Vec::new()),
    };
    let there = v
        .run_on(&chunked, &|_| {}, &AtomicBool::new(false))
        .unwrap();
    assert_eq!(here, there);
    let chunks = chunked.chunks.lock().unwrap();
    // 15 pairs a batch: chunks of 4, 4, 4 and 3.
    assert!(
        chunks.contains(&3) && chunks.iter().all(|&c| c <= 4),
        "{chunks:?}"
    );
}

/// Gives one odds too few: a broken executor.
struct Short;

impl Player for Short {
    fn play(
        &self,
        roster: &Roster,
        jobs: &[Job],
        done: &(dyn Fn(u64) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<Odds>>, Refusal> {
        let odds = play_jobs(roster, &jobs[1..], done, cancel)?;
        Ok(odds)
    }
}

#[test]
fn a_player_that_loses_a_matchup_is_refused() {
    let v = valid("pool", |r| r.trials = Some(100));
    let e = v
        .run_on(&Short, &|_| {}, &AtomicBool::new(false))
        .unwrap_err();
    assert!(e.to_string().contains("14 odds for 15 matchups"), "{e}");
}

#[test]
fn progress_counts_every_battle_played() {
    for example in ["pool", "minions"] {
        let v = valid(example, |r| {
            r.precision = 0.1;
            r.trials = Some(100);
        });
        let seen = AtomicU64::new(0);
        let calls = AtomicU64::new(0);
        let a = v
            .run_on(
                &Local,
                &|n| {
                    calls.fetch_add(1, Ordering::Relaxed);
                    seen.fetch_max(n, Ordering::Relaxed);
                },
                &AtomicBool::new(false),
            )
            .unwrap();
        assert_eq!(seen.load(Ordering::Relaxed), a.battles, "{example}");
        // Beyond the two matrices' calls (6 pairs of minions, 15 of pool), the fit's.
        let matrices = if example == "pool" { 30 } else { 12 };
        assert!(
            calls.load(Ordering::Relaxed) > matrices,
            "{example}: one call a matchup"
        );
    }
}

#[test]
fn an_exact_pricing_cancelled_keeps_its_finished_sweeps() {
    let v = valid("minions", |_| {});
    let whole = v.run().unwrap();
    // Cancel once the first matrix and some sweeps through the units are done.
    let cancel = AtomicBool::new(false);
    let stop_at = whole.battles / 2;
    let a = v
        .run_on(
            &Local,
            &|n| {
                if n >= stop_at {
                    cancel.store(true, Ordering::Relaxed);
                }
            },
            &cancel,
        )
        .unwrap();
    assert!(!a.complete);
    assert!(
        a.units.iter().any(|u| u.fitted != u.cost),
        "the finished sweeps' costs are kept: {:?}",
        a.units
    );
    for u in a.units.iter().skip(1) {
        // Not a root any more: the interval is the range searched.
        assert!(u.low < u.fitted && u.fitted < u.high, "{u:?}");
    }
}

#[test]
fn an_exact_pricing_plays_no_more_than_it_planned() {
    use fray_lab::roster::price::{Fair, exact_bound};
    let text = fray_lab::roster::request::EXAMPLES[1].2;
    for budget in ["12", "24", "60", "200"] {
        for fair in [None, Some("Orc")] {
            let mut r = RosterRequest {
                roster: Some(text.replace("budget = 24", &format!("budget = {budget}"))),
                ..RosterRequest::default()
            };
            if let Some(unit) = fair {
                r.fair = "against".into();
                r.against = Some(unit.into());
            }
            let v = r.validate().unwrap();
            let a = v.run().unwrap();
            assert!(a.complete && a.reached, "budget {budget}: {:?}", a.units);
            // The solve alone, against its own bound (the matrices play 8 a pair each).
            let units = v.roster.names.len() as u64;
            let solve = a.battles - a.matrix.battles - a.fitted_matrix.battles;
            let bound = exact_bound(&v.roster, v.fair, v.reference);
            assert!(
                solve <= bound,
                "budget {budget}, {fair:?}: the solve played {solve}, bounded by {bound}"
            );
            assert!(a.matrix.battles <= 8 * units * (units - 1) / 2);
            assert!(a.battles <= v.planned_battles());
            if matches!(v.fair, Fair::Against(_)) {
                // One sweep: not the thirty of `mean`.
                assert!(bound < exact_bound(&v.roster, Fair::Mean, v.reference));
            }
        }
    }
}

/// Gives odds that are no chances: a broken executor elsewhere.
struct Broken;

impl Player for Broken {
    fn play(
        &self,
        roster: &Roster,
        jobs: &[Job],
        done: &(dyn Fn(u64) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<Odds>>, Refusal> {
        let mut odds = play_jobs(roster, jobs, done, cancel)?.unwrap();
        odds[0].win = f64::NAN;
        Ok(Some(odds))
    }
}

#[test]
fn odds_from_elsewhere_are_checked_and_jobs_too() {
    let v = valid("pool", |r| r.trials = Some(100));
    let e = v
        .run_on(&Broken, &|_| {}, &AtomicBool::new(false))
        .unwrap_err();
    assert!(e.to_string().contains("not chances"), "{e}");
    let job = |x, y, cx: f64, trials| Job {
        x,
        y,
        cx,
        cy: 5.0,
        trials,
        stream: 0,
    };
    for (bad, says) in [
        (job(0, 6, 5.0, 10), "the roster has 6 units"),
        (job(2, 2, 5.0, 10), "a unit meets another"),
        (job(0, 1, -1.0, 10), "a positive number"),
        (job(0, 1, f64::NAN, 10), "a positive number"),
        (job(0, 1, 5.0, 0), "from 1 to"),
    ] {
        let e = bad.check(&v.roster).unwrap_err();
        assert!(e.to_string().contains(says), "{bad:?}: {e}");
    }
    assert!(job(0, 1, 5.0, 10).check(&v.roster).is_ok());
}

#[test]
fn a_cancel_stops_before_the_next_batch() {
    // The flag set while a batch is played elsewhere: no later batch is asked for.
    struct Cancelling<'a>(&'a AtomicBool, AtomicU64);
    impl Player for Cancelling<'_> {
        fn play(
            &self,
            roster: &Roster,
            jobs: &[Job],
            done: &(dyn Fn(u64) + Sync),
            cancel: &AtomicBool,
        ) -> Result<Option<Vec<Odds>>, Refusal> {
            self.1.fetch_add(1, Ordering::Relaxed);
            let odds = play_jobs(roster, jobs, done, cancel);
            self.0.store(true, Ordering::Relaxed);
            odds
        }
    }
    let v = valid("pool", |r| r.trials = Some(100));
    let cancel = AtomicBool::new(false);
    let player = Cancelling(&cancel, AtomicU64::new(0));
    let a = v.run_on(&player, &|_| {}, &cancel).unwrap();
    assert!(!a.complete);
    assert_eq!(player.1.load(Ordering::Relaxed), 1, "one batch, then none");
}

/// Plays each batch of a search's fights in reverse chunks of `size` on one-thread
/// pools, as Ray tasks would, counting the fights; matchups here.
struct FightsElsewhere {
    size: usize,
    fights: AtomicU64,
    lie: bool,
}

impl Player for FightsElsewhere {
    fn play(
        &self,
        roster: &Roster,
        jobs: &[Job],
        done: &(dyn Fn(u64) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<Odds>>, Refusal> {
        play_jobs(roster, jobs, done, cancel)
    }

    fn fight(
        &self,
        roster: &Roster,
        fights: &[Fight],
        done: &(dyn Fn(u64) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<Scored>>, Refusal> {
        let seen = |n: usize| {
            self.fights.fetch_add(n as u64, Ordering::Relaxed);
        };
        let Some(mut scores) = in_chunks(fights, self.size, seen, |chunk| {
            play_fights(roster, chunk, done, cancel)
        })?
        else {
            return Ok(None);
        };
        if self.lie {
            scores[0].sum = scores[0].battles as f64 + 1.0;
        }
        Ok(Some(scores))
    }
}

#[test]
fn an_army_search_played_in_chunks_elsewhere_finds_the_armies_found_here() {
    let v = valid("pool", |r| {
        r.precision = 0.3;
        r.trials = Some(100);
        r.armies = true;
        r.top = Some(3);
    });
    let here = v.run().unwrap();
    let there = FightsElsewhere {
        size: 7,
        fights: AtomicU64::new(0),
        lie: false,
    };
    let got = v.run_on(&there, &|_| {}, &AtomicBool::new(false)).unwrap();
    assert_eq!(here, got);
    // Every candidate's first round (693 armies, 6 field armies of at most two parts
    // each) was played elsewhere.
    assert!(there.fights.load(Ordering::Relaxed) >= 693 * 6);
    // A score no fight could give is refused.
    let liar = FightsElsewhere {
        size: 7,
        fights: AtomicU64::new(0),
        lie: true,
    };
    let e = v
        .run_on(&liar, &|_| {}, &AtomicBool::new(false))
        .unwrap_err();
    assert!(e.to_string().contains("not a fight's played"), "{e}");
    // A fight from elsewhere is checked before any fighter is made.
    let fight = |a: Vec<u32>, trials| Fight {
        a,
        b: vec![0, 6, 0, 0, 0, 0],
        trials,
        stream: 0,
    };
    for (bad, says) in [
        (fight(vec![1, 2], 10), "the roster has 6 units"),
        (fight(vec![0; 6], 10), "an army fields 1 to"),
        (
            fight(vec![u32::MAX, 0, 0, 0, 0, 0], 10),
            "an army fields 1 to",
        ),
        (fight(vec![1, 0, 0, 0, 0, 0], 0), "from 1 to"),
    ] {
        let e = bad.check(&v.roster).unwrap_err();
        assert!(e.to_string().contains(says), "{bad:?}: {e}");
    }
    assert!(fight(vec![1, 0, 0, 0, 0, 0], 10).check(&v.roster).is_ok());
}
