//! fray: a combat-rules engine and balance lab.
//!
//! Each rule system is a module with the same shape: `model` (plain data types),
//! `resolve` (pure rules that can explain themselves with a [`trace::Trace`]), `exact`
//! (distributions computed, not sampled) and `sample` (random play through
//! [`rng::Rolls`]). Shared foundations: [`dice`], [`rng`], [`dist`], [`trace`].
//!
//! The core does no I/O, keeps no global state, and reaches chance only through a
//! [`rng::Rolls`] it is given.

pub mod character;
pub mod conditions;
pub mod damage;
pub mod dice;
pub mod dist;
pub mod evasion;
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
