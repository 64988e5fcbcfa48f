//! Ctrl-C from Python: fray works on a thread of its own while the calling thread, without
//! the GIL, looks at Python's signals every 50 ms. A KeyboardInterrupt (or any exception a
//! signal handler raises) sets the run's cancellation flag, so the lab stops at its next
//! chunk (between the rounds of a long battle), as the command line does on Ctrl-C; the
//! exception is then raised in place of the answer.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use fray::request::Refusal;
use fray_commands::Context;
use pyo3::prelude::*;

/// How often the waiting thread looks at Python's signals.
const POLL: Duration = Duration::from_millis(50);

/// Why a run gave no answer: fray refused it, or a signal stopped it.
pub enum Stopped {
    /// fray's refusal.
    Refused(Refusal),
    /// The exception a signal handler raised (KeyboardInterrupt for Ctrl-C).
    Signal(PyErr),
}

/// Runs `work` with a cancellation flag, the GIL released, stopping it when a signal
/// handler raises.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Context<'_>) -> Result<T, Refusal> + Send,
) -> Result<T, Stopped> {
    let cancel = AtomicBool::new(false);
    py.detach(|| {
        std::thread::scope(|s| {
            let (done, finished) = mpsc::channel();
            let cancel = &cancel;
            let worker = s.spawn(move || {
                let cx = Context {
                    cancel,
                    progress: &|_| {},
                };
                // The receiver outlives this thread (the scope waits for it).
                let _ = done.send(work(&cx));
            });
            let mut signal = None;
            loop {
                match finished.recv_timeout(POLL) {
                    Ok(result) => {
                        return match signal {
                            Some(e) => Err(Stopped::Signal(e)),
                            None => result.map_err(Stopped::Refused),
                        };
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) if signal.is_none() => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            cancel.store(true, Ordering::Relaxed);
                            signal = Some(e);
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        // The thread ended without sending: it panicked. Joined here, so
                        // the panic is told as a refusal rather than raised again.
                        let why = match worker.join() {
                            Err(panic) => panic
                                .downcast_ref::<&str>()
                                .map(|s| s.to_string())
                                .or_else(|| panic.downcast_ref::<String>().cloned())
                                .unwrap_or_else(|| "a panic".into()),
                            Ok(()) => "no answer".into(),
                        };
                        return Err(Stopped::Refused(Refusal::new(format!(
                            "fray failed inside: {why}"
                        ))));
                    }
                }
            }
        })
    })
}
