//! The one way an answer is written as JSON, in every front end: pretty for `--json`
//! and the web, compact where a program parses it at once (Python), each command's keys
//! in its own order ([`Keys`]).

use fray::request::Refusal;
use serde::Serialize;

use crate::command::Keys;

/// `answer` as `--json` prints it: pretty, control characters escaped, a final new line.
pub fn pretty(answer: &impl Serialize, keys: Keys) -> Result<String, Refusal> {
    let text = match keys {
        Keys::Declared => fray_lab::answer::json_text(answer),
        Keys::Sorted => serde_json::to_value(answer).and_then(|v| fray_lab::answer::json_text(&v)),
    };
    text.map_err(unwritable)
}

/// `answer` as compact JSON, keys in the same order as [`pretty`].
pub fn compact(answer: &impl Serialize, keys: Keys) -> Result<String, Refusal> {
    let text = match keys {
        Keys::Declared => serde_json::to_string(answer),
        Keys::Sorted => serde_json::to_value(answer).and_then(|v| serde_json::to_string(&v)),
    };
    text.map_err(unwritable)
}

/// An answer serde could not write (a map with non-string keys; never for fray's types).
fn unwritable(e: serde_json::Error) -> Refusal {
    Refusal::new(format!("the answer could not be written as JSON: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Two {
        zeta: u8,
        alpha: u8,
    }

    #[test]
    fn keys_keep_the_order_asked_for() {
        let t = Two { zeta: 1, alpha: 2 };
        assert_eq!(
            compact(&t, Keys::Declared).unwrap(),
            r#"{"zeta":1,"alpha":2}"#
        );
        assert_eq!(
            compact(&t, Keys::Sorted).unwrap(),
            r#"{"alpha":2,"zeta":1}"#
        );
        assert_eq!(
            pretty(&t, Keys::Sorted).unwrap(),
            "{\n  \"alpha\": 2,\n  \"zeta\": 1\n}\n"
        );
    }
}
