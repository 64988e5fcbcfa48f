//! A command called by name with its request as JSON, answered as JSON: what a front
//! end without Rust types (Python, and the WebAssembly and C builds to come) calls.

use fray::request::{Place, Refusal};

use crate::command::{Answered, Command, Context, Pages};
use crate::json;
use crate::table::{self, Visit};

/// Where a request's JSON came from, which decides how a syntax error in it is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A body the user wrote (the web API): its errors at their line and column.
    Body,
    /// JSON a wrapper built from the user's arguments (Python's keyword arguments): its
    /// lines and columns mean nothing to the user, so the command is named instead.
    Built,
}

/// How to write the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// As `--json` prints it.
    Pretty,
    /// On one line, for a program that parses it at once.
    Compact,
}

/// How a refusal names the request body.
pub const BODY: &str = "the request body";

/// `json` as command `C`'s request. An empty body is `{}`, the command's defaults.
pub fn parse<C: Command>(json: &[u8], origin: Origin) -> Result<C::Request, Refusal> {
    parse_strict::<C>(json, origin).map(|(request, _)| request)
}

/// [`parse`], and whether the request asked for [`strict`](crate::strict): every
/// warning a refusal.
pub fn parse_strict<C: Command>(
    json: &[u8],
    origin: Origin,
) -> Result<(C::Request, bool), Refusal> {
    let json: &[u8] = if json.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        json
    };
    // serde reads a struct from an array too (its fields by position): a request is an
    // object of named fields, never that.
    if let Some(&first) = json.iter().find(|b| !b.is_ascii_whitespace())
        && first != b'{'
    {
        let what = match first {
            b'[' => "an array",
            b'"' => "a string",
            b'n' => "null",
            b't' | b'f' => "a boolean",
            _ => "a number or something else",
        };
        let message = format!("the request must be a JSON object of named fields, not {what}");
        return Err(match origin {
            Origin::Body => Refusal::new(format!("{BODY}: {message}")),
            Origin::Built => Refusal::new(format!("{}: {message}", C::NAME)),
        });
    }
    let mut de = serde_json::Deserializer::from_slice(json);
    let strict = std::cell::Cell::new(false);
    let read = match serde_path_to_error::deserialize(crate::strict::strip(&mut de, &strict)) {
        Ok(request) => de
            .end()
            .map(|()| (request, strict.get()))
            .map_err(|e| (String::new(), e)),
        Err(e) => Err((e.path().to_string(), e.into_inner())),
    };
    let parsed = read.map_err(|(path, e)| {
        let words = in_our_words(&path, &serde_words(&e));
        match origin {
            Origin::Body => Refusal::new(format!(
                "{BODY}, line {}, column {}: {words}",
                e.line(),
                e.column()
            ))
            .at(Place {
                source: Some(BODY.to_string()),
                line: e.line(),
                column: e.column(),
                width: 1,
            }),
            Origin::Built => Refusal::new(format!("{}: {words}", C::NAME)),
        }
    })?;
    // A struct read from a list, by position: refused where the schema wants an object
    // (a request without a list is never walked).
    if json.contains(&b'[')
        && let Ok(value) = serde_json::from_slice::<serde_json::Value>(json)
        && let Some(path) = crate::positional::list_for_object::<C>(&value)
    {
        let words = format!("`{path}` must be an object of named fields, got a list");
        return Err(match origin {
            Origin::Body => Refusal::new(format!("{BODY}: {words}")),
            Origin::Built => Refusal::new(format!("{}: {words}", C::NAME)),
        });
    }
    Ok(parsed)
}

/// serde's "invalid type: string \"many\", expected u64" as fray says it: "`trials`
/// must be a whole number, got the string \"many\"". Other messages (an unknown field,
/// a missing one, broken JSON) are already in words a user reads.
fn in_our_words(path: &str, words: &str) -> String {
    let Some((expected, got)) = fray::text::serde_type_words(words) else {
        return words.to_string();
    };
    let what = if path.is_empty() || path == "." {
        "the request".to_string()
    } else {
        format!("`{path}`")
    };
    format!("{what} must be {expected}, got {got}")
}

/// serde_json's message without its trailing ` at line L column C`, which a refusal
/// carries as data instead (or leaves out, for JSON the user never saw).
pub fn serde_words(e: &serde_json::Error) -> String {
    let message = e.to_string();
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message,
    }
}

/// What a caller asks of a command called by name: its request's JSON, and how to read
/// it and write the outcome.
#[derive(Debug, Clone, Copy)]
pub struct Ask<'a> {
    /// The request's JSON.
    pub request: &'a [u8],
    /// Where the JSON came from.
    pub origin: Origin,
    /// The files its text fields were read from (`("battle", "examples/minions/x.toml")`).
    pub sources: &'a [(String, String)],
    /// How to write the answer.
    pub style: Style,
    /// Whether to make the answer's report page too (battle, sweep, design-check).
    pub pages: bool,
    /// Whether every warning is a refusal, whatever the request says (see
    /// [`strict`](crate::strict)).
    pub strict: bool,
}

impl<'a> Ask<'a> {
    /// An ask without a report page (set `pages` for one).
    pub fn new(
        request: &'a [u8],
        origin: Origin,
        sources: &'a [(String, String)],
        style: Style,
    ) -> Self {
        Self {
            request,
            origin,
            sources,
            style,
            pages: false,
            strict: false,
        }
    }
}

