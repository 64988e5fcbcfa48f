//! The evasion system (001_2e3311f3996e5d9a.txt): every bonus, exact odds against closed
//! forms and brute force, the damage formula step by step, and sampling.

mod damage;
mod properties;
mod ranges;
mod rules_as_written;
mod to_hit;
