//! Conditions on traits: a small predicate language over the facts of a hit.
//!
//! A condition is one or more alternatives joined by `or`; each alternative is one or more
//! literals joined by `and` (or a comma); a literal is a fact, optionally negated with
//! `No` or `Not`. A fact is a built-in fact (`Advantage`, `Critical`...), a damage type or
//! a known attack keyword ([`KNOWN_KEYWORDS`]) read as a keyword of the hit, or a
//! condition the designer declared ([`Vocabulary`]). Any other word is refused, naming the
//! word and what is known, so a typo never becomes a condition that is silently never met.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::model::{BUILT_IN_TYPES, DamageType, Hit, Keyword};
use crate::request::Refusal;
use crate::text::closest;

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
    /// A condition the designer declared: it holds when the caller marks it met for the
    /// hit ([`Hit::met`]), or when the hit carries it as a keyword or damage type.
    Declared(Keyword),
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
            Self::Declared(k) => hit.met.contains(k) || hit.has_keyword(k),
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
            Self::Keyword(k) | Self::Declared(k) => k.to_string(),
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

    /// Reads a condition with no declared names: see [`Predicate::parse_with`].
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::parse_with(text, &Vocabulary::default())
    }
}

impl Predicate {
    /// Reads a condition, knowing the names `vocabulary` declares besides the built-in
    /// facts, the damage types and the known attack keywords. An unknown word is refused
    /// with its place, a "did you mean" hint and the list of what is known.
    pub fn parse_with(text: &str, vocabulary: &Vocabulary) -> Result<Self, PredicateError> {
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
            let (literal, next) = literal(&words, i, vocabulary)?;
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
fn literal(
    words: &[Word<'_>],
    mut i: usize,
    vocabulary: &Vocabulary,
) -> Result<(Literal, usize), PredicateError> {
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
        _ => (single_fact(phrase[0], words[i], vocabulary)?, 1),
    };
    Ok((Literal { negated, fact }, i + used))
}

fn single_fact(
    word: &str,
    at_word: Word<'_>,
    vocabulary: &Vocabulary,
) -> Result<Fact, PredicateError> {
    if let Some(fact) = built_in_fact(word) {
        return Ok(fact);
    }
    if matches!(word, "and" | "or" | "," | "no" | "not") {
        return Err(at(
            at_word,
            "expected a fact such as Advantage, Critical or a keyword",
        ));
    }
    vocabulary.fact(word).ok_or_else(|| PredicateError {
        offset: at_word.offset,
        len: at_word.text.len().max(1),
        message: vocabulary.unknown(at_word.text),
    })
}

/// The built-in fact a single lower-case word names, if any.
fn built_in_fact(word: &str) -> Option<Fact> {
    Some(match word {
        "advantage" | "ca" => Fact::Advantage,
        "critical" | "crit" => Fact::Critical,
        "ongoing" => Fact::Ongoing,
        "silvered" | "silver" => Fact::Silvered,
        "epic" => Fact::Epic,
        "paragon" => Fact::Paragon,
        "burst/blast" | "blast/burst" | "burst" | "blast" | "area" => Fact::Area,
        "attack" => Fact::Attack,
        _ => return None,
    })
}

/// The facts as a condition writes them, for messages.
pub const FACT_NAMES: [&str; 9] = [
    "Advantage",
    "Critical",
    "Ongoing",
    "Silvered",
    "Epic",
    "Paragon",
    "burst/blast",
    "Attack",
    "environmental",
];

/// Attack keywords fray knows without a declaration: the three the text names (damage,
/// Nondamage Immunity: Fear, Charm, Gaze) and the other common keywords of 4th-edition
/// powers (sources, ranges, effect kinds). Damage types count as keywords too. Any other
/// keyword is a condition a designer declares ([`Vocabulary`]).
pub const KNOWN_KEYWORDS: [&str; 28] = [
    "fear",
    "charm",
    "gaze",
    "arcane",
    "aura",
    "beast",
    "close",
    "conjuration",
    "divine",
    "healing",
    "illusion",
    "implement",
    "invigorating",
    "martial",
    "melee",
    "polymorph",
    "primal",
    "psionic",
    "ranged",
    "rattling",
    "reliable",
    "shadow",
    "sleep",
    "stance",
    "summoning",
    "teleportation",
    "weapon",
    "zone",
];

/// Whether `word` (any case) is a known attack keyword or a built-in damage type, the
/// keywords every hit may carry without a declaration.
pub fn is_known_keyword(word: &str) -> bool {
    let lower = word.trim().to_ascii_lowercase();
    KNOWN_KEYWORDS.contains(&lower.as_str()) || BUILT_IN_TYPES.iter().any(|t| t.name() == lower)
}

/// The lower-case form of `name` if it may be declared: one word, with no meaning yet.
fn declarable(name: &str) -> Result<String, Refusal> {
    let lower = name.trim().to_ascii_lowercase();
    let word_like = !lower.is_empty()
        && lower.len() <= 40
        && lower.starts_with(|c: char| c.is_ascii_alphabetic())
        && lower
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !word_like {
        return Err(Refusal::new(format!(
            "`{}` cannot be declared: expected one word of letters, digits, `-` or `_`, starting with a letter",
            name.trim()
        )));
    }
    if built_in_fact(&lower).is_some()
        || matches!(
            lower.as_str(),
            "environmental" | "no" | "not" | "and" | "or" | "all" | "non-physical"
        )
        || is_known_keyword(&lower)
    {
        return Err(Refusal::new(format!(
            "`{}` is already known to fray (a fact, a damage type or a known keyword): no need to declare it",
            name.trim()
        )));
    }
    Ok(lower)
}

/// The names conditions may use beyond the built-in ones: the conditions a designer
/// declared (a `Conditions: Sometimes, Underwater` line of a stat block, `--declare` on the
/// command line, or [`Vocabulary::declare`] from code). A declared condition holds for a
/// hit that the caller marks as meeting it ([`Hit::met`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Vocabulary {
    declared: Vec<Keyword>,
    /// Reads any other one-word name as declared: only for data fray wrote itself (serde),
    /// whose names were checked when first read.
    open: bool,
}

impl Vocabulary {
    /// Declares a condition name. Refused when it is not one word or already means
    /// something (a fact, a damage type, a known keyword); declaring twice is harmless.
    pub fn declare(&mut self, name: &str) -> Result<Keyword, Refusal> {
        let lower = declarable(name)?;
        let k = Keyword::new(&lower);
        if !self.declared.contains(&k) {
            self.declared.push(k.clone());
        }
        Ok(k)
    }

