//! The minions system's typed calls: a battle read once, then played one round at a time
//! as a game shows it ([`fray::minions::BattleState::play_next_round`]), each round's
//! events as the trace `fray minions` prints.

use std::ffi::{CString, c_char};

use fray::minions::request::MinionsRequest;
use fray::minions::{BattleState, CombatEnd, Event, Side};

use crate::FrayStatus;
use crate::boundary::{
    Failure, entry, give, handed_out, handle, handle_mut, optional_text, output, pointer_output,
    take_back, text,
};

/// A minions battle in progress. Changed by `fray_minions_round`: one thread at a time.
#[derive(Debug)]
pub struct FrayMinions {
    state: BattleState,
    /// Each minion's name, as C reads it, in the state's order.
    names: Vec<CString>,
}

/// A group.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FraySide {
    /// The battle file's `[a]`.
    A = 0,
    /// Its `[b]`.
    B = 1,
}

/// How a combat ended.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrayCombatEnd {
    /// It goes on.
    None = 0,
    /// Group a is left standing.
    AStands = 1,
    /// Group b is left standing.
    BStands = 2,
    /// Both groups fell in the same round.
    BothFell = 3,
    /// The round limit came with both standing.
    RoundLimit = 4,
}

/// What `fray_minions_round` played.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrayMinionsRound {
    /// False when the battle was already over: nothing was played.
    pub played: bool,
    /// The turn (from 1).
    pub turn: u32,
    /// The round of the turn's combat (from 1; 0 when the combat ended before a round,
    /// as when the turn's spells slay a whole group).
    pub round: u32,
    /// How the combat ended with this round, if it did.
    pub combat_end: FrayCombatEnd,
    /// Whether the battle is over now (a group has no minions, or the turns are used).
    pub battle_over: bool,
}

/// A minion as it stands.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrayMinion {
    /// Its name in the battle file: owned by the battle, valid until it is freed.
    pub name: *const c_char,
    /// Its group.
    pub side: FraySide,
    /// Hit points left (0: slain).
    pub hp: u32,
    /// Hit points it started with.
    pub max_hp: u32,
    /// Its maximum armor now.
    pub armor: u32,
    /// Its level now, spells included (0 to 5).
    pub level: u8,
    /// Whether it stands.
    pub alive: bool,
}

/// Reads a minions battle (the TOML `fray minions FILE` reads, bounded as it bounds it)
/// into `*minions`, before its first turn; free it with `fray_minions_free`.
///
/// # Safety
/// `battle_toml` is null or a NUL-terminated string; `minions` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_minions_new(
    battle_toml: *const c_char,
    minions: *mut *mut FrayMinions,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract.
        let (out, toml) = unsafe {
            (
                pointer_output(minions, "minions")?,
                text(battle_toml, "battle_toml")?,
            )
        };
        let valid = MinionsRequest {
            battle: toml.to_string(),
            battle_source: Some("the battle".to_string()),
            ..MinionsRequest::default()
        }
        .validate()?;
        let state = BattleState::new(&valid.battle);
        let names = state
            .fighters()
            .iter()
            .map(|f| CString::new(f.spec.name.replace('\0', " ")).unwrap_or_default())
            .collect();
        give(out, FrayMinions { state, names });
        Ok(())
    })
}

/// Frees a battle. Null is ignored.
///
/// # Safety
/// `minions` is null or a `FrayMinions` fray handed out and not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_minions_free(minions: *mut FrayMinions) {
    // SAFETY: the caller's contract.
    unsafe { take_back(minions) }
}

/// Plays the battle's next round (starting the next turn first, its experience and
/// spells, when the last combat ended), into `*round`; with `trace` not null, also a new
/// string with the round's events, the lines `fray minions FILE` prints for them (free
/// it with `fray_free_string`). Played until `battle_over`, it is the whole battle
/// `fray minions` plays.
///
/// # Safety
/// `minions` is null or a live `FrayMinions` no other thread uses during the call;
/// `round` null or writable; `trace` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_minions_round(
    minions: *mut FrayMinions,
    round: *mut FrayMinionsRound,
    trace: *mut *mut c_char,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract on every argument.
        let (trace, m, out) = unsafe {
            (
                optional_text(trace),
                handle_mut(minions, "minions")?,
                output(round, "round")?,
            )
        };
        let state = &mut m.state;
        let mut log: Vec<Event> = Vec::new();
        let step = match &trace {
            Some(_) => state.play_next_round(&mut log),
            None => state.play_next_round(&mut fray::trace::NoTrace),
        };
        let end = step.and_then(|s| s.end);
        out.set(FrayMinionsRound {
            played: step.is_some(),
            turn: step.map_or(state.turn, |s| s.turn),
            round: step.map_or(0, |s| s.round),
            combat_end: match end {
                None => FrayCombatEnd::None,
                Some(CombatEnd::Eliminated { winner: Side::A }) => FrayCombatEnd::AStands,
                Some(CombatEnd::Eliminated { winner: Side::B }) => FrayCombatEnd::BStands,
                Some(CombatEnd::BothEliminated) => FrayCombatEnd::BothFell,
                Some(CombatEnd::RoundLimit) => FrayCombatEnd::RoundLimit,
            },
            battle_over: state.over(),
        });
        if let Some(trace) = trace {
            let mut s = String::new();
            for e in &log {
                s.push_str(&format!("{}{e}\n", e.indent()));
            }
            trace.set(handed_out(s));
        }
        Ok(())
    })
}

/// How many minions the battle has, both groups, into `*count`.
///
/// # Safety
/// `minions` is null or a live `FrayMinions`; `count` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_minions_count(
    minions: *const FrayMinions,
    count: *mut usize,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract.
        let (m, count) = unsafe { (handle(minions, "minions")?, output(count, "count")?) };
        count.set(m.state.fighters().len());
        Ok(())
    })
}

/// The minion at `index` (group a's first, each group in the file's order) as it stands,
/// into `*minion`.
///
/// # Safety
/// `minions` is null or a live `FrayMinions`; `minion` null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn fray_minions_minion(
    minions: *const FrayMinions,
    index: usize,
    minion: *mut FrayMinion,
) -> FrayStatus {
    entry(|| {
        // SAFETY: the caller's contract.
        let (m, out) = unsafe { (handle(minions, "minions")?, output(minion, "minion")?) };
        let count = m.state.fighters().len();
        let f = m.state.fighters().get(index).ok_or_else(|| {
            Failure::refused(format!(
                "index {index}: the battle has {count} minions (0 to {})",
                count.saturating_sub(1)
            ))
        })?;
        out.set(FrayMinion {
            name: m.names[index].as_ptr(),
            side: match f.side {
                Side::A => FraySide::A,
                Side::B => FraySide::B,
            },
            hp: f.hp,
            max_hp: f.spec.hp,
            armor: f.max_armor(),
            level: f.level().get(),
            alive: f.alive(),
        });
        Ok(())
    })
}
