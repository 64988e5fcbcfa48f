//! The minions system's command: `minions`.

use fray::minions::request::{MinionsAnswer, MinionsRequest, ValidMinions};
use fray::request::Refusal;

use crate::command::{Command, Context, Keys, Prepared};
use crate::limits::{self, TextFile};

/// `fray minions`: one minions battle, every attack logged.
#[derive(Debug)]
pub struct Minions;

impl Command for Minions {
    const NAME: &'static str = "minions";
    const SUMMARY: &'static str =
        "play a minions battle round by round: every attack, soak, death and experience";
    const KEYS: Keys = Keys::Sorted;
    const FILES: &'static [TextFile] = &[limits::BATTLE_FILE];
    type Request = MinionsRequest;
    type Valid = ValidMinions;
    type Answer = MinionsAnswer;

    fn name_source(request: &mut MinionsRequest, field: &str, source: String) -> bool {
        (field == "battle")
            .then(|| request.battle_source = Some(source))
            .is_some()
    }

    fn prepare(request: MinionsRequest) -> Result<Prepared<ValidMinions>, Refusal> {
        Ok(Prepared::new(request.validate()?))
    }

    fn perform(valid: &ValidMinions, _: &Context<'_>) -> Result<MinionsAnswer, Refusal> {
        valid.run()
    }
}
