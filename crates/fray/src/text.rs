//! Small text helpers for messages to people.

use std::borrow::Cow;
use std::cell::Cell;
use std::fmt::Write as _;

/// Levenshtein distance between two short words, for "did you mean" hints (the
/// `strsim` crate's, counted in characters).
pub fn edit_distance(a: &str, b: &str) -> usize {
    strsim::levenshtein(a, b)
}

/// The closest of `candidates` to `word`, if within two edits.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = word.to_ascii_lowercase();
    candidates
        .into_iter()
        .map(|c| (edit_distance(c, &lower), c))
        .filter(|(d, _)| *d > 0 && *d <= 2)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Finds the line and column of byte offsets in a text, without rescanning it.
///
/// Columns are counted from the last place located when it is earlier on the same line,
/// so locating many places of one long line in order costs the line's length once, not
/// once per place.
#[derive(Debug, Clone)]
pub struct LineIndex<'s> {
    source: &'s str,
    starts: Vec<usize>,
    /// The last place located: (byte offset, its 0-based column in characters).
    last: Cell<(usize, usize)>,
}

/// At most this many characters of a line are quoted under an error (a line may be
/// hundreds of kilobytes long; the quote is a window around the located part).
pub const MAX_QUOTED_CHARS: usize = 80;

/// A place in a text, for people: 1-based line and column (in characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// The line to quote: all of it, or a window of at most [`MAX_QUOTED_CHARS`]
    /// characters around the located part, with `…` where it was cut.
    pub line_text: String,
    /// Where the located part starts within `line_text` (1-based, in characters), for
    /// the caret; equal to `column` when the whole line is quoted.
    pub quote_column: usize,
    /// How many characters of `line_text` the caret spans (at least 1): the located
    /// part, as far as the quote shows it.
    pub len: usize,
}

impl<'s> LineIndex<'s> {
    /// Indexes the line starts of `source`.
    pub fn new(source: &'s str) -> Self {
        let starts = std::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Self {
            source,
            starts,
            last: Cell::new((0, 0)),
        }
    }

    /// Where the byte range `at..at + len` starts (clamped to the text and its line).
    pub fn locate(&self, at: usize, len: usize) -> Location {
        let mut at = at.min(self.source.len());
        while !self.source.is_char_boundary(at) {
            at -= 1;
        }
        let line = self.starts.partition_point(|start| *start <= at);
        let start = self.starts[line - 1];
        let end = self
            .starts
            .get(line)
            .map_or(self.source.len(), |next| next - 1);
        let end = start + self.source[start..end].trim_end_matches('\r').len();
        let mut stop = (at.saturating_add(len)).min(end).max(at);
        while !self.source.is_char_boundary(stop) {
            stop -= 1;
        }
        let (last_at, last_column) = self.last.get();
        let column = if start <= last_at && last_at <= at {
            last_column + self.source[last_at..at].chars().count()
        } else {
            self.source[start..at].chars().count()
        };
        self.last.set((at, column));
        let len = self.source[at..stop].chars().count().max(1);
        let (line_text, quote_column, len) = quote(&self.source[start..end], at - start, len);
        Location {
            line,
            column: column + 1,
            line_text,
            quote_column,
            len,
        }
    }
}

/// A window of `line` around the byte offset `at` (a char boundary) where a part of
/// `len` characters starts: the quoted text, the part's 1-based column in it, and how
/// many characters of the quote the part spans. Control characters are escaped here, as
/// [`escape_controls`] does, so the caret stays under the part they shift.
pub fn quote(line: &str, at: usize, len: usize) -> (String, usize, usize) {
    const BEFORE: usize = MAX_QUOTED_CHARS / 3;
    let mut at = at.min(line.len());
    while !line.is_char_boundary(at) {
        at -= 1;
    }
    let (head, tail) = line.split_at(at);
    let from = head
        .char_indices()
        .rev()
        .take(BEFORE)
        .last()
        .map_or(at, |(i, _)| i);
    let room = MAX_QUOTED_CHARS - head[from..].chars().count();
    let to = tail
        .char_indices()
        .nth(room)
        .map_or(line.len(), |(i, _)| at + i);
    let mut text = String::with_capacity(to - from + 8);
    if from > 0 {
        text.push('…');
    }
    let mut width = usize::from(from > 0);
    let (mut column, mut span, mut counted) = (None, 0, 0);
    for (i, c) in line[from..to].char_indices() {
        let shown = push_shown(&mut text, c);
        if from + i >= at && counted < len {
            column.get_or_insert(width + 1);
            span += shown;
            counted += 1;
        }
        width += shown;
    }
    if to < line.len() {
        text.push('…');
    }
    (text, column.unwrap_or(width + 1), span.max(1))
}

