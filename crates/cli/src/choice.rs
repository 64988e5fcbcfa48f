//! A library enum as a command-line value, with no mirror enum: its choices and their
//! help are the names its JSON Schema lists (what serde reads), and the value given is
//! read by serde. A choice added to the library reaches `--help`, completions and the
//! manual page without an edit here.
//!
//! ```text
//! #[arg(long, value_parser = choice::of::<Rounding>(),
//!       default_value = choice::name(&EvasionDamageRequest::default().rounding))]
//! rounding: Rounding,
//! ```

use std::ffi::OsStr;
use std::marker::PhantomData;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The parser of a value of `T`, one of the names its schema lists. The names are read
/// from the schema when asked for (a value to parse, help to write), not when the
/// command line is built: a run that never looks at them pays nothing.
#[derive(Debug)]
pub struct Choice<T> {
    of: PhantomData<fn() -> T>,
}

impl<T> Clone for Choice<T> {
    fn clone(&self) -> Self {
        Self { of: PhantomData }
    }
}

/// The parser of `T`'s choices (an enum of unit variants, as serde names them).
pub fn of<T: JsonSchema>() -> Choice<T> {
    Choice { of: PhantomData }
}

/// Each name `T`'s schema lists, with its help (the variant's doc comment, first line).
fn names<T: JsonSchema>() -> Vec<(String, Option<String>)> {
    let schema = schemars::schema_for!(T).to_value();
    schema
        .get("oneOf")
        .and_then(Value::as_array)
        .map(|alternatives| {
            alternatives
                .iter()
                .filter_map(|a| {
                    let name = a.get("const")?.as_str()?.to_string();
                    let help = a
                        .get("description")
                        .and_then(Value::as_str)
                        .map(|d| d.split(['\n', '.']).next().unwrap_or(d).trim().to_string());
                    Some((name, help))
                })
                .collect()
        })
        .or_else(|| {
            schema.get("enum").and_then(Value::as_array).map(|names| {
                names
                    .iter()
                    .filter_map(|n| Some((n.as_str()?.to_string(), None)))
                    .collect()
            })
        })
        .unwrap_or_default()
}

/// The name of `value` among its choices, as `--help` shows a default.
pub fn name<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(name)) => name,
        _ => String::new(),
    }
}

/// `T`'s choices as clap lists them.
fn possible<T: JsonSchema>() -> impl Iterator<Item = PossibleValue> {
    names::<T>()
        .into_iter()
        .map(|(name, help)| PossibleValue::new(name).help(help.unwrap_or_default()))
}

impl<T: DeserializeOwned + JsonSchema + Clone + Send + Sync + 'static> TypedValueParser
    for Choice<T>
{
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        // clap's own check first: its message lists the choices and suggests the nearest.
        let name = PossibleValuesParser::new(possible::<T>()).parse_ref(cmd, arg, value)?;
        serde_json::from_value(Value::String(name)).map_err(|e| {
            clap::Error::raw(clap::error::ErrorKind::InvalidValue, format!("{e}\n")).with_cmd(cmd)
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(possible::<T>()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use fray::evasion::Rounding;

    #[derive(Debug, Parser)]
    struct Cli {
        #[arg(long, value_parser = of::<Rounding>(), default_value = name(&Rounding::default()))]
        rounding: Rounding,
    }

    #[test]
    fn a_library_enum_is_read_by_its_schemas_names() {
        assert_eq!(Cli::parse_from(["x"]).rounding, Rounding::default());
        let up = Cli::parse_from(["x", "--rounding", "up"]);
        assert_eq!(up.rounding, Rounding::Up);
        let e = Cli::try_parse_from(["x", "--rounding", "sideways"]).unwrap_err();
        let e = e.to_string();
        assert!(
            e.contains("[possible values: nearest, down, up, stochastic]"),
            "{e}"
        );
    }
}
