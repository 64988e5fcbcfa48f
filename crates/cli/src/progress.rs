//! Progress on standard error for long runs (`fray battle`, `fray sweep`, `fray roster`): a bar on a
//! terminal; with machine-readable output or when standard error is not a terminal, a
//! short line every few seconds (`--progress-every`); nothing with `--quiet`.

use std::io::{IsTerminal, Write as _};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// How a run's progress is shown; see the module's docs.
pub enum Progress {
    Silent,
    Bar(ProgressBar),
    Lines {
        /// The line's opening words, e.g. "fray battle".
        command: &'static str,
        /// What is counted, plural ("battles", "points").
        unit: &'static str,
        /// See [`Settings::cap`].
        cap: bool,
        every: Duration,
        planned: u64,
        done: AtomicU64,
        last: Mutex<Instant>,
    },
}

/// What a command asked for, and what a bar looks like for it.
pub struct Settings {
    /// "fray battle", "fray sweep".
    pub command: &'static str,
    /// What is counted, plural.
    pub unit: &'static str,
    /// `--quiet`.
    pub quiet: bool,
    /// Output for a program (`--json`, `--csv`): never a bar.
    pub machine: bool,
    /// `--progress-every`, in seconds.
    pub every: u64,
    /// Below this much work a terminal shows no bar (it would only flash).
    pub bar_from: u64,
    /// The bar's indicatif template.
    pub bar: &'static str,
    /// Whether the planned work is a cap the run may stop well short of (a fit that
    /// stops once its costs are known): lines then say "of at most".
    pub cap: bool,
}

impl Progress {
    /// Progress over `planned` units of work.
    pub fn new(s: &Settings, planned: u64) -> Self {
        if s.quiet || planned == 0 {
            return Self::Silent;
        }
        if !s.machine && std::io::stderr().is_terminal() {
            if planned < s.bar_from {
                return Self::Silent;
            }
            let bar = ProgressBar::new(planned);
            if let Ok(style) = ProgressStyle::with_template(s.bar) {
                bar.set_style(style);
            }
            return Self::Bar(bar);
        }
        Self::Lines {
            command: s.command,
            unit: s.unit,
            cap: s.cap,
            every: Duration::from_secs(s.every),
            planned,
            done: AtomicU64::new(0),
            last: Mutex::new(Instant::now()),
        }
    }

    /// `done` units in all are done.
    pub fn at(&self, done: u64, interrupted: &AtomicBool) {
        match self {
            Self::Silent => {}
            Self::Bar(bar) => bar.set_position(bar.position().max(done)),
            Self::Lines { done: seen, .. } => {
                let now = seen.fetch_max(done, Ordering::Relaxed).max(done);
                self.line(now, interrupted);
            }
        }
    }

    /// A line, when the last one is old enough and the run is neither over nor stopped.
    fn line(&self, done: u64, interrupted: &AtomicBool) {
        let Self::Lines {
            command,
            unit,
            cap,
            every,
            planned,
            last,
            ..
        } = self
        else {
            return;
        };
        let Ok(mut last) = last.lock() else { return };
        if last.elapsed() >= *every && done < *planned && !interrupted.load(Ordering::Relaxed) {
            *last = Instant::now();
            let line = if *cap {
                format!("{command}: {done} {unit} of at most {planned}")
            } else {
                let pct = done as f64 * 100.0 / (*planned).max(1) as f64;
                format!("{command}: {done}/{planned} {unit} ({pct:.0}%)")
            };
            let _ = writeln!(std::io::stderr(), "{line}");
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Self::Bar(bar) = self {
            bar.finish_and_clear();
        }
    }
}