/// Pushes `c` as [`escape_controls`] shows it; returns how many characters that took.
fn push_shown(out: &mut String, c: char) -> usize {
    if is_unsafe(c) {
        let before = out.len();
        let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        out.len() - before
    } else {
        out.push(c);
        1
    }
}

/// A number a user gave, as a message quotes it: short, whatever its size (`1e308`, not
/// its 309 digits; `1e-12`, not twelve zeros).
pub fn quoted_number(x: f64) -> String {
    if x.is_finite() && x != 0.0 && !(1e-4..1e6).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// Makes text safe to print to a terminal: control characters other than new line and
/// tab (C0, DEL, C1) and the bidirectional overrides, which could clear or retitle the
/// terminal or reorder what it shows, become visible `\u{..}` escapes. Text read from
/// files (names, quoted lines) passes through here before it is printed.
///
/// ```
/// assert_eq!(fray::text::escape_controls("a\x1b]0;x\x07b\n"), "a\\u{1b}]0;x\\u{7}b\n");
/// ```
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        push_shown(&mut out, c);
    }
    Cow::Owned(out)
}

/// Like [`escape_controls`], for JSON text: serde_json escapes C0 controls itself but
/// writes DEL, C1 controls and bidirectional overrides raw; they become `\uXXXX`
/// escapes, which JSON reads back as the same characters. (They can only stand inside
/// strings, since JSON's own syntax is ASCII.)
///
/// ```
/// let json = serde_json::to_string("a\u{9b}2J").unwrap();
/// assert_eq!(fray::text::escape_controls_json(&json), r#""a\u009b2J""#);
/// ```
pub fn escape_controls_json(json: &str) -> Cow<'_, str> {
    if !json.chars().any(is_unsafe) {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if is_unsafe(c) {
            let _ = write!(out, "\\u{:04x}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A character a terminal would act on rather than show.
fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

impl std::fmt::Display for Location {
    /// The quoted line with a caret under the located part.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write_quote(f, &self.line_text, self.quote_column, self.len)
    }
}

/// The one way fray draws a located error: the quoted line, then carets under the bad
/// part (at least one), both behind `  | `. Scenario files, stat blocks and scripts all
/// go through it, so every located error looks the same.
pub fn write_quote(
    f: &mut impl std::fmt::Write,
    line_text: &str,
    quote_column: usize,
    len: usize,
) -> std::fmt::Result {
    writeln!(f, "  | {line_text}")?;
    write!(
        f,
        "  | {}{}",
        " ".repeat(quote_column.saturating_sub(1)),
        "^".repeat(len.max(1))
    )
}

/// `n` and its noun, with the noun singular for exactly one ("1 round", "3 rounds"):
/// output reads as a sentence rather than as "1 rounds" or "round(s)".
pub fn count(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// serde's "invalid type: floating point `4.5`, expected i64" as a reader says it: what
/// was expected ("a whole number") and what was found ("the number `4.5`"), or None for
/// any other message. JSON requests and TOML files are told in the same words.
///
/// ```
/// use fray::text::serde_type_words;
/// assert_eq!(
///     serde_type_words("invalid type: floating point `4.5`, expected i64"),
///     Some(("a whole number", "the number `4.5`".to_string()))
/// );
/// assert_eq!(serde_type_words("missing field `name`"), None);
/// ```
pub fn serde_type_words(words: &str) -> Option<(&str, String)> {
    let rest = words
        .strip_prefix("invalid type: ")
        .or_else(|| words.strip_prefix("invalid value: "))?;
    let (got, expected) = rest.rsplit_once(", expected ")?;
    let expected = match expected {
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number from 0 up",
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number",
        "f32" | "f64" => "a number",
        "a boolean" => "true or false",
        "a sequence" => "a list",
        e if e.starts_with("struct ") || e == "a map" => "an object of named fields",
        e => e,
    };
    let got = match got.split_once(' ') {
        Some((kind @ ("string" | "integer" | "floating"), value)) => {
            let kind = if kind == "floating" { "number" } else { kind };
            // toml says of a number past i64 that it was read "as i128".
            let value = value.trim_start_matches("point ");
            let value = value.strip_suffix(" as i128").unwrap_or(value);
            format!("the {kind} {value}")
        }
        _ => got.to_string(),
    };
    Some((expected, got))
}

/// The most bytes a message (a refusal's, a warning's, a hint's) holds, room for the
/// twenty located errors a stat block's refusal lists: a message that quotes a word of
/// the input whole (an unknown key of 64 MiB) would be as large as the input, and a
/// refusal of a 64 MiB request was a 67 MB message.
pub const MAX_MESSAGE: usize = 16 << 10;

/// `message` within [`MAX_MESSAGE`] bytes: its beginning and its end (where a quoted line
/// and its caret stand) kept whole, what lies between said in a count of bytes.
///
/// ```
/// let long = format!("unknown field `{}`", "x".repeat(100_000));
/// let short = fray::text::bounded(long);
/// assert!(short.len() <= fray::text::MAX_MESSAGE + 64 && short.starts_with("unknown field `xxx"));
/// assert!(short.contains("bytes left out"));
/// assert_eq!(fray::text::bounded("short".to_string()), "short");
/// ```
pub fn bounded(message: String) -> String {
    if message.len() <= MAX_MESSAGE {
        return message;
    }
    let mut head = MAX_MESSAGE / 2;
    while !message.is_char_boundary(head) {
        head -= 1;
    }
    let mut tail = message.len() - MAX_MESSAGE / 4;
    while !message.is_char_boundary(tail) {
        tail += 1;
    }
    format!(
        "{} … ({} bytes left out) … {}",
        &message[..head],
        tail - head,
        &message[tail..]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quote_of_a_long_line_is_a_window_with_an_ellipsis_each_side() {
        let line = "x".repeat(3 * MAX_QUOTED_CHARS);
        let (text, column, span) = quote(&line, MAX_QUOTED_CHARS, 1);
        assert_eq!(text.chars().count(), MAX_QUOTED_CHARS + 2, "{text}");
        assert!(text.starts_with('…') && text.ends_with('…'));
        assert_eq!((column, span), (MAX_QUOTED_CHARS / 3 + 2, 1));
        // A place inside a character is quoted from the character's start.
        assert_eq!(quote("aé b", 2, 1), ("aé b".to_string(), 2, 1));
    }

    #[test]
    fn json_keeps_safe_text_and_escapes_terminal_controls() {
        assert!(matches!(
            escape_controls_json(r#""a b""#),
            Cow::Borrowed(r#""a b""#)
        ));
        assert_eq!(escape_controls_json("\"a\u{9b}2J\""), r#""a\u009b2J""#);
    }

    #[test]
    fn a_count_of_one_is_singular() {
        assert_eq!(count(1, "round"), "1 round");
        assert_eq!(count(0, "round"), "0 rounds");
        assert_eq!(count(3, "battle"), "3 battles");
    }

    #[test]
    fn a_place_inside_a_character_moves_back_to_its_start() {
        // `é` is bytes 1..3: byte 2 is inside it, and so is a range that stops at byte 2.
        let index = LineIndex::new("aé b");
        let inside = index.locate(2, 1);
        assert_eq!((inside.line, inside.column, inside.len), (1, 2, 1));
        let stops_inside = LineIndex::new("aé b").locate(0, 2);
        assert_eq!((stops_inside.column, stops_inside.len), (1, 1));
    }

    #[test]
    fn every_located_error_draws_its_caret_one_way() {
        // A zero-width place still gets one caret, in scenario files and stat blocks.
        let at = Location {
            line: 2,
            column: 4,
            line_text: "abc".into(),
            quote_column: 4,
            len: 0,
        };
        assert_eq!(at.to_string(), "  | abc\n  |    ^");
        let e = crate::damage::NotationError {
            line: 2,
            column: 4,
            len: 0,
            line_text: "abc".into(),
            quote_column: 4,
            message: "m".into(),
        };
        assert_eq!(e.to_string(), format!("line 2, column 4: m\n{at}"));
    }

    #[test]
    fn distances() {
        assert_eq!(edit_distance("fire", "fire"), 0);
        assert_eq!(edit_distance("fire", "fier"), 2);
        assert_eq!(edit_distance("cold", "colds"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(
            closest("lightnin", ["fire", "lightning"]),
            Some("lightning")
        );
        assert_eq!(closest("fire", ["fire"]), None);
    }

    #[test]
    fn numbers_are_quoted_short() {
        assert_eq!(quoted_number(1e308), "1e308");
        assert_eq!(quoted_number(-2.5e-12), "-2.5e-12");
        assert_eq!(quoted_number(0.05), "0.05");
        assert_eq!(quoted_number(1000.0), "1000");
        assert_eq!(quoted_number(f64::NAN), "NaN");
    }

    #[test]
    fn locations() {
        let index = LineIndex::new("ab\ncdé f\n");
        let l = index.locate(5, 3);
        assert_eq!(
            (l.line, l.column, l.len, l.line_text.as_str()),
            (2, 3, 2, "cdé f")
        );
        assert_eq!(index.locate(0, 0).column, 1);
        assert_eq!(index.locate(999, 1).line, 3);
        assert!(l.to_string().ends_with("|   ^^"), "{l}");
    }

    #[test]
    fn long_lines_are_quoted_around_the_place() {
        let line = format!("{}é{}", "[".repeat(100_000), "]".repeat(100_000));
        let text = format!("x = 1\n{line}\n");
        let index = LineIndex::new(&text);
        let at = 6 + 100_002 + 10; // the 11th `]`, after the two-byte é
        let l = index.locate(at, 3);
        assert_eq!((l.line, l.column, l.len), (2, 100_012, 3));
        assert!(l.line_text.chars().count() <= MAX_QUOTED_CHARS + 2, "{l}");
        assert!(l.line_text.starts_with('…') && l.line_text.ends_with('…'));
        // The caret stands under the located character of the excerpt.
        let shown: Vec<char> = l.line_text.chars().collect();
        assert_eq!(shown[l.quote_column - 1], ']');
        assert_eq!(shown[l.quote_column - 12], 'é');
        let printed = l.to_string();
        let caret = printed.lines().nth(1).unwrap();
        assert_eq!(
            caret.trim_end().len(),
            "  | ".len() + l.quote_column - 1 + 3
        );
        // A place at the very start of a long line: no leading ellipsis.
        let l = index.locate(6, 1);
        assert_eq!((l.column, l.quote_column), (1, 1));
        assert!(l.line_text.starts_with('[') && l.line_text.ends_with('…'));
        // Short lines are quoted whole.
        let l = index.locate(4, 1);
        assert_eq!((l.line_text.as_str(), l.quote_column), ("x = 1", 5));
    }

    #[test]
    fn columns_of_places_out_of_order() {
        let text = "aé b c\nd e";
        let index = LineIndex::new(text);
        assert_eq!(index.locate(6, 1).column, 6);
        assert_eq!(index.locate(4, 1).column, 4);
        assert_eq!(index.locate(10, 1).column, 3);
        assert_eq!(index.locate(0, 1).column, 1);
        assert_eq!(index.locate(6, 1).column, 6);
    }

    #[test]
    fn controls_are_escaped() {
        assert_eq!(escape_controls("plain\tand\nlines"), "plain\tand\nlines");
        let l = LineIndex::new("Trigger: x\x1b]0;pwned\x07").locate(14, 5);
        assert_eq!(l.line_text, "Trigger: x\\u{1b}]0;pwned\\u{7}");
        assert_eq!((l.column, l.quote_column, l.len), (15, 20, 5));
        assert!(l.to_string().ends_with(&format!("{}^^^^^", " ".repeat(19))));
        assert_eq!(
            escape_controls("\x1b]0;pwned\x07 \x1b[2J\r\u{9b}\u{7f}\u{202e}"),
            "\\u{1b}]0;pwned\\u{7} \\u{1b}[2J\\u{d}\\u{9b}\\u{7f}\\u{202e}"
        );
    }
}
