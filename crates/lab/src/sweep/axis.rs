//! The values of one axis: `FROM..TO` (both ends included, as `fray evasion-table`
//! reads ranges), `FROM..TO:STEP`, or a comma-separated list. A range's length is
//! counted before any value is made, so `1..1000000000` is refused without allocating.

use std::fmt;

use fray::request::Refusal;
use serde::{Serialize, Serializer};

/// The most values one axis may take.
pub const MAX_AXIS_VALUES: usize = 1000;

/// A value set on a field: whole where the file's field is an integer, else a float.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    /// A TOML integer.
    Int(i64),
    /// A TOML float.
    Float(f64),
}

impl Number {
    /// The value as a float, for charts and interpolation.
    pub fn as_f64(self) -> f64 {
        match self {
            Number::Int(n) => n as f64,
            Number::Float(x) => x,
        }
    }

    /// The value as TOML writes it (a float always has a point or an exponent), also
    /// the text a point's seed is derived from.
    pub fn toml(self) -> String {
        match self {
            Number::Int(n) => n.to_string(),
            Number::Float(x) => format!("{x:?}"),
        }
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Number::Int(n) => write!(f, "{n}"),
            Number::Float(x) => write!(f, "{x}"),
        }
    }
}

/// A number as JSON writes it: whole or not, a JSON number.
impl schemars::JsonSchema for Number {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Number".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "number"})
    }
}

impl Serialize for Number {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Number::Int(n) => s.serialize_i64(*n),
            Number::Float(x) => s.serialize_f64(*x),
        }
    }
}

/// Splits `PATH=RANGE` (the form of `--vary`) at its first `=`.
pub fn split_flag(flag: &str) -> Result<(&str, &str), Refusal> {
    match flag.split_once('=') {
        Some((path, range)) if !path.trim().is_empty() && !range.trim().is_empty() => {
            Ok((path.trim(), range.trim()))
        }
        _ => Err(Refusal::new(format!(
            "`{}`: expected PATH=RANGE, e.g. evasion.b.defense.hp=40..80:10",
            fray::text::escape_controls(flag)
        ))),
    }
}

/// One number of a range or list, whole when the field is.
pub fn number(text: &str, integer: bool) -> Result<Number, Refusal> {
    let t = text.trim();
    let shown = fray::text::escape_controls(t);
    if integer {
        t.parse::<i64>().map(Number::Int).map_err(|_| {
            Refusal::new(format!(
                "`{shown}` is not a whole number (this field is an integer)"
            ))
        })
    } else {
        match t.parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(Number::Float(x)),
            _ => Err(Refusal::new(format!("`{shown}` is not a number"))),
        }
    }
}

/// The values a RANGE names for a field (integer or float), in the order written.
pub fn values(range: &str, integer: bool) -> Result<Vec<Number>, Refusal> {
    let range = range.trim();
    if range.contains(',') {
        let parts: Vec<&str> = range.split(',').collect();
        if parts.len() > MAX_AXIS_VALUES {
            return Err(Refusal::new(format!(
                "{} values: an axis takes at most {MAX_AXIS_VALUES}",
                parts.len()
            )));
        }
        return parts.into_iter().map(|p| number(p, integer)).collect();
    }
    let Some((from, rest)) = range.split_once("..") else {
        return Ok(vec![number(range, integer)?]);
    };
    let (to, step) = match rest.split_once(':') {
        Some((to, step)) => (to, Some(step)),
        None => (rest, None),
    };
    let (from, to) = (number(from, integer)?, number(to, integer)?);
    let step = match step {
        Some(s) => number(s, integer)?,
        None if integer => Number::Int(1),
        None => Number::Float(1.0),
    };
    if step.as_f64() <= 0.0 {
        return Err(Refusal::new(format!(
            "the step is {step}: expected more than 0"
        )));
    }
    if from.as_f64() > to.as_f64() {
        return Err(Refusal::new(format!(
            "{from}..{to}: expected FROM no greater than TO"
        )));
    }
    match (from, to, step) {
        (Number::Int(a), Number::Int(b), Number::Int(s)) => {
            let n = (i128::from(b) - i128::from(a)) / i128::from(s) + 1;
            too_many(n as f64)?;
            // In i128: FROM + i × STEP stays within FROM..=TO, but i × STEP alone may not
            // fit an i64 (FROM near i64::MIN, a step near i64::MAX).
            Ok((0..n)
                .map(|i| {
                    let v = i128::from(a) + i * i128::from(s);
                    Number::Int(i64::try_from(v).unwrap_or(b))
                })
                .collect())
        }
        _ => {
            let (a, b, s) = (from.as_f64(), to.as_f64(), step.as_f64());
            // A hair of slack so that 0..1:0.1 includes 1 despite rounding.
            let n = ((b - a) / s + 1e-9).floor() + 1.0;
            too_many(n)?;
            Ok((0..n as usize)
                .map(|i| Number::Float(a + i as f64 * s))
                .collect())
        }
    }
}

fn too_many(n: f64) -> Result<(), Refusal> {
    if n > MAX_AXIS_VALUES as f64 {
        Err(Refusal::new(format!(
            "the range has {n:.0} values: an axis takes at most {MAX_AXIS_VALUES}"
        )))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_steps_and_lists() {
        let ints = |r: &str| {
            values(r, true).map(|v| v.iter().map(|n| n.as_f64() as i64).collect::<Vec<_>>())
        };
        assert_eq!(ints("3..6"), Ok(vec![3, 4, 5, 6]));
        assert_eq!(ints("-2..7:3"), Ok(vec![-2, 1, 4, 7]));
        assert_eq!(ints("10..15:4"), Ok(vec![10, 14]));
        assert_eq!(ints("5, 1,9"), Ok(vec![5, 1, 9]));
        assert_eq!(ints("8"), Ok(vec![8]));
        let floats = values("0..1:0.25", false).unwrap();
        assert_eq!(floats.len(), 5);
        assert_eq!(floats[4], Number::Float(1.0));
        assert_eq!(values("0..0.3:0.1", false).unwrap().len(), 4);
    }

    #[test]
    fn bad_ranges_are_refused_before_allocating() {
        assert!(
            values("1.5..3", true)
                .unwrap_err()
                .message
                .contains("whole number")
        );
        assert!(
            values("5..1", true)
                .unwrap_err()
                .message
                .contains("FROM no greater")
        );
        assert!(
            values("1..5:0", true)
                .unwrap_err()
                .message
                .contains("more than 0")
        );
        let huge = values("0..9000000000000000000", true).unwrap_err();
        assert!(huge.message.contains("at most 1000"), "{huge}");
        assert!(
            values("0..1:1e-300", false)
                .unwrap_err()
                .message
                .contains("at most")
        );
        assert!(values("a..3", true).is_err());
        // The widest whole range with the widest step: three values, no overflow.
        let wide = values(
            "-9223372036854775808..9223372036854775807:9223372036854775807",
            true,
        )
        .unwrap();
        assert_eq!(
            wide,
            [
                Number::Int(i64::MIN),
                Number::Int(-1),
                Number::Int(i64::MAX - 1)
            ]
        );
        assert!(split_flag("nopath").is_err());
        assert_eq!(split_flag(" a.b = 1..2 "), Ok(("a.b", "1..2")));
    }
}
