//! The conditions system's command: `encounter`.

use fray::conditions::request::{EncounterAnswer, EncounterRequest, ValidEncounter};
use fray::request::Refusal;

use crate::command::{Command, Context, Prepared};
use crate::limits::{self, TextFile};

/// `fray encounter`: an encounter script played step by step, its expectations judged.
#[derive(Debug)]
pub struct Encounter;

impl Command for Encounter {
    const NAME: &'static str = "encounter";
    const SUMMARY: &'static str =
        "play an encounter script of the conditions system, judging its expectations";
    const FILES: &'static [TextFile] = &[limits::SCRIPT];
    type Request = EncounterRequest;
    type Valid = ValidEncounter;
    type Answer = EncounterAnswer;

    fn name_source(request: &mut EncounterRequest, field: &str, source: String) -> bool {
        (field == "script")
            .then(|| request.script_source = Some(source))
            .is_some()
    }

    fn prepare(request: EncounterRequest) -> Result<Prepared<ValidEncounter>, Refusal> {
        let valid = request.validate()?;
        let cost = crate::command::Cost {
            effort: valid.effort(),
            ..crate::command::Cost::default()
        };
        Ok(Prepared {
            cost,
            ..Prepared::new(valid)
        })
    }

    fn perform(valid: &ValidEncounter, cx: &Context<'_>) -> Result<EncounterAnswer, Refusal> {
        valid
            .run_until(&|| cx.cancel.load(std::sync::atomic::Ordering::Relaxed))
            .ok_or_else(|| Refusal::new("cancelled before the script was played to its end"))
    }
}
