//! The pool system's commands: `check`, `sides` and `mass-battle`.

use fray::pool::request::{
    CheckAnswer, CheckRequest, MassBattleAnswer, MassBattleRequest, SidesAnswer, SidesRequest,
    ValidCheck, ValidMassBattle, ValidSides,
};
use fray::request::{Effort, Refusal};

use crate::command::{Command, Context, Cost, Keys, Prepared};
use crate::limits::{self, TextFile};

/// `fray check`: the exact odds of one pool check.
#[derive(Debug)]
pub struct Check;

impl Command for Check {
    const NAME: &'static str = "check";
    const SUMMARY: &'static str = "the exact odds of a pool check, its degrees and explosions";
    const KEYS: Keys = Keys::Sorted;
    type Request = CheckRequest;
    type Valid = ValidCheck;
    type Answer = CheckAnswer;

    fn prepare(request: CheckRequest) -> Result<Prepared<ValidCheck>, Refusal> {
        Ok(Prepared::new(request.validate()?))
    }

    fn perform(valid: &ValidCheck, _: &Context<'_>) -> Result<CheckAnswer, Refusal> {
        Ok(valid.run())
    }
}

/// `fray sides`: two sides of checks, each side's hits exactly, and who deals more.
#[derive(Debug)]
pub struct Sides;

impl Command for Sides {
    const NAME: &'static str = "sides";
    const SUMMARY: &'static str =
        "two sides of pool checks: each side's hits exactly, and who deals more";
    const KEYS: Keys = Keys::Sorted;
    type Request = SidesRequest;
    type Valid = ValidSides;
    type Answer = SidesAnswer;

    fn prepare(request: SidesRequest) -> Result<Prepared<ValidSides>, Refusal> {
        let valid = request.validate()?;
        // The library bounds a side's multiply-adds (a second or two at most), and they
        // are far cheaper than a distribution's steps: only the answer's size is counted.
        let cost = Cost {
            effort: Effort {
                steps: 0,
                ..valid.effort()
            },
            ..Cost::default()
        };
        Ok(Prepared {
            cost,
            ..Prepared::new(valid)
        })
    }

    fn perform(valid: &ValidSides, _: &Context<'_>) -> Result<SidesAnswer, Refusal> {
        Ok(valid.run())
    }
}

/// `fray mass-battle`: one pool mass battle, round by round.
#[derive(Debug)]
pub struct MassBattle;

impl Command for MassBattle {
    const NAME: &'static str = "mass-battle";
    const SUMMARY: &'static str = "play a pool mass battle with a seed, round by round";
    const KEYS: Keys = Keys::Sorted;
    const FILES: &'static [TextFile] = &[limits::BATTLE_FILE];
    type Request = MassBattleRequest;
    type Valid = ValidMassBattle;
    type Answer = MassBattleAnswer;

    fn name_source(request: &mut MassBattleRequest, field: &str, source: String) -> bool {
        (field == "battle")
            .then(|| request.battle_source = Some(source))
            .is_some()
    }

    fn prepare(request: MassBattleRequest) -> Result<Prepared<ValidMassBattle>, Refusal> {
        let valid = request.validate()?;
        let cost = Cost {
            effort: valid.effort(),
            ..Cost::default()
        };
        Ok(Prepared {
            cost,
            ..Prepared::new(valid)
        })
    }

    fn perform(valid: &ValidMassBattle, ctx: &Context<'_>) -> Result<MassBattleAnswer, Refusal> {
        valid.run_until(&|| ctx.cancel.load(std::sync::atomic::Ordering::Relaxed))
    }
}