/// Runs the command called `name` on `request` (its JSON), with `sources` naming the
/// files its text fields were read from (`("battle", "examples/minions/x.toml")`), and
/// answers its JSON with the warnings and notes.
pub fn call(
    name: &str,
    request: &[u8],
    origin: Origin,
    sources: &[(String, String)],
    style: Style,
    cx: &Context<'_>,
) -> Result<Answered<String>, Refusal> {
    let ask = Ask::new(request, origin, sources, style);
    call_paged(name, &ask, cx).map(|(answered, _)| answered)
}

/// An answer's `--json` text with its warnings and notes, and its report page if asked for.
pub type Paged = (Answered<String>, Option<Pages>);

/// [`call`] as `ask` says, with the answer's report page when it asks for one and the
/// command has one.
pub fn call_paged(name: &str, ask: &Ask<'_>, cx: &Context<'_>) -> Result<Paged, Refusal> {
    struct Caller<'a, 'c> {
        name: &'a str,
        ask: &'a Ask<'a>,
        cx: &'a Context<'c>,
        result: Option<Result<Paged, Refusal>>,
    }
    impl Visit for Caller<'_, '_> {
        fn visit<C: Command>(&mut self) {
            if self.result.is_none() && self.name == C::NAME {
                self.result = Some(call_one::<C>(self.ask, self.cx));
            }
        }
    }
    let mut caller = Caller {
        name,
        ask,
        cx,
        result: None,
    };
    table::each(&mut caller);
    caller.result.unwrap_or_else(|| Err(no_command(name)))
}

/// The refusal of a name that is no command's.
pub fn no_command(name: &str) -> Refusal {
    Refusal::new(format!(
        "no command `{}`; the commands are {}",
        fray::text::escape_controls(name),
        table::names().join(", ")
    ))
}

/// [`call`] of command `C`.
pub fn call_typed<C: Command>(
    request: &[u8],
    origin: Origin,
    sources: &[(String, String)],
    style: Style,
    cx: &Context<'_>,
) -> Result<Answered<String>, Refusal> {
    let ask = Ask::new(request, origin, sources, style);
    call_one::<C>(&ask, cx).map(|(answered, _)| answered)
}

/// [`call_paged`] of command `C`.
fn call_one<C: Command>(ask: &Ask<'_>, cx: &Context<'_>) -> Result<Paged, Refusal> {
    let (mut r, strict) = parse_strict::<C>(ask.request, ask.origin)?;
    for (field, source) in ask.sources {
        if !C::name_source(&mut r, field, source.clone()) {
            return Err(Refusal::new(format!(
                "{}: `{}` is not a field that holds a file's text",
                C::NAME,
                fray::text::escape_controls(field)
            )));
        }
    }
    let answered = C::run_strictly(r, strict || ask.strict, cx)?;
    let text = match ask.style {
        Style::Pretty => json::pretty(&answered.answer, C::KEYS)?,
        Style::Compact => json::compact(&answered.answer, C::KEYS)?,
    };
    let page = if ask.pages {
        C::pages(&answered.answer)
    } else {
        None
    };
    let answered = Answered {
        answer: text,
        warnings: answered
            .warnings
            .into_iter()
            .map(fray::text::bounded)
            .collect(),
        notes: answered.notes,
    };
    Ok((answered, page))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pool::Check;

    #[test]
    fn serde_words_become_fray_words_naming_the_field() {
        let refused = |json: &str| parse::<Check>(json.as_bytes(), Origin::Built).unwrap_err();
        assert_eq!(
            refused(r#"{"bonus": "many"}"#).message,
            "check: `bonus` must be a whole number, got the string \"many\""
        );
        assert_eq!(
            refused(r#"{"penalty": -1}"#).message,
            "check: `penalty` must be a whole number from 0 up, got the integer `-1`"
        );
        assert_eq!(
            refused(r#"{"rung": 3}"#).message,
            "check: `rung` must be a string, got the integer `3`"
        );
        assert!(refused(r#"{"rung": "3/6"} x"#).message.contains("trailing"));
        assert!(refused("[1]").message.contains("a JSON object"));
        // A key of a megabyte is not repeated whole: the refusal stays a few kilobytes.
        let huge = format!(r#"{{"{}": 1}}"#, "k".repeat(1 << 20));
        let e = refused(&huge);
        assert!(e.message.contains("unknown field"), "{}", &e.message[..200]);
        assert!(e.message.len() < 17 << 10, "{} bytes", e.message.len());
    }

    #[test]
    fn a_struct_written_as_a_list_is_refused_not_read_by_position() {
        use crate::evasion::ToHit;
        use crate::lab::Sweep;
        let sweep = |json: &str| parse::<Sweep>(json.as_bytes(), Origin::Body);
        let e = sweep(r#"{"example": "duel", "vary": [["max_rounds", "1..3"]]}"#).unwrap_err();
        assert_eq!(
            e.message,
            "the request body: `vary[0]` must be an object of named fields, got a list"
        );
        let e = sweep(r#"{"example": "duel", "find": ["evasion.b.defense.hp"]}"#).unwrap_err();
        assert!(e.message.contains("`find` must be an object"), "{e:?}");
        let e = parse::<ToHit>(br#"{"model": [9]}"#, Origin::Built).unwrap_err();
        assert_eq!(
            e.message,
            "tohit: `model` must be an object of named fields, got a list"
        );
        // Lists where lists belong are read as ever.
        assert!(
            sweep(r#"{"example": "duel", "vary": [{"path": "max_rounds", "values": "1..3"}]}"#)
                .is_ok()
        );
        assert!(
            parse::<crate::damage::Damage>(br#"{"amount": 5, "types": ["fire"]}"#, Origin::Body)
                .is_ok()
        );
        assert!(sweep(r#"{"odds": "damage", "set": ["amount=2d6"], "vary": [{"path": "attacker_level", "values": "0..3"}]}"#).is_ok());
    }
}
