//! A run's worker threads are all joined before it returns: a game that calls fray from C
//! and then unloads it, or checks for leaks under valgrind, finds none left behind. Each
//! worker holds a thread-local value whose drop, run as the thread ends, is counted: at
//! the return, every one has run (a dropped rayon pool only tells its threads to end).

use std::sync::atomic::{AtomicUsize, Ordering};

static ENDED: AtomicUsize = AtomicUsize::new(0);

/// Counted when the thread holding it ends.
struct Ends;

impl Drop for Ends {
    fn drop(&mut self) {
        ENDED.fetch_add(1, Ordering::SeqCst);
    }
}

thread_local! {
    static HELD: std::cell::RefCell<Option<Ends>> = const { std::cell::RefCell::new(None) };
}

#[test]
fn every_thread_of_a_run_has_ended_when_it_returns() {
    let workers = fray_lab::run::on_threads(4, || {
        rayon::broadcast(|_| HELD.with(|h| *h.borrow_mut() = Some(Ends)));
        rayon::current_num_threads()
    })
    .unwrap();
    assert_eq!(workers, 4);
    // No sleep, no wait: at the return every worker has ended.
    assert_eq!(ENDED.load(Ordering::SeqCst), 4, "workers still running");
}
