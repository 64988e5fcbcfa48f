//! Conditions on traits: a small predicate language over the facts of a hit.
//!
//! A condition is one or more alternatives joined by `or`; each alternative is one or more
//! literals joined by `and` (or a comma); a literal is a fact, optionally negated with
//! `No` or `Not`. Any word that is not a built-in fact is an attack keyword, so designers
//! add keyword conditions (`Fear`, `Not Radiant`) without code.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::model::{Hit, Keyword};

/// The level from which an attacker counts as Paragon.
pub const PARAGON_LEVEL: u32 = 11;
/// The level from which an attacker counts as Epic.
pub const EPIC_LEVEL: u32 = 21;

/// Something true or false of a hit.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Fact {
    /// The attacker has combat advantage.
    Advantage,
    /// A critical hit.
    Critical,
    /// Ongoing damage.
    Ongoing,
    /// A silvered weapon or implement.
    Silvered,
    /// An attacker of level 21 or higher.
    Epic,
    /// An attacker of level 11 or higher.
    Paragon,
    /// A burst or blast.
    Area,
    /// An attack (false for environmental damage).
    Attack,
    /// The hit carries this keyword (its damage types count).
    Keyword(Keyword),
}

impl Fact {
    /// Whether the fact holds for `hit`. Environmental damage has no attacker, so every
    /// attacker fact is false for it.
    pub fn holds(&self, hit: &Hit) -> bool {
        let attack = hit.attack();
        let level = attack.and_then(|a| a.attacker_level).unwrap_or(0);
        match self {
            Self::Advantage => attack.is_some_and(|a| a.advantage),
            Self::Critical => attack.is_some_and(|a| a.critical),
            Self::Silvered => attack.is_some_and(|a| a.silvered),
            Self::Area => attack.is_some_and(|a| a.area),
            Self::Epic => level >= EPIC_LEVEL,
            Self::Paragon => level >= PARAGON_LEVEL,
            Self::Attack => attack.is_some(),
            Self::Ongoing => hit.ongoing,
            Self::Keyword(k) => hit.has_keyword(k),
        }
    }

    fn name(&self) -> String {
        match self {
            Self::Advantage => "Advantage".into(),
            Self::Critical => "Critical".into(),
            Self::Ongoing => "Ongoing".into(),
            Self::Silvered => "Silvered".into(),
            Self::Epic => "Epic".into(),
            Self::Paragon => "Paragon".into(),
            Self::Area => "burst/blast".into(),
            Self::Attack => "Attack".into(),
            Self::Keyword(k) => k.to_string(),
        }
    }
}

/// A fact or its negation.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Literal {
    /// Written with `No` or `Not`.
    pub negated: bool,
    /// The fact.
    pub fact: Fact,
}

impl Literal {
    fn holds(&self, hit: &Hit) -> bool {
        self.fact.holds(hit) != self.negated
    }
}

impl fmt::Display for Literal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.negated, &self.fact) {
            (false, fact) => f.write_str(&fact.name()),
            (true, Fact::Advantage) => f.write_str("No Advantage"),
            (true, Fact::Area) => f.write_str("no burst/blast"),
            (true, fact) => write!(f, "Not {}", fact.name()),
        }
    }
}

/// A condition: alternatives (`or`) of conjunctions (`and`) of literals.
///
/// ```
/// use fray::damage::{AttackFacts, Hit, Predicate};
/// let no_advantage: Predicate = "No Advantage".parse().unwrap();
/// assert!(no_advantage.holds(&Hit::new(10, [])));
/// assert!(!no_advantage.holds(&Hit::new(10, []).by(AttackFacts::default().with_advantage())));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Predicate {
    alternatives: Vec<Vec<Literal>>,
}

impl Predicate {
    /// A single literal.
    pub fn literal(fact: Fact, negated: bool) -> Self {
        Self {
            alternatives: vec![vec![Literal { negated, fact }]],
        }
    }

    /// The fact, not negated.
    pub fn is(fact: Fact) -> Self {
        Self::literal(fact, false)
    }

    /// The fact, negated.
    pub fn not(fact: Fact) -> Self {
        Self::literal(fact, true)
    }

    /// Whether the condition is met by `hit`.
    pub fn holds(&self, hit: &Hit) -> bool {
        self.alternatives
            .iter()
            .any(|all| all.iter().all(|lit| lit.holds(hit)))
    }

    /// Every literal, for tools that list what a condition asks about.
    pub fn literals(&self) -> impl Iterator<Item = &Literal> {
        self.alternatives.iter().flatten()
    }
}

impl fmt::Display for Predicate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, all) in self.alternatives.iter().enumerate() {
            if i > 0 {
                f.write_str(" or ")?;
            }
            for (j, lit) in all.iter().enumerate() {
                if j > 0 {
                    f.write_str(" and ")?;
                }
                write!(f, "{lit}")?;
            }
        }
        Ok(())
    }
}

