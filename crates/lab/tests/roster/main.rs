//! `fray roster`: pricing rosters with known answers, the roster file's checks, and the
//! matchup rules (counts rounded at random, both orders, exact minions).

mod calibration;
mod file;
mod known;
mod play;
mod settle;
