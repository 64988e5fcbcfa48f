//! Allocations per battle, counted by a global allocator that counts every allocation
//! (on any thread). Each system's file measures its own battle loop: played as the lab
//! plays it, the first battle of a thread may allocate (its state and buffers), every
//! later one must not ([`allocations_per_battle`], [`assert_steady`]).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

mod conditions;
mod evasion;
mod minions;
mod pool;

/// The system allocator, counting.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// This thread's allocations: other threads (a finished pool's workers winding
    /// down) do not disturb a measurement of work done on one thread.
    static HERE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

fn count() {
    ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    let _ = HERE.try_with(|n| n.set(n.get() + 1));
}

// SAFETY: every call is passed to the system allocator unchanged; only a counter is added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// One test at a time: the counter is global, and tests run in parallel (every test
/// holds it, or another test's allocations would be counted in its own).
static SERIAL: Mutex<()> = Mutex::new(());

/// Held for a whole test, so that no other test allocates while it counts.
pub fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `f` and returns its result with the allocations made meanwhile (on any thread:
/// hold [`serial`] for the whole test).
pub fn allocations<R>(f: impl FnOnce() -> R) -> (R, u64) {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let r = f();
    (r, ALLOCATIONS.load(Ordering::Relaxed) - before)
}

/// Runs `f` and returns its result with the allocations this thread made meanwhile.
pub fn allocations_here<R>(f: impl FnOnce() -> R) -> (R, u64) {
    let before = HERE.with(std::cell::Cell::get);
    let r = f();
    (r, HERE.with(std::cell::Cell::get) - before)
}

/// How many more allocations the lab makes playing one chunk of 256 battles of `s`
/// than one of a single battle (hold [`serial`]): the state and buffers are built once a
/// chunk, so what is left is the rounds histogram's new entries, not one per battle.
pub fn lab_allocations_for_255_more(s: &fray_lab::Scenario) -> u64 {
    let one_chunk = |trials: u64| {
        let mut s = s.clone();
        s.trials = trials;
        allocations(|| fray_lab::run::play(&s, &|_| {}))
    };
    one_chunk(1); // the global thread pool starts, once
    let (few, few_allocs) = one_chunk(1);
    let (many, many_allocs) = one_chunk(256);
    assert_eq!((few.trials, many.trials), (1, 256));
    many_allocs.saturating_sub(few_allocs)
}

/// Plays `trials` battles with `battle` (which keeps its state between calls, as a lab
/// chunk does) and returns the allocations this thread made in each, first battle first.
pub fn allocations_per_battle(trials: usize, mut battle: impl FnMut()) -> Vec<u64> {
    let mut counts = Vec::with_capacity(trials);
    for _ in 0..trials {
        counts.push(allocations_here(&mut battle).1);
    }
    counts
}

/// Asserts that every battle after the first allocated nothing, naming the battle.
pub fn assert_steady(what: &str, counts: &[u64]) {
    let later: Vec<(usize, u64)> = (counts.iter().copied().enumerate())
        .skip(1)
        .filter(|(_, n)| *n > 0)
        .collect();
    assert!(
        later.is_empty(),
        "{what}: battles after the first allocated (battle, allocations): {later:?}"
    );
}

#[test]
fn the_counter_sees_allocations_and_their_growth() {
    let _serial = serial();
    let mut kept: Vec<u64> = Vec::new();
    let counts = allocations_per_battle(3, || {
        kept = Vec::with_capacity(4);
        kept.extend([1, 2, 3, 4, 5]);
    });
    assert_eq!(counts, [2, 2, 2], "one allocation and one growth each time");
    assert_eq!(allocations_per_battle(2, || kept.clear()), [0, 0]);
}

#[test]
fn a_steady_loop_passes_and_an_allocating_one_is_named() {
    let _serial = serial();
    assert_steady("steady", &[5, 0, 0]);
    let caught = std::panic::catch_unwind(|| assert_steady("leaky", &[5, 0, 1]));
    let message = caught
        .err()
        .and_then(|e| e.downcast_ref::<String>().cloned());
    assert!(message.is_some_and(|m| m.contains("leaky") && m.contains("(2, 1)")));
}