/// Why a condition could not be read: what, and where (a byte range of the text).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PredicateError {
    /// Byte offset of the bad part in the condition text.
    pub offset: usize,
    /// Byte length of the bad part (at least 1).
    pub len: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

/// A word of a condition and where it starts.
#[derive(Debug, Clone, Copy)]
struct Word<'a> {
    text: &'a str,
    offset: usize,
}

fn words(text: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        let separator = c.is_whitespace() || c == ',';
        match (start, separator) {
            (Some(s), true) => {
                out.push(Word {
                    text: &text[s..i],
                    offset: s,
                });
                start = None;
            }
            (None, false) => start = Some(i),
            _ => {}
        }
        if c == ',' {
            out.push(Word {
                text: ",",
                offset: i,
            });
        }
    }
    out
}

impl FromStr for Predicate {
    type Err = PredicateError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let words = words(text);
        if words.is_empty() {
            return Err(PredicateError {
                offset: 0,
                len: text.len().max(1),
                message:
                    "empty condition: expected a fact such as Advantage, Not Silvered or a keyword"
                        .into(),
            });
        }
        let mut alternatives = vec![Vec::new()];
        let mut i = 0;
        while i < words.len() {
            let (literal, next) = literal(&words, i)?;
            if let Some(all) = alternatives.last_mut() {
                all.push(literal);
            }
            i = next;
            match words.get(i).map(|w| w.text.to_ascii_lowercase()) {
                None => break,
                Some(joiner) if joiner == "or" => alternatives.push(Vec::new()),
                Some(joiner) if joiner == "and" || joiner == "," => {}
                Some(_) => {
                    return Err(at(
                        words[i],
                        "expected `and`, `or` or the end of the condition",
                    ));
                }
            }
            i += 1;
            if i == words.len() {
                return Err(at(words[i - 1], "expected a fact after this"));
            }
        }
        Ok(Self { alternatives })
    }
}

fn at(word: Word<'_>, message: &str) -> PredicateError {
    PredicateError {
        offset: word.offset,
        len: word.text.len().max(1),
        message: format!("`{}`: {message}", word.text),
    }
}

/// Reads one literal starting at word `i`; returns it and the index after it.
fn literal(words: &[Word<'_>], mut i: usize) -> Result<(Literal, usize), PredicateError> {
    let lower = |w: &Word<'_>| w.text.to_ascii_lowercase();
    let mut negated = matches!(lower(&words[i]).as_str(), "no" | "not");
    if negated {
        i += 1;
        if i == words.len() {
            return Err(at(words[i - 1], "expected a fact after the negation"));
        }
    }
    let phrase: Vec<String> = words[i..].iter().take(3).map(lower).collect();
    let phrase: Vec<&str> = phrase.iter().map(String::as_str).collect();
    let (fact, used) = match phrase.as_slice() {
        ["burst", "or", "blast", ..] | ["blast", "or", "burst", ..] => (Fact::Area, 3),
        ["combat", "advantage", ..] => (Fact::Advantage, 2),
        ["critical", "hit", ..] => (Fact::Critical, 2),
        ["ongoing", "damage", ..] => (Fact::Ongoing, 2),
        ["environmental", ..] => {
            negated = !negated;
            (Fact::Attack, 1)
        }
        _ => (single_fact(phrase[0], words[i])?, 1),
    };
    Ok((Literal { negated, fact }, i + used))
}

fn single_fact(word: &str, at_word: Word<'_>) -> Result<Fact, PredicateError> {
    Ok(match word {
        "advantage" | "ca" => Fact::Advantage,
        "critical" | "crit" => Fact::Critical,
        "ongoing" => Fact::Ongoing,
        "silvered" | "silver" => Fact::Silvered,
        "epic" => Fact::Epic,
        "paragon" => Fact::Paragon,
        "burst/blast" | "blast/burst" | "burst" | "blast" | "area" => Fact::Area,
        "attack" => Fact::Attack,
        "and" | "or" | "," | "no" | "not" => {
            return Err(at(
                at_word,
                "expected a fact such as Advantage, Critical or a keyword",
            ));
        }
        keyword
            if keyword
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') =>
        {
            Fact::Keyword(Keyword::new(keyword))
        }
        _ => {
            return Err(at(
                at_word,
                "expected a fact (Advantage, Critical, Ongoing, Silvered, Epic, Paragon, burst/blast) or a one-word keyword",
            ));
        }
    })
}

impl TryFrom<String> for Predicate {
    type Error = PredicateError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Predicate> for String {
    fn from(p: Predicate) -> Self {
        p.to_string()
    }
}

/// A hint when a keyword looks like a misspelt built-in fact.
pub fn near_miss(word: &str) -> Option<&'static str> {
    const FACTS: [&str; 7] = [
        "advantage",
        "critical",
        "ongoing",
        "silvered",
        "epic",
        "paragon",
        "burst/blast",
    ];
    let lower = word.to_ascii_lowercase();
    FACTS
        .into_iter()
        .find(|f| *f != lower && crate::text::edit_distance(f, &lower) <= 2)
}
