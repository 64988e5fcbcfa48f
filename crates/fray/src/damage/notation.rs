//! The stat-block notation of traits, as designers write it: `Resist 10 Fire`,
//! `Vulnerable All 5 (Critical)`, `Damage Immune: Poison`, `Swarm`...
//!
//! Items are separated by `;` or new lines and read case-insensitively. Parsing never
//! stops at the first problem: every bad item is reported, each with its line, column
//! and what was expected. Damage type names that are probably typos of built-in ones are
//! accepted (as custom types) but produce warnings.
//!
//! A `Conditions: Sometimes, Underwater` item declares condition names of the designer's
//! own, usable in any `(condition)` and as a nondamage immunity's keyword anywhere in the
//! block; any other unknown word in a condition or keyword is an error (see
//! [`super::Vocabulary`]).

use std::fmt;

use super::model::{
    BUILT_IN_TYPES, DamageType, Keyword, Limit, Template, TypeNameError, TypeSelector,
};
use super::predicate::{Fact, Predicate, Vocabulary};
use super::print::capital;
pub use super::print::{show_condition_immunity, show_resistance, show_vulnerability};
use super::traits::{
    ConditionImmunity, DamageImmunity, DamageTrigger, ImmunityTarget, NondamageImmunity,
    Resistance, Trait, Vulnerability,
};
use crate::character::CharacterCondition;
use crate::text::{LineIndex, closest};

/// The largest limit accepted, so arithmetic on limits never overflows.
pub const MAX_LIMIT: u32 = 1_000_000_000;

/// A problem in a stat block, located for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    /// 1-based line of the stat block.
    pub line: usize,
    /// 1-based column (in characters) where the bad part starts.
    pub column: usize,
    /// How many characters of `line_text` the bad part spans (its length, as far as
    /// the quoted window shows it).
    pub len: usize,
    /// The line to quote, or a window of it around the bad part (see
    /// [`crate::text::Location::line_text`]).
    pub line_text: String,
    /// Where the bad part starts within `line_text` (1-based), for the caret.
    pub quote_column: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )?;
        crate::text::write_quote(f, &self.line_text, self.quote_column, self.len)
    }
}

/// Every problem found in a stat block.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct NotationErrors(pub Vec<NotationError>);

impl fmt::Display for NotationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

/// A stat block read in full: the traits, the errors, and the warnings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StatBlock {
    /// The traits read, in order (items with errors are left out).
    pub traits: Vec<Trait>,
    /// Items that could not be read.
    pub errors: Vec<NotationError>,
    /// Items read with a doubt (a probable typo).
    pub warnings: Vec<NotationError>,
    /// Every declared condition: those given by the caller, then the block's own
    /// `Conditions:` items. A hit meets them through [`super::Hit::met`].
    pub declared: Vec<Keyword>,
}

/// Reads a stat block, refusing it if any item is bad.
///
/// ```
/// use fray::damage::parse_traits;
/// let traits = parse_traits("Resist 10 Fire; Vulnerable Cold (Advantage)\nSwarm").unwrap();
/// assert_eq!(traits.len(), 3);
/// let err = parse_traits("Damage Immune: All").unwrap_err();
/// assert!(err.to_string().contains("column 16"));
/// ```
pub fn parse_traits(text: &str) -> Result<Vec<Trait>, NotationErrors> {
    let block = parse_stat_block(text);
    if block.errors.is_empty() {
        Ok(block.traits)
    } else {
        Err(NotationErrors(block.errors))
    }
}

/// Reads a stat block, keeping whatever could be read and every problem.
pub fn parse_stat_block(text: &str) -> StatBlock {
    parse_stat_block_with(text, &Vocabulary::default())
}

