//! The evasion system: every bonus, exact odds against closed
//! forms and brute force, the damage formula step by step, and sampling.

mod damage;
mod plan;
mod properties;
mod ranges;
mod request;
mod rules_as_written;
mod to_hit;
