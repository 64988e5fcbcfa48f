//! The `fray` command as a user runs it, in one test binary: a file a command, and a
//! file for each concern that every command shares.
//!
//! A new test goes in its command's file (or a new one, declared below), runs the
//! command through the helpers of `common.rs` (`check` and `refuse` snapshot what it
//! prints; `fray`, `ok` and `json` for the rest), and is named after what it checks.
//! `UPDATE_EXPECT=1 cargo test -p fray-cli` fills a new `expect![[""]]` snapshot.

mod common;

// One file a command.
mod appraise;
mod battle;
mod check;
mod completions;
mod damage;
mod design_check;
mod encounter;
mod evasion_damage;
mod evasion_table;
mod mass_battle;
mod minions;
mod playground;
mod roster;
mod schema;
mod serve;
mod sides;
mod sweep;
mod sweep_paths;
mod tohit;
mod types;

// What every command shares.
mod docs;
mod input;
mod output;
mod requests;
mod transcripts;
