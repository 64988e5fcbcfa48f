//! The pool system (002_20f5940c50db4459.txt): the ladder, the check, exact odds against
//! brute force and sampling, sides, and the attack roll.

mod battle;
mod check;
mod fuzz_replay;
mod rules_as_written;
mod sides;
