//! Allocations per battle, counted by a global allocator that counts every allocation
//! (on any thread). Each system's file measures its own battle loop.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

mod evasion;

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

/// One test at a time: the counter is global, and tests run in parallel.
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
