//! The pool system: the ladder, the check, exact odds against brute force and sampling,
//! sides, and the attack roll; and the replay of every input that ever crashed a fuzz
//! target (`fuzz_replay`, all parsers).

mod battle;
mod check;
mod fuzz_replay;
mod kernel;
mod properties;
mod request;
mod robust;
mod rules_as_written;
mod sides;