    /// The declared names, in the order declared.
    pub fn declared(&self) -> &[Keyword] {
        &self.declared
    }

    /// Whether `name` (any case) was declared.
    pub fn is_declared(&self, name: &str) -> bool {
        self.declared.contains(&Keyword::new(name))
    }

    /// A vocabulary that reads unknown names as declared, for deserializing data.
    fn open() -> Self {
        Self {
            declared: Vec::new(),
            open: true,
        }
    }

    /// The fact a non-built-in lower-case word names: a keyword or a declared condition.
    fn fact(&self, word: &str) -> Option<Fact> {
        if is_known_keyword(word) {
            return Some(Fact::Keyword(Keyword::new(word)));
        }
        if self.is_declared(word) {
            return Some(Fact::Declared(Keyword::new(word)));
        }
        (self.open && declarable(word).is_ok()).then(|| Fact::Declared(Keyword::new(word)))
    }

    /// The message for a keyword that names nothing known: a hint, then what is known
    /// (built-in facts are not keywords, so they are not offered).
    pub fn unknown_keyword(&self, word: &str) -> String {
        let lower = word.to_ascii_lowercase();
        let types: Vec<&str> = BUILT_IN_TYPES.iter().map(DamageType::name).collect();
        let declared: Vec<&str> = self.declared.iter().map(Keyword::as_str).collect();
        let hint = closest(
            &lower,
            types
                .iter()
                .copied()
                .chain(KNOWN_KEYWORDS)
                .chain(declared.iter().copied()),
        )
        .map(|c| format!(" (did you mean `{c}`?)"))
        .unwrap_or_default();
        let declared = if declared.is_empty() {
            "none".to_string()
        } else {
            declared.join(", ")
        };
        format!(
            "`{word}` is not a keyword fray knows{hint}: expected a known attack keyword ({}), a damage type ({}), or a declared condition (declared: {declared}; declare one with a `Conditions: NAME` line)",
            KNOWN_KEYWORDS.join(", "),
            types.join(", "),
        )
    }

    /// The message for a word that names nothing known: a hint, then what is known.
    pub fn unknown(&self, word: &str) -> String {
        let lower = word.to_ascii_lowercase();
        let types: Vec<&str> = BUILT_IN_TYPES.iter().map(DamageType::name).collect();
        let declared: Vec<String> = self
            .declared
            .iter()
            .map(|k| k.as_str().to_string())
            .collect();
        let facts_lower: Vec<String> = FACT_NAMES.iter().map(|f| f.to_ascii_lowercase()).collect();
        let hint = closest(
            &lower,
            facts_lower
                .iter()
                .map(String::as_str)
                .chain(types.iter().copied())
                .chain(KNOWN_KEYWORDS)
                .chain(declared.iter().map(String::as_str)),
        )
        .map(|c| format!(" (did you mean `{c}`?)"))
        .unwrap_or_default();
        let declared = if declared.is_empty() {
            "none".to_string()
        } else {
            declared.join(", ")
        };
        format!(
            "`{word}` is not a condition or keyword fray knows{hint}: expected a fact ({}), a damage type ({}), a known attack keyword ({}), or a declared condition (declared: {declared}; declare one with a `Conditions: NAME` line)",
            FACT_NAMES.join(", "),
            types.join(", "),
            KNOWN_KEYWORDS.join(", "),
        )
    }
}

impl TryFrom<String> for Predicate {
    type Error = PredicateError;
    /// Serialized conditions were checked when first read, and their declarations are not
    /// part of the data: any one-word name that is not built in is read as declared.
    fn try_from(s: String) -> Result<Self, Self::Error> {
        Self::parse_with(&s, &Vocabulary::open())
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
