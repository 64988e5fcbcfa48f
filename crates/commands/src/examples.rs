//! `fray examples`: the bundled examples of every command, as one command of the table,
//! so that each front end lists them (and a page loads a scenario's or a roster's text)
//! the way it runs any command, with no routes or exports of their own.

use fray::request::Refusal;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::command::{Command, Context, Prepared};

/// The commands that have bundled examples, each played by `example: NAME` in its
/// request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Of {
    /// The battle scenarios (`fray battle`, and what `fray sweep` varies).
    Battle,
    /// The worked examples of the damage text (`fray damage`).
    Damage,
    /// The rosters (`fray roster`).
    Roster,
}

/// What `fray examples` takes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ExamplesRequest {
    /// Only this command's examples (all of them when not given).
    pub of: Option<Of>,
}

/// One bundled example.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Bundled {
    /// The command that plays it.
    pub command: &'static str,
    /// Its name: the command's `example`.
    pub name: &'static str,
    /// What it shows.
    pub about: &'static str,
    /// Its TOML text, for a scenario or a roster: what a page offers to edit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<&'static str>,
}

/// What `fray examples` gives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ExamplesAnswer {
    /// Each bundled example, by command and then in each command's order (its first is
    /// what the command plays when asked for nothing).
    pub examples: Vec<Bundled>,
}

/// `fray examples`: every command's bundled examples.
#[derive(Debug)]
pub struct Examples;

impl Command for Examples {
    const NAME: &'static str = "examples";
    const SUMMARY: &'static str =
        "the bundled examples of each command, with a scenario's or roster's text";
    type Request = ExamplesRequest;
    type Valid = ExamplesRequest;
    type Answer = ExamplesAnswer;

    fn prepare(request: ExamplesRequest) -> Result<Prepared<ExamplesRequest>, Refusal> {
        Ok(Prepared::new(request))
    }

    fn perform(valid: &ExamplesRequest, _: &Context<'_>) -> Result<ExamplesAnswer, Refusal> {
        let wanted = |of: Of| valid.of.is_none_or(|o| o == of);
        let mut list = Vec::new();
        if wanted(Of::Battle) {
            list.extend(fray_lab::examples::EXAMPLES.iter().map(|e| Bundled {
                command: "battle",
                name: e.name,
                about: e.about,
                text: Some(e.text),
            }));
        }
        if wanted(Of::Damage) {
            list.extend(fray::damage::examples::EXAMPLES.iter().map(|e| Bundled {
                command: "damage",
                name: e.name,
                about: e.about,
                text: None,
            }));
        }
        if wanted(Of::Roster) {
            list.extend(
                fray_lab::roster::request::examples()
                    .into_iter()
                    .map(|e| Bundled {
                        command: "roster",
                        name: e.name,
                        about: e.about,
                        text: Some(e.text),
                    }),
            );
        }
        Ok(ExamplesAnswer { examples: list })
    }

    fn text(answer: &ExamplesAnswer) -> Option<String> {
        let list = &answer.examples;
        let width = list.iter().map(|e| e.name.len()).max().unwrap_or(0);
        let lines = list
            .iter()
            .map(|e| format!("{:<7} {:<width$}  {}\n", e.command, e.name, e.about));
        Some(lines.collect())
    }
}