/// Reads a stat block whose conditions may also use the names `declared` already holds
/// (for example from `fray damage --declare`). The block's own `Conditions:` items are
/// read first, so a declaration counts wherever it stands.
pub fn parse_stat_block_with(text: &str, declared: &Vocabulary) -> StatBlock {
    let mut block = StatBlock::default();
    let mut reader = Reader {
        source: text,
        lines: LineIndex::new(text),
        warnings: Vec::new(),
        vocabulary: declared.clone(),
    };
    let mut rest = Vec::new();
    for (offset, item) in items(text) {
        match reader.declaration(offset, item) {
            None => rest.push((offset, item)),
            Some(Ok(())) => {}
            Some(Err(e)) => block.errors.push(e),
        }
    }
    for (offset, item) in rest {
        match reader.item(offset, item) {
            Ok(traits) => block.traits.extend(traits),
            Err(e) => block.errors.push(e),
        }
    }
    block.errors.sort_by_key(|e| (e.line, e.column));
    block.warnings = reader.warnings;
    block.declared = reader.vocabulary.declared().to_vec();
    block
}

/// The non-blank items of a stat block with their byte offsets.
fn items(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut start = 0;
    text.char_indices()
        .chain(std::iter::once((text.len(), '\n')))
        .filter_map(move |(i, c)| {
            if c != ';' && c != '\n' {
                return None;
            }
            let item = &text[start..i];
            let offset = start;
            start = i + c.len_utf8();
            let trimmed = item.trim_start();
            let lead = item.len() - trimmed.len();
            (!trimmed.trim().is_empty()).then(|| (offset + lead, trimmed.trim_end()))
        })
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Tok<'a> {
    Word(&'a str),
    Number(&'a str),
    Colon,
    Comma,
    /// A parenthesised part: its inside text.
    Group(&'a str),
}

#[derive(Debug, Clone, Copy)]
struct Token<'a> {
    tok: Tok<'a>,
    /// Byte offset in the whole stat block.
    at: usize,
    /// Byte length.
    len: usize,
}

struct Reader<'s> {
    source: &'s str,
    lines: LineIndex<'s>,
    warnings: Vec<NotationError>,
    vocabulary: Vocabulary,
}

type Item<T> = Result<T, NotationError>;

impl<'s> Reader<'s> {
    fn error(&self, at: usize, len: usize, message: impl Into<String>) -> NotationError {
        let place = self.lines.locate(at, len);
        NotationError {
            line: place.line,
            column: place.column,
            len: place.len,
            line_text: place.line_text,
            quote_column: place.quote_column,
            message: message.into(),
        }
    }

    fn warn(&mut self, token: Token<'_>, message: String) {
        let w = self.error(token.at, token.len, message);
        self.warnings.push(w);
    }

    fn tokens(&self, offset: usize, item: &'s str) -> Item<Vec<Token<'s>>> {
        let mut out = Vec::new();
        let mut chars = item.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            let at = offset + i;
            let single = |tok| Token { tok, at, len: 1 };
            match c {
                c if c.is_whitespace() => {}
                ':' => out.push(single(Tok::Colon)),
                ',' => out.push(single(Tok::Comma)),
                '(' => {
                    let Some(close) = item[i..].find(')') else {
                        return Err(self.error(
                            at,
                            1,
                            "this parenthesis is never closed: expected `)`",
                        ));
                    };
                    let inside = &item[i + 1..i + close];
                    out.push(Token {
                        tok: Tok::Group(inside),
                        at,
                        len: close + 1,
                    });
                    while chars.next_if(|(j, _)| *j <= i + close).is_some() {}
                }
                ')' => return Err(self.error(at, 1, "`)` without a matching `(`")),
                _ => {
                    let mut end = i + c.len_utf8();
                    while let Some((j, d)) =
                        chars.next_if(|(_, d)| !d.is_whitespace() && !":,()".contains(*d))
                    {
                        end = j + d.len_utf8();
                    }
                    let text = &item[i..end];
                    let tok = if text.chars().all(|d| d.is_ascii_digit()) {
                        Tok::Number(text)
                    } else {
                        Tok::Word(text)
                    };
                    out.push(Token {
                        tok,
                        at,
                        len: end - i,
                    });
                }
            }
        }
        Ok(out)
    }

    /// A `Conditions: NAME, NAME` item declares names; `None` for any other item.
    fn declaration(&mut self, offset: usize, item: &'s str) -> Option<Item<()>> {
        let tokens = match self.tokens(offset, item) {
            Ok(tokens) => tokens,
            Err(_) => return None,
        };
        let head = tokens.first()?;
        match head.tok {
            Tok::Word(w) if w.eq_ignore_ascii_case("conditions") => {}
            _ => return None,
        }
        Some((|| {
            let rest = self.after_colon(&tokens[1..], &tokens[..1], "Conditions: Underwater")?;
            for (w, token) in self.word_list(rest, "a condition name")? {
                self.vocabulary
                    .declare(w)
                    .map_err(|why| self.error(token.at, token.len, why.message))?;
            }
            Ok(())
        })())
    }

    fn item(&mut self, offset: usize, item: &'s str) -> Item<Vec<Trait>> {
        let tokens = self.tokens(offset, item)?;
        let words: Vec<String> = tokens
            .iter()
            .take(2)
            .map(|t| match t.tok {
                Tok::Word(w) => w.to_ascii_lowercase(),
                _ => String::new(),
            })
            .collect();
        let first = tokens[0];
        let pair = |a: &str, b: &[&str]| {
            words.first().is_some_and(|w| w == a)
                && words.get(1).is_some_and(|w| b.contains(&w.as_str()))
        };
        let immune = ["immune", "immunity"];
        if pair("damage", &immune) {
            return self.damage_immunity(&tokens[2..], &tokens[..2]);
        }
        if pair("condition", &immune) {
            return self.condition_immunity(&tokens[2..], &tokens[..2]);
        }
        if pair("nondamage", &immune) || pair("non-damage", &immune) {
            return self.nondamage_immunity(&tokens[2..], &tokens[..2]);
        }
        if pair("damage", &["trigger"]) {
            return self
                .damage_trigger(item, offset, &tokens[2..], &tokens[..2])
                .map(|t| vec![t]);
        }
        match words[0].as_str() {
            "resist" | "resistance" => {
                self.resistance(&tokens[1..], first)
                    .map(|(types, limit, condition)| {
                        vec![Trait::Resist(Resistance {
                            types,
                            limit,
                            condition,
                            origin: None,
                        })]
                    })
            }
            "vulnerable" | "vulnerability" => {
                self.resistance(&tokens[1..], first)
                    .map(|(types, limit, condition)| {
                        vec![Trait::Vulnerable(Vulnerability {
                            types,
                            limit,
                            condition,
                            origin: None,
                        })]
                    })
            }
            "immune" => self.damage_immunity(&tokens[1..], &tokens[..1]),
            "insubstantial" | "swarm" | "regiment" => self.template(&words[0], &tokens),
            _ => Err(self.unknown_trait(first)),
        }
    }

    fn unknown_trait(&self, first: Token<'_>) -> NotationError {
        const TRAITS: [&str; 10] = [
            "conditions",
            "resist",
            "vulnerable",
            "damage",
            "condition",
            "nondamage",
            "immune",
            "insubstantial",
            "swarm",
            "regiment",
        ];
        let word = &self.source[first.at..first.at + first.len];
        let hint = closest(word, TRAITS)
            .map(|c| format!(" (did you mean `{c}`?)"))
            .unwrap_or_default();
        self.error(
            first.at,
            first.len,
            format!("`{word}` does not start a trait{hint}: expected Resist, Vulnerable, Damage Immune:, Condition Immune:, Nondamage Immune:, Damage Trigger, Insubstantial, Swarm, Regiment, or a Conditions: declaration"),
        )
    }

    fn template(&self, word: &str, tokens: &[Token<'_>]) -> Item<Vec<Trait>> {
        if let Some(extra) = tokens.get(1) {
            return Err(self.error(
                extra.at,
                extra.len,
                format!(
                    "a template stands alone: expected nothing after `{}`",
                    self.text(tokens[0])
                ),
            ));
        }
        let template = match word {
            "insubstantial" => Template::Insubstantial,
            "swarm" => Template::Swarm,
            _ => Template::Regiment,
        };
        Ok(vec![Trait::Template { template }])
    }

    /// `TYPE [LIMIT] [(COND)]`, `LIMIT TYPE [(COND)]`, or `TYPE (LIMIT) (COND)`.
    fn resistance(
        &mut self,
        rest: &[Token<'s>],
        head: Token<'_>,
    ) -> Item<(TypeSelector, Option<Limit>, Option<Predicate>)> {
        let mut types = None;
        let mut limit = None;
        let mut condition = None;
        for token in rest {
            match token.tok {
                Tok::Number(n) if limit.is_none() && condition.is_none() => {
                    limit = Some(self.limit(n, *token)?)
                }
                Tok::Group(inside)
                    if looks_numeric(inside) && limit.is_none() && condition.is_none() =>
                {
                    limit = Some(self.limit(inside.trim(), *token)?);
                }
                // `-1`, `+5`, `2.5`: a number the notation cannot take; say which it can.
                Tok::Word(w) if looks_numeric(w) && limit.is_none() && condition.is_none() => {
                    limit = Some(self.limit(w, *token)?);
                }
                Tok::Word(w) if types.is_none() => types = Some(self.selector(w, *token)?),
                Tok::Group(inside) if condition.is_none() && types.is_some() => {
                    condition = Some(self.condition(inside, *token)?);
                }
                _ => {
                    let expected = if types.is_none() {
                        "a damage type (or All, Non-physical)"
                    } else if condition.is_none() {
                        "a limit or a (condition)"
                    } else {
                        "the end of the trait"
                    };
                    return Err(self.error(
                        token.at,
                        token.len,
                        format!("unexpected `{}`: expected {expected}", self.text(*token)),
                    ));
                }
            }
        }
        let Some(types) = types else {
            let end = rest.last().map_or(head.at + head.len, |t| t.at + t.len);
            return Err(self.error(
                end,
                1,
                format!(
                    "`{}` needs a damage type: expected e.g. `{} Fire 5`",
                    self.text(head),
                    capital(self.text(head))
                ),
            ));
        };
        Ok((types, limit, condition))
    }

    fn text(&self, t: Token<'_>) -> &'s str {
        &self.source[t.at..t.at + t.len]
    }

    /// A limit in `0..=MAX_LIMIT`, written as plain digits; anything else (a sign, a
    /// fraction, too many digits) is refused with the range.
    fn limit(&self, digits: &str, token: Token<'_>) -> Item<Limit> {
        let plain = digits.chars().all(|c| c.is_ascii_digit());
        match digits.parse::<u32>() {
            Ok(v) if plain && v <= MAX_LIMIT => Ok(Limit(v)),
            _ => Err(self.error(
                token.at,
                token.len,
                format!(
                    "limit `{digits}` is {}: expected a whole number from 0 to {MAX_LIMIT}",
                    if plain {
                        "too large"
                    } else {
                        "not a whole number"
                    }
                ),
            )),
        }
    }

    fn selector(&mut self, word: &str, token: Token<'_>) -> Item<TypeSelector> {
        let selector: TypeSelector = word
            .parse()
            .map_err(|e: TypeNameError| self.error(token.at, token.len, e.to_string()))?;
        if let TypeSelector::Only(t) = &selector {
            self.check_custom(t, token);
        }
        Ok(selector)
    }

    fn damage_type(&mut self, word: &str, token: Token<'_>, what: &str) -> Item<DamageType> {
        let t: DamageType = word.parse().map_err(|e| match e {
            TypeNameError::Selector(s) => self.error(
                token.at,
                token.len,
                format!("`{s}` is not valid for {what}: expected one damage type, such as Poison"),
            ),
            other => self.error(token.at, token.len, other.to_string()),
        })?;
        self.check_custom(&t, token);
        Ok(t)
    }

    fn check_custom(&mut self, t: &DamageType, token: Token<'_>) {
        if t.is_built_in() {
            return;
        }
        if let Some(near) = closest(t.name(), BUILT_IN_TYPES.iter().map(DamageType::name)) {
            self.warn(token, format!("`{}` is not a built-in damage type and is read as a custom type; did you mean `{near}`?", t.name()));
        }
    }

    fn condition(&mut self, inside: &str, token: Token<'_>) -> Item<Predicate> {
        if inside.trim().is_empty() {
            return Err(self.error(
                token.at,
                token.len,
                "empty condition: expected a fact such as Advantage, Not Silvered or a keyword",
            ));
        }
        let predicate: Predicate = Predicate::parse_with(inside, &self.vocabulary).map_err(
            |e: super::predicate::PredicateError| {
                self.error(
                    token.at + 1 + e.offset,
                    e.len,
                    format!("in the condition: {}", e.message),
                )
            },
        )?;
        for lit in predicate.literals() {
            if let Fact::Keyword(k) = &lit.fact
                && let Some(near) = super::predicate::near_miss(k.as_str())
            {
                self.warn(
                    token,
                    format!(
                        "`{}` is read as an attack keyword; did you mean `{near}`?",
                        k.as_str()
                    ),
                );
            }
        }
        Ok(predicate)
    }

    /// Skips an optional `:` after the trait's name; refuses a trait with nothing after it.
    fn after_colon<'t>(
        &self,
        rest: &'t [Token<'s>],
        head: &[Token<'_>],
        example: &str,
    ) -> Item<&'t [Token<'s>]> {
        let (last, rest) = match rest.split_first() {
            Some((
                colon @ Token {
                    tok: Tok::Colon, ..
                },
                after,
            )) => (*colon, after),
            _ => (head[head.len() - 1], rest),
        };
        if rest.is_empty() {
            let name = head
                .iter()
                .map(|t| self.text(*t))
                .collect::<Vec<_>>()
                .join(" ");
            return Err(self.error(
                last.at + last.len,
                1,
                format!("`{name}` needs what it applies to: expected e.g. `{example}`"),
            ));
        }
        Ok(rest)
    }

    /// Comma-separated words (each list entry one word; `and` also separates).
    fn word_list<'t>(
        &self,
        rest: &'t [Token<'s>],
        expected: &str,
    ) -> Item<Vec<(&'s str, Token<'s>)>> {
        let mut out = Vec::new();
        let mut want_word = true;
        for token in rest {
            match (token.tok, want_word) {
                (Tok::Word(w), true) => {
                    out.push((w, *token));
                    want_word = false;
                }
                (Tok::Comma, false) => want_word = true,
                (Tok::Word(w), false) if w.eq_ignore_ascii_case("and") => want_word = true,
                _ => {
                    return Err(self.error(
                        token.at,
                        token.len,
                        format!("unexpected `{}`: expected {expected}", self.text(*token)),
                    ));
                }
            }
        }
        if want_word {
            let last = rest[rest.len() - 1];
            return Err(self.error(
                last.at + last.len,
                1,
                format!("expected {expected} after this"),
            ));
        }
        Ok(out)
    }

    fn damage_immunity(&mut self, rest: &[Token<'s>], head: &[Token<'_>]) -> Item<Vec<Trait>> {
        let rest = self.after_colon(rest, head, "Damage Immune: Poison")?;
        self.word_list(rest, "a damage type")?
            .into_iter()
            .map(|(w, token)| {
                let damage_type = self.damage_type(w, token, "a damage immunity")?;
                Ok(Trait::DamageImmune(DamageImmunity { damage_type }))
            })
            .collect()
    }

    fn nondamage_immunity(&mut self, rest: &[Token<'s>], head: &[Token<'_>]) -> Item<Vec<Trait>> {
        let rest = self.after_colon(rest, head, "Nondamage Immune: Charm")?;
        self.word_list(rest, "a keyword")?
            .into_iter()
            .map(|(w, token)| {
                // (damage, Nondamage Immunity): the keyword is an attack keyword; an
                // unknown one would silently never match, so it must be known or declared.
                if !super::predicate::is_known_keyword(w) && !self.vocabulary.is_declared(w) {
                    return Err(self.error(
                        token.at,
                        token.len,
                        self.vocabulary.unknown_keyword(w),
                    ));
                }
                Ok(Trait::NondamageImmune(NondamageImmunity {
                    keyword: Keyword::new(w),
                }))
            })
            .collect()
    }

    /// `Condition Immune: NAME[, NAME...] [(COND)]`; `forced movement` is one name.
    fn condition_immunity(&mut self, rest: &[Token<'s>], head: &[Token<'_>]) -> Item<Vec<Trait>> {
        let rest = self.after_colon(rest, head, "Condition Immune: Stunned")?;
        let (names, condition) = match rest.split_last() {
            Some((
                Token {
                    tok: Tok::Group(inside),
                    at,
                    len,
                },
                names,
            )) if !names.is_empty() => (
                names,
                Some(self.condition(
                    inside,
                    Token {
                        tok: Tok::Group(inside),
                        at: *at,
                        len: *len,
                    },
                )?),
            ),
            _ => (rest, None),
        };
        let mut targets = Vec::new();
        let mut i = 0;
        while i < names.len() {
            let token = names[i];
            let word = self.text(token).to_ascii_lowercase();
            let next = names.get(i + 1).map(|t| self.text(*t).to_ascii_lowercase());
            if word == "forced" && next.as_deref() == Some("movement") {
                targets.push(ImmunityTarget::ForcedMovement);
                i += 2;
            } else if matches!(token.tok, Tok::Word(_)) && word != "and" {
                let c: CharacterCondition =
                    word.parse()
                        .map_err(|e: crate::character::UnknownCondition| {
                            let hint = closest(
                                &word,
                                CharacterCondition::ALL
                                    .iter()
                                    .map(|c| c.name())
                                    .chain(["forced"]),
                            )
                            .map(|c| format!(" (did you mean `{c}`?)"))
                            .unwrap_or_default();
                            self.error(
                                token.at,
                                token.len,
                                format!("{e}{hint}, or forced movement"),
                            )
                        })?;
                targets.push(ImmunityTarget::Condition(c));
                i += 1;
            } else if matches!(token.tok, Tok::Comma) || word == "and" {
                i += 1;
            } else {
                return Err(self.error(
                    token.at,
                    token.len,
                    format!(
                        "unexpected `{}`: expected a condition name or a (condition)",
                        self.text(token)
                    ),
                ));
            }
        }
        if targets.is_empty() {
            let t = rest[0];
            return Err(self.error(
                t.at,
                t.len,
                "expected a condition name, such as Stunned, or Forced Movement",
            ));
        }
        Ok(targets
            .into_iter()
            .map(|target| {
                Trait::ConditionImmune(ConditionImmunity {
                    target,
                    condition: condition.clone(),
                    origin: None,
                })
            })
            .collect())
    }

    /// `Damage Trigger TYPE: EFFECT TEXT`.
    fn damage_trigger(
        &mut self,
        item: &str,
        offset: usize,
        rest: &[Token<'s>],
        head: &[Token<'_>],
    ) -> Item<Trait> {
        let Some(first) = rest.first() else {
            let last = head[1];
            return Err(self.error(last.at + last.len, 1, "`Damage Trigger` needs a damage type and an effect: expected e.g. `Damage Trigger Cold: slowed until the end of its next turn`"));
        };
        let Tok::Word(w) = first.tok else {
            return Err(self.error(
                first.at,
                first.len,
                "expected a damage type after `Damage Trigger`",
            ));
        };
        let types = self.selector(w, *first)?;
        let colon = rest.get(1).filter(|t| t.tok == Tok::Colon).ok_or_else(|| {
            let at = rest.get(1).copied().unwrap_or(*first);
            self.error(
                at.at + if rest.len() > 1 { 0 } else { at.len },
                1,
                "expected `:` and the effect after the damage type",
            )
        })?;
        let effect = item[colon.at + 1 - offset..].trim();
        if effect.is_empty() {
            return Err(self.error(colon.at, 1, "expected the effect after `:`"));
        }
        Ok(Trait::DamageTrigger(DamageTrigger {
            types,
            effect: effect.to_string(),
        }))
    }
}

/// Text that starts like a number (`5`, `-1`, `+5`, `2.5`): where a limit may stand, it
/// is read as one (and checked), never as a damage type or condition.
fn looks_numeric(text: &str) -> bool {
    let t = text.trim();
    let t = t.strip_prefix(['-', '+']).unwrap_or(t);
    t.starts_with(|c: char| c.is_ascii_digit())
}
