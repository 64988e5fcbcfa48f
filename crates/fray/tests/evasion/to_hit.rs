//! The to-hit roll: every term of the attacker's and the defender's totals, the Luck
//! dice, and the chance to hit under each model. A file for each; the attacker they
//! share is here.

mod attacker;
mod defender;
mod luck;
mod models;

use fray::evasion::{Attacker, Kind};

fn player() -> Attacker {
    Attacker {
        kind: Kind::Player,
        dex: 10,
        ..Attacker::default()
    }
}
