//! The pool system: the ladder, the check, exact odds against
//! brute force and sampling, sides, and the attack roll.

mod battle;
mod check;
mod properties;
mod robust;
mod rules_as_written;
mod sides;
