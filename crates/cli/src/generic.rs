//! Subcommands built from the command table: a command with no hand-written subcommand
//! gets one from its request's JSON Schema, each field a flag (`--field-name`, its help,
//! choices and default from the schema; a field whose text may come from a file takes
//! the file's path), run through the table and printed as the command's text or its
//! `--json`. A command added to the table reaches the command line without an edit here.

use anyhow::{Result, anyhow};
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches};
use fray_commands::call::Origin;
use fray_commands::limits::TextFile;
use fray_commands::table::{self as commands, Entry, Visit};
use fray_commands::{Command, Context};
use serde_json::{Map, Value};

use crate::{output, table};

/// What a field's values are, as the schema says, for reading them from the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Flag,
    Whole,
    Number,
    Text,
    /// Anything else (an object, a mix): its JSON, or text.
    Json,
}

/// One field of a request as the command line takes it.
struct Field {
    name: String,
    kind: Kind,
    list: bool,
    choices: Vec<String>,
    help: String,
    default: Option<String>,
    file: Option<TextFile>,
}

/// A schema node with its `$ref` followed.
fn resolve<'a>(node: &'a Value, root: &'a Value) -> &'a Value {
    node.get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| root.get("$defs")?.get(r.strip_prefix("#/$defs/")?))
        .unwrap_or(node)
}

/// The schema's non-null type of a node (`["integer", "null"]` is `integer`).
fn type_of(node: &Value) -> Option<&str> {
    match node.get("type") {
        Some(Value::String(t)) => Some(t),
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).find(|t| *t != "null"),
        _ => None,
    }
}

fn kind_of(node: &Value) -> Kind {
    match type_of(node) {
        Some("boolean") => Kind::Flag,
        Some("integer") => Kind::Whole,
        Some("number") => Kind::Number,
        Some("string") => Kind::Text,
        _ if node.get("oneOf").is_some() => Kind::Text,
        _ => Kind::Json,
    }
}

/// The names of an enum of strings (`oneOf` of `const`s, or `enum`).
fn choices_of(node: &Value) -> Vec<String> {
    let consts = node.get("oneOf").and_then(Value::as_array).map(|alts| {
        alts.iter()
            .filter_map(|a| a.get("const")?.as_str().map(str::to_string))
            .collect()
    });
    let listed = || {
        node.get("enum").and_then(Value::as_array).map(|names| {
            names
                .iter()
                .filter_map(|n| n.as_str().map(str::to_string))
                .collect()
        })
    };
    consts.or_else(listed).unwrap_or_default()
}

/// The fields of `entry`'s request, from its schema.
fn fields(entry: &Entry) -> Vec<Field> {
    let schema = commands::request_schema(entry.name).unwrap_or_default();
    let root = &schema;
    let Some(properties) = root.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    properties
        .iter()
        .map(|(name, property)| {
            // `Option<T>` is `anyOf: [T, null]`; a list's items say what each value is.
            let inner = property
                .get("anyOf")
                .and_then(Value::as_array)
                .and_then(|alts| alts.iter().find(|a| a.get("type") != Some(&"null".into())))
                .unwrap_or(property);
            let node = resolve(inner, root);
            let list = type_of(node) == Some("array");
            let item = if list {
                resolve(node.get("items").unwrap_or(&Value::Null), root)
            } else {
                node
            };
            let default = property.get("default").and_then(|d| match d {
                Value::String(s) => Some(s.clone()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            });
            let help = property
                .get("description")
                .or_else(|| node.get("description"))
                .and_then(Value::as_str)
                .unwrap_or_default()
                .replace('\n', " ");
            Field {
                name: name.clone(),
                kind: kind_of(item),
                list,
                choices: choices_of(item),
                help,
                default,
                file: entry.files.iter().find(|f| f.field == name).copied(),
            }
        })
        .collect()
}

/// The flag of `field` (`--field-name`).
fn long(field: &str) -> String {
    field.replace('_', "-")
}

/// The subcommand of `entry`, built from its request's schema.
pub fn subcommand(entry: &Entry) -> clap::Command {
    // A sentence, as the written subcommands' help begins.
    let mut chars = entry.summary.chars();
    let about: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    let mut command = clap::Command::new(entry.name).about(about);
    for f in fields(entry) {
        let mut arg = Arg::new(f.name.clone()).long(long(&f.name));
        arg = match (f.kind, f.list) {
            (Kind::Flag, _) => arg.action(ArgAction::SetTrue),
            (_, true) => arg.action(ArgAction::Append),
            _ => arg.action(ArgAction::Set),
        };
        if f.kind != Kind::Flag {
            arg = arg
                .allow_hyphen_values(true)
                .value_name(f.name.to_uppercase());
        }
        let mut help = f.help.clone();
        if let Some(file) = f.file {
            arg = arg.value_name("FILE");
            help = format!("{help} (the path of {}, read as text)", file.what);
        }
        if !f.choices.is_empty() {
            arg = arg.value_parser(f.choices.clone());
        }
        if let Some(default) = &f.default
            && f.file.is_none()
        {
            arg = arg.default_value(default.clone());
        }
        command = command.arg(arg.help(help));
    }
    command
}

/// A value given on the command line as the JSON its field holds: a number where the
/// schema wants one and the text reads as one, else the text (for serde to refuse in the
/// field's name), or JSON for a field of objects.
fn value(kind: Kind, text: &str) -> Value {
    let number = || {
        text.parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
    };
    match kind {
        Kind::Whole => text
            .parse::<i64>()
            .map(Value::from)
            .or_else(|_| text.parse::<u64>().map(Value::from))
            .unwrap_or_else(|_| text.into()),
        Kind::Number => number().map_or_else(|| text.into(), Value::Number),
        Kind::Json => serde_json::from_str(text).unwrap_or_else(|_| text.into()),
        Kind::Flag | Kind::Text => text.into(),
    }
}

/// The request the command line gave: only the fields given (the rest keep the
/// request's defaults), with the files read and named.
fn request(entry: &Entry, matches: &ArgMatches) -> Result<(Value, Vec<(String, String)>)> {
    let mut request = Map::new();
    let mut sources = Vec::new();
    for f in fields(entry) {
        if matches.value_source(&f.name) != Some(ValueSource::CommandLine) {
            continue;
        }
        if f.kind == Kind::Flag {
            request.insert(f.name.clone(), Value::Bool(matches.get_flag(&f.name)));
            continue;
        }
        let given: Vec<&String> = matches
            .get_many::<String>(&f.name)
            .into_iter()
            .flatten()
            .collect();
        let held = match (f.file, f.list) {
            (Some(limit), _) => {
                let path = std::path::Path::new(given.first().map_or("", |p| p.as_str()));
                sources.push((f.name.clone(), path.display().to_string()));
                Value::String(output::read_text(path, limit)?)
            }
            (None, true) => given.iter().map(|t| value(f.kind, t)).collect(),
            (None, false) => given.first().map_or(Value::Null, |t| value(f.kind, t)),
        };
        request.insert(f.name.clone(), held);
    }
    Ok((Value::Object(request), sources))
}

/// Runs the table's command `name` as its built subcommand's `matches` ask.
pub fn run(name: &str, matches: &ArgMatches) -> Result<String> {
    struct Runner<'a> {
        name: &'a str,
        request: &'a Value,
        sources: &'a [(String, String)],
        json: bool,
        out: Option<Result<String>>,
    }
    impl Visit for Runner<'_> {
        fn visit<C: Command>(&mut self) {
            if C::NAME == self.name {
                self.out = Some(run_typed::<C>(self.request, self.sources, self.json));
            }
        }
    }
    let entry = commands::find(name).ok_or_else(|| anyhow!("no command `{name}`"))?;
    let (request, sources) = request(&entry, matches)?;
    let mut runner = Runner {
        name,
        request: &request,
        sources: &sources,
        json: table::as_json(),
        out: None,
    };
    commands::each(&mut runner);
    runner
        .out
        .unwrap_or_else(|| Err(anyhow!("no command `{name}`")))
}

