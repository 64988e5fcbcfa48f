//! Small text helpers for messages to people.

/// Levenshtein distance between two short words, for "did you mean" hints.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
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
#[derive(Debug, Clone)]
pub struct LineIndex<'s> {
    source: &'s str,
    starts: Vec<usize>,
}

/// A place in a text, for people: 1-based line and column (in characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// The whole line, to quote.
    pub line_text: String,
    /// How many characters the located part spans on that line (at least 1).
    pub len: usize,
}

impl<'s> LineIndex<'s> {
    /// Indexes the line starts of `source`.
    pub fn new(source: &'s str) -> Self {
        let starts = std::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Self { source, starts }
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
        let mut stop = (at + len).min(end).max(at);
        while !self.source.is_char_boundary(stop) {
            stop -= 1;
        }
        Location {
            line,
            column: self.source[start..at].chars().count() + 1,
            line_text: self.source[start..end].trim_end_matches('\r').to_string(),
            len: self.source[at..stop].chars().count().max(1),
        }
    }
}

impl std::fmt::Display for Location {
    /// The quoted line with a caret under the located part.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "  | {}", self.line_text)?;
        write!(
            f,
            "  | {}{}",
            " ".repeat(self.column - 1),
            "^".repeat(self.len)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
