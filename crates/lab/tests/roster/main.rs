//! `fray roster`: pricing rosters with known answers, the roster file's checks, and the
//! matchup rules (counts rounded at random, both orders, exact minions), and what
//! rational players buy (the metagame).

mod armies;
mod calibration;
mod file;
mod known;
mod metagame;
mod play;
mod settle;
