//! The entry point of the command-table fuzz target (`command_call`): the JSON requests
//! the web server and Python send, called by name as `fray_commands::call::call` calls
//! them. Shared with the regression replay of `crates/commands/tests/fuzz_replay.rs`,
//! which includes this file by path.

use std::any::Any;

use fray::pool::request::ValidSides;
use fray_commands::call::{self, Origin, Style};
use fray_commands::{Command, Context, Cost, Refusal, Visit, names, table};

/// The most battles a request is performed with (a run's trials, a sweep's in all).
pub const MAX_BATTLES: u64 = 10;
/// The most points of a sweep performed.
pub const MAX_POINTS: u64 = 2;
/// The most steps of work performed (a distribution's steps, a fighter in each round a battle may last).
pub const MAX_STEPS: u64 = 10_000;
/// The largest answer performed, in bytes of JSON.
pub const MAX_ANSWER: u64 = 64 << 10;

/// Whether a prepared request is small enough to perform: the web server's caps
/// (`crates/web/src/caps.rs`), far lower, so that most inputs take well under a
/// millisecond (ten battles of a bundled scenario take about ten, instrumented). A
/// request over them has passed every input rule, which is what the fuzzer is after;
/// its work is what the other targets and the tests play.
pub fn within_caps(cost: &Cost) -> bool {
    cost.battles <= MAX_BATTLES
        && cost.points <= MAX_POINTS
        && cost.effort.steps <= MAX_STEPS
        && cost.effort.answer_bytes <= MAX_ANSWER
}

/// What a command's own cost leaves out, for the commands the library bounds by itself
/// at a bound too loose for a fuzzer: a side of `fray sides` may take up to 1e10
/// multiply-adds (its cost counts none), and the design check's request is one word
/// whose answer is the same every time.
fn small_enough<C: Command>(valid: &C::Valid) -> bool {
    if let Some(sides) = (valid as &dyn Any).downcast_ref::<ValidSides>() {
        return sides.effort().steps <= MAX_STEPS;
    }
    C::NAME != "design-check"
}

/// The first byte picks the command (from `fray_commands::names()`) and how the answer
/// is written; the rest is the request's body. The body is read and prepared as the
/// command's request; a request within [`within_caps`] is then performed by
/// `call::call`, and its answer must be JSON. A refusal anywhere must have a message.
pub fn command_call(data: &[u8]) {
    let Some((&first, body)) = data.split_first() else {
        return;
    };
    let names = names();
    let name = names[usize::from(first) % names.len()];
    let style = if usize::from(first) / names.len() % 2 == 0 {
        Style::Pretty
    } else {
        Style::Compact
    };
    struct Caller<'a> {
        name: &'a str,
        body: &'a [u8],
        style: Style,
        called: bool,
    }
    impl Visit for Caller<'_> {
        fn visit<C: Command>(&mut self) {
            if C::NAME == self.name {
                call_one::<C>(self.body, self.style);
                self.called = true;
            }
        }
    }
    let mut caller = Caller {
        name,
        body,
        style,
        called: false,
    };
    table::each(&mut caller);
    assert!(caller.called, "`{name}` is in names() but not in the table");
}

/// Command `C` on `body`: read, prepared, and performed through `call::call` when small.
fn call_one<C: Command>(body: &[u8], style: Style) {
    let request = match call::parse::<C>(body, Origin::Body) {
        Ok(request) => request,
        Err(e) => return refused::<C>(&e, body, style),
    };
    let prepared = match C::prepare(request) {
        Ok(prepared) => prepared,
        Err(e) => return refused::<C>(&e, body, style),
    };
    for line in prepared.warnings.iter().chain(&prepared.notes) {
        assert!(!line.is_empty(), "{}: an empty warning or note", C::NAME);
    }
    if !within_caps(&prepared.cost) || !small_enough::<C>(&prepared.valid) {
        return;
    }
    match call::call(C::NAME, body, Origin::Body, &[], style, &Context::quiet()) {
        Err(e) => assert!(
            !e.message.is_empty(),
            "{}: a refusal without a message",
            C::NAME
        ),
        Ok(answered) => {
            if let Err(e) = serde_json::from_str::<serde_json::Value>(&answered.answer) {
                panic!(
                    "{}: the answer is not JSON ({e}): {}",
                    C::NAME,
                    answered.answer
                );
            }
            for line in answered.warnings.iter().chain(&answered.notes) {
                assert!(!line.is_empty(), "{}: an empty warning or note", C::NAME);
            }
        }
    }
}

/// A refusal before any work: it has a message, and `call::call` refuses the same body.
fn refused<C: Command>(e: &Refusal, body: &[u8], style: Style) {
    assert!(
        !e.message.is_empty(),
        "{}: a refusal without a message",
        C::NAME
    );
    match call::call(C::NAME, body, Origin::Body, &[], style, &Context::quiet()) {
        Err(again) => assert!(!again.message.is_empty()),
        Ok(_) => panic!("{}: refused when prepared, answered when called", C::NAME),
    }
}
