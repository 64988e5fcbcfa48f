//! `fray roster`: what every unit of a roster should cost so that equal-cost armies fight
//! even. Its parts, in order: [`file`](mod@file) (the roster file), [`matchup`] (one
//! unit's army against another's at given costs), [`matrix`] (every pair at one set of
//! costs), [`play`] (where a batch of matchups is played: here, or on a cluster),
//! [`fit`] (a logistic curve per pair over every point tried), [`price`](mod@price) (the
//! fair costs), [`metagame`] (what rational players buy), [`fight`](mod@fight) (one
//! army against another), [`armies`] (the search for the army that breaks the prices)
//! and [`minimax`] (prices that survive it), [`findings`] and [`sentences`] (what the designer should see),
//! [`request`] (the command's request) and [`answer`] (its answer, at the bottom: every
//! part that reads an answer imports it), and [`text`] and [`report`] (the answer as
//! the command line prints it, as a page and as CSV).

pub mod answer;
pub mod armies;
pub mod fight;
pub mod file;
pub mod findings;
pub mod fit;
pub mod matchup;
pub mod matrix;
pub mod metagame;
pub mod minimax;
pub mod play;
pub mod price;
pub mod report;
pub mod request;
pub mod sentences;
pub mod text;

pub use file::{Roster, Units, parse_roster};
pub use matchup::Job;
pub use play::{Local, Player};
pub use price::{Fair, Prices, price};
pub use request::{RosterAnswer, RosterRequest, ValidRoster};
