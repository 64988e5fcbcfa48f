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
}
