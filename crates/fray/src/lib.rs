//! fray: a combat-rules engine and balance lab, as a library that games and tools embed.
//!
//! Each rule system is a module with the same shape: `model` (plain data types),
//! `resolve` (pure rules that can explain themselves with a [`trace::Trace`]), `exact`
//! (distributions computed, not sampled) and `sample` (random play through
//! [`rng::Rolls`]). Shared foundations: [`dice`], [`rng`], [`dist`], [`trace`].
//!
//! The core does no I/O, keeps no global state, and reaches chance only through a
//! [`rng::Rolls`] it is given.
//!
//! # Embedding fray
//!
//! A game describes its creatures with the model types of one system, calls a pure
//! function, and gets plain data back. Where to start in each system:
//!
//! | system | you have | call | you get |
//! | --- | --- | --- | --- |
//! | [`damage`] | a [`damage::Hit`], a stat block ([`damage::parse_traits`]) | [`damage::explain`] (traced) or [`damage::resolve`](fn@damage::resolve) (fast) | final damage, effects, triggers, the trace |
//! | [`evasion`] | an [`evasion::Attacker`] and an [`evasion::Defender`] | [`evasion::hit_chance`] (exact), [`evasion::roll_attack`] (seeded) | the chance with both breakdowns; one attack's damage steps |
//! | [`pool`] | a [`pool::Check`], or sides ([`pool::parse_side`]) | [`pool::CheckOdds::new`], [`pool::SideHits::try_new`], [`pool::compare`] | exact odds, and the error bound of trimmed sums |
//! | [`minions`] | a [`minions::Battle`] (in code or [`minions::parse_battle`]) | [`minions::play`] | the exact outcome and, on request, every [`minions::Event`] |
//! | [`conditions`] | an encounter script ([`conditions::parse_script`]) or an [`conditions::Encounter`] | [`conditions::run_script`], or the encounter's actions and queries | the log of rules applied, expectations met |
//!
//! Every roll goes through the [`rng::Rolls`] you pass: [`rng::SeededRolls`] replays a
//! fight from its seed on any platform, [`rng::ScriptedRolls`] fixes rolls in tests.
//! Traces cost nothing unless asked for: pass [`trace::NoTrace`] in hot loops.
//! Data files are read in two phases and refused with a line and column
//! ([`scenario`]); nothing panics on bad input.
//!
//! Runnable programs in `crates/fray/examples/` show each system embedded in a game or
//! a tool (`cargo run -p fray --example roguelike_attack`, `pool_odds`, `damage_trace`,
//! `encounter`, `minions_battle`); whole battles played many times are in the `fray-lab`
//! crate.
//!
//! ```
//! use fray::evasion::{Attacker, Defender, Options, hit_chance};
//!
//! // A level-8 monster (+2) against EV 2: an even chance under the normal model.
//! let monster = Attacker { level: 8, ..Attacker::default() };
//! let hero = Defender { ev: 2.0, ..Defender::default() };
//! let chance = hit_chance(&monster, &hero, &Options::default()).unwrap();
//! assert_eq!(chance.p_hit, 0.5);
//! ```

#![cfg_attr(not(doc), warn(missing_docs))]

pub mod baseline;
pub mod character;
pub mod conditions;
pub mod damage;
pub mod dice;
pub mod dist;
pub mod evasion;
pub mod math;
pub mod minions;
pub mod pool;
pub mod request;
pub mod rng;
pub mod scenario;
pub mod text;
pub mod trace;

/// The README's examples, compiled and run as doctests so they stay true.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
