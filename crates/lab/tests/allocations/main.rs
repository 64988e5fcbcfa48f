//! Heap allocations per battle in the steady state of each system's battle loop, played
//! as the lab plays it: the first battle of a thread may allocate (its state and
//! buffers), every later one must not. A test binary of its own, because it installs a
//! counting global allocator; each system adds a file here with its battles.

mod minions;
mod pool;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting this thread's allocations (reallocations included).
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

// SAFETY: every call is forwarded unchanged to the system allocator; counting touches
// only a thread-local cell that needs no allocation.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_one();
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Allocations made on this thread so far.
fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

/// Plays `trials` battles with `battle` (which keeps its state between calls, as a lab
/// chunk does) and returns the allocations each one made, first battle first.
pub fn allocations_per_battle(trials: usize, mut battle: impl FnMut()) -> Vec<usize> {
    let mut counts = Vec::with_capacity(trials);
    for _ in 0..trials {
        let before = allocations();
        battle();
        counts.push(allocations() - before);
    }
    counts
}

/// Asserts that every battle after the first allocated nothing, naming the battle.
pub fn assert_steady(what: &str, counts: &[usize]) {
    let later: Vec<(usize, usize)> = (counts.iter().copied().enumerate())
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
    let mut kept: Vec<u64> = Vec::new();
    let counts = allocations_per_battle(3, || {
        kept = Vec::with_capacity(4);
        kept.extend([1, 2, 3, 4, 5]);
    });
    assert_eq!(counts, [2, 2, 2], "one allocation and one growth each time");
    assert!(allocations_per_battle(2, || kept.clear()) == [0, 0]);
}

#[test]
fn a_steady_loop_passes_and_an_allocating_one_is_named() {
    assert_steady("steady", &[5, 0, 0]);
    let caught = std::panic::catch_unwind(|| assert_steady("leaky", &[5, 0, 1]));
    let message = caught
        .err()
        .and_then(|e| e.downcast_ref::<String>().cloned());
    assert!(message.is_some_and(|m| m.contains("leaky") && m.contains("(2, 1)")));
}