fn run_typed<C: Command>(
    request: &Value,
    sources: &[(String, String)],
    json: bool,
) -> Result<String> {
    let bytes = serde_json::to_vec(request)?;
    let mut r = fray_commands::call::parse::<C>(&bytes, Origin::Built).map_err(table::refused)?;
    for (field, source) in sources {
        C::name_source(&mut r, field, source.clone());
    }
    let prepared = table::prepare::<C>(r)?;
    let answer = C::perform(&prepared.valid, &Context::quiet()).map_err(table::refused)?;
    match C::text(&answer) {
        Some(text) if !json => Ok(text),
        _ => table::json::<C>(&answer),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_commands::call::Style;

    /// `args` parsed by `name`'s subcommand built from the table, and run.
    fn built(name: &str, args: &[&str]) -> Result<String> {
        let entry = commands::find(name).expect("a command of the table");
        let matches = subcommand(&entry)
            .try_get_matches_from(std::iter::once(name).chain(args.iter().copied()))?;
        run(name, &matches)
    }

    #[test]
    fn every_command_of_the_table_builds_a_subcommand() {
        for entry in fray_commands::entries() {
            let command = subcommand(&entry);
            command.clone().debug_assert();
            assert!(
                command.get_arguments().count() > 0,
                "`{}` took no field",
                entry.name
            );
        }
    }

    #[test]
    fn a_built_subcommand_answers_as_the_table_does() {
        for (name, args, request) in [
            (
                "check",
                &["--rung", "3/6", "--bonus", "2"][..],
                r#"{"rung": "3/6", "bonus": 2}"#,
            ),
            (
                "types",
                &["--including-physical"][..],
                r#"{"including_physical": true}"#,
            ),
            (
                "evasion-table",
                &["--step", "10", "--by", "level"][..],
                r#"{"step": 10}"#,
            ),
            (
                "sides",
                &["--a", "2x3/6", "--b", "1x4/6", "--ladder", "d6:d8"][..],
                r#"{"a": "2x3/6", "b": "1x4/6", "ladder": "d6:d8"}"#,
            ),
        ] {
            let expected = fray_commands::call::call(
                name,
                request.as_bytes(),
                Origin::Built,
                &[],
                Style::Pretty,
                &Context::quiet(),
            )
            .map(|a| a.answer);
            let got = built(name, args);
            match (expected, got) {
                (Ok(e), Ok(g)) => assert_eq!(g, e, "{name} {args:?}"),
                (Err(e), Err(g)) => assert!(g.to_string().contains(&e.message), "{g}"),
                (e, g) => panic!("{name} {args:?}: {e:?} against {g:?}"),
            }
        }
        // A field refused is named by its flag, as every subcommand names it.
        let e = built("check", &["--rung", "3/6", "--steps", "99999"]).unwrap_err();
        assert!(e.to_string().contains("expected a whole number"), "{e}");
        // A file's text is read, and its path names it in messages.
        let e = built("minions", &["--battle", "no/such/file.toml"]).unwrap_err();
        assert!(format!("{e:#}").contains("no/such/file.toml"), "{e:#}");
    }
}
