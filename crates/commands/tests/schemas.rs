//! Every command's JSON Schemas against what serde reads and writes: a request's schema
//! accepts the requests serde accepts (its defaults and a filled-in one) and refuses
//! what serde refuses (an unknown field, a word of the wrong kind); an answer's schema
//! describes the real `--json` of a run, every key of it.

use fray_commands::call::{Origin, Style, call};
use fray_commands::table::{self, Visit};
use fray_commands::{Command, Context, schema};
use serde_json::{Value, json};

/// A file of the workspace, as text.
fn file(path: &str) -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    std::fs::read_to_string(format!("{root}/{path}")).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A conditions script whose one expectation fails, so the answer lists a failure.
const FAILING_SCRIPT: &str = "[[creature]]\nname = \"Hero\"\nside = \"a\"\nhp = 20\n\
    [[step]]\ndo = \"apply\"\ncreature = \"Hero\"\ncondition = \"stunned\"\n\
    [[step]]\ndo = \"expect\"\ncheck = \"can\"\ncreature = \"Hero\"\naction = \"attack\"\nvalue = true\n";

/// Filled-in requests, each small enough to run at once; some commands have several,
/// one for each shape of their answer.
fn examples() -> Vec<(&'static str, Value)> {
    let valkyrie = file("examples/evasion/valkyrie.toml");
    let troll = file("examples/evasion/troll.toml");
    vec![
        (
            "battle",
            json!({"example": "duel", "trials": 50, "seed": 4, "threads": 1}),
        ),
        (
            "battle",
            json!({"scenario": file("examples/battles/duel.toml"), "precision": 0.2, "trials": 50}),
        ),
        (
            "sweep",
            json!({"odds": "pool", "vary": [{"path": "bonus", "values": "0..2"}], "set": ["rung=3/6"]}),
        ),
        (
            "sweep",
            json!({"example": "duel", "trials": 50, "seed": 1,
                   "vary": [{"path": "evasion.b.defense.hp", "values": [30, 50]}],
                   "find": {"path": "evasion.b.defense.hp", "target": 0.4, "side": "a"}}),
        ),
        ("sweep-paths", json!({"example": "pikes"})),
        ("roster", json!({"example": "minions"})),
        (
            "roster",
            json!({"roster": file("examples/rosters/pool.toml"), "fair": "against", "against": "Rider", "trials": 200}),
        ),
        ("sweep-paths", json!({"odds": "evasion"})),
        ("damage", json!({})),
        (
            "damage",
            json!({"amount": 17, "types": ["fire", "cold"], "vs": "Resist Fire; Vulnerable 5 Cold"}),
        ),
        (
            "damage",
            json!({"amount": "2d6+3", "types": ["fire"], "vs": "Resist 5 Fire"}),
        ),
        (
            "damage",
            json!({"amount": "2d6", "roll": true, "seed": 3, "critical": true, "attacker_level": 12,
                   "effect": ["dazed", "push"], "reduce": ["fire:5"], "types": ["fire"],
                   "vs": "Resist 10 Fire", "reading": ["reduction-ignores-conditions"]}),
        ),
        (
            "damage",
            json!({"amount": 8, "environmental": true, "declare": ["wet"], "met": ["wet"]}),
        ),
        ("types", json!({"including_physical": true})),
        (
            "minions",
            json!({"battle": file("examples/minions/recruits-vs-orcs.toml"), "order": "interleaved", "turns": 2}),
        ),
        ("check", json!({"rung": "3/6", "bonus": 2})),
        (
            "check",
            json!({"rung": "4/6", "bonus": -2, "penalty": 1, "steps": 1, "ladder": "6:8,10,12,20"}),
        ),
        ("sides", json!({"a": "5x3/6+3b", "b": "7x4/6+1b"})),
        (
            "mass-battle",
            json!({"battle": file("examples/pool/pikes-vs-riders.toml"), "seed": 7, "form_vote": "balance"}),
        ),
        (
            "mass-battle",
            json!({"battle": file("examples/pool/knights-vs-levy.toml"), "quiet": true, "defenses": "armor"}),
        ),
        (
            "tohit",
            json!({"attacker_bonus": 3, "defender_bonus": 5, "attacker_luck": 6, "model": {"sigma": 4}}),
        ),
        (
            "tohit",
            json!({"attacker": valkyrie, "defender": troll, "model": {"uniform_sum": [4, 17]}}),
        ),
        (
            "tohit",
            json!({"attacker": file("examples/evasion/gem-thrower.toml"), "defender": file("examples/evasion/unicorn.toml")}),
        ),
        (
            "evasion-damage",
            json!({"attacker": valkyrie, "defender": troll, "damage": "d8+d12", "rounding": "up"}),
        ),
        (
            "evasion-table",
            json!({"levels": [0, 5], "evs": [0, 3], "step": 1}),
        ),
        (
            "appraise",
            json!({"defender": file("examples/evasion/knight.toml"), "reference_bonus": 2.5}),
        ),
        ("design-check", json!({"text": "damage"})),
        (
            "encounter",
            json!({"script": file("examples/encounters/grabbed.toml"), "seed": 3}),
        ),
        (
            "encounter",
            json!({"script": FAILING_SCRIPT, "reading": ["mark-penalty-power"]}),
        ),
        ("examples", json!({})),
        ("examples", json!({"of": "roster"})),
    ]
}

/// Requests serde refuses for their shape (a wrong type, a word it does not know):
/// their schemas must refuse them too.
fn misshapen() -> Vec<(&'static str, Value)> {
    vec![
        ("battle", json!({"trials": "many"})),
        ("roster", json!({"precision": "close"})),
        ("sweep", json!({"odds": "dice"})),
        ("sweep", json!({"vary": [{"path": "bonus"}]})),
        ("sweep", json!({"find": {"target": 0.5}})),
        ("sweep-paths", json!({"odds": "dice"})),
        ("damage", json!({"amount": true})),
        ("damage", json!({"reading": ["nope"]})),
        ("types", json!({"including_physical": "yes"})),
        ("minions", json!({"order": "random"})),
        ("check", json!({"rung": 3})),
        ("sides", json!({"a": ["5x3/6"]})),
        ("mass-battle", json!({"form_vote": "least"})),
        ("tohit", json!({"model": {"sigma": "5"}})),
        ("evasion-damage", json!({"kind": "fire"})),
        ("evasion-table", json!({"by": "class"})),
        ("appraise", json!({"reference_bonus": "high"})),
        ("design-check", json!({"text": "both"})),
        ("encounter", json!({"seed": -1})),
        ("examples", json!({"of": "sweep"})),
    ]
}

/// Whether serde reads `request` as command `name`'s request.
fn serde_reads(name: &str, request: &Value) -> bool {
    struct Reads<'a>(&'a str, &'a Value, Option<bool>);
    impl Visit for Reads<'_> {
        fn visit<C: Command>(&mut self) {
            if C::NAME == self.0 {
                self.2 = Some(serde_json::from_value::<C::Request>(self.1.clone()).is_ok());
            }
        }
    }
    let mut r = Reads(name, request, None);
    table::each(&mut r);
    r.2.unwrap_or_else(|| panic!("no command {name}"))
}

/// The reasons `schema` refuses `instance`, empty when it accepts it.
fn refusals(schema: &Value, instance: &Value) -> Vec<String> {
    let validator = jsonschema::validator_for(schema).expect("a schema that compiles");
    validator
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

fn request_schema(name: &str) -> Value {
    table::schema(name).expect("a command")["request"].clone()
}

/// `schema` made strict about objects: every key of an object must be described by the
/// schema that holds it (`unevaluatedProperties`, which sees through `$ref`, `allOf` and
/// the variants of an enum, so flattened fields count), or the answer has a key the
/// schema does not tell of.
fn strict(schema: &mut Value) {
    fn walk(s: &mut Value, boundary: bool) {
        let Some(map) = s.as_object_mut() else { return };
        for key in ["properties", "$defs"] {
            if let Some(Value::Object(props)) = map.get_mut(key) {
                for v in props.values_mut() {
                    walk(v, key == "properties");
                }
            }
        }
        for key in ["items", "additionalProperties", "not", "if", "then", "else"] {
            if let Some(v) = map.get_mut(key) {
                walk(v, key == "items" || key == "additionalProperties");
            }
        }
        for key in ["prefixItems", "allOf", "anyOf", "oneOf"] {
            if let Some(Value::Array(items)) = map.get_mut(key) {
                for v in items {
                    walk(v, key == "prefixItems");
                }
            }
        }
        // A schema of any JSON at all (a `serde_json::Value`, such as an odds point's
        // command answer) says nothing of keys: it is left free.
        let free = ![
            "type",
            "properties",
            "$ref",
            "allOf",
            "anyOf",
            "oneOf",
            "enum",
            "const",
        ]
        .iter()
        .any(|k| map.contains_key(*k));
        if boundary && !free {
            // The root's `$defs` and `$schema` stay at the root, where `$ref`s find them.
            let mut inner = std::mem::take(map);
            let mut wrapped = serde_json::Map::new();
            for key in ["$schema", "$defs"] {
                if let Some(v) = inner.remove(key) {
                    wrapped.insert(key.to_string(), v);
                }
            }
            wrapped.insert("allOf".into(), json!([inner]));
            wrapped.insert("unevaluatedProperties".into(), json!(false));
            *map = wrapped;
        }
    }
    walk(schema, true);
}

#[test]
fn every_command_has_its_schemas_and_examples() {
    let all = table::schemas();
    let names = table::names();
    let keys: Vec<&str> = all
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(keys, sorted, "one entry per command of the table");
    for name in &names {
        let s = &all[name];
        assert_eq!(s["request"]["$schema"], schema::DIALECT, "{name}");
        assert_eq!(
            s["request"]["type"], "object",
            "{name}: a request is an object"
        );
        assert_eq!(s, &table::schema(name).unwrap(), "{name}");
        assert!(
            examples().iter().any(|(n, _)| n == name),
            "{name} has no example here"
        );
        assert!(
            misshapen().iter().any(|(n, _)| n == name),
            "{name} has no refused request here"
        );
    }
    assert_eq!(table::schema("nope"), None);
    // Every answer has its schema.
    let without: Vec<&str> = names
        .iter()
        .copied()
        .filter(|n| all[n]["answer"].is_null())
        .collect();
    assert_eq!(without, Vec::<&str>::new());
}

#[test]
fn request_schemas_accept_what_serde_reads() {
    for name in table::names() {
        let schema = request_schema(name);
        assert!(
            serde_reads(name, &json!({})),
            "{name}: {{}} is the defaults"
        );
        assert_eq!(
            refusals(&schema, &json!({})),
            Vec::<String>::new(),
            "{name}: {{}}"
        );
    }
    for (name, request) in examples() {
        assert!(
            serde_reads(name, &request),
            "{name}: serde refuses {request}"
        );
        let why = refusals(&request_schema(name), &request);
        assert!(
            why.is_empty(),
            "{name}: the schema refuses {request}: {why:?}"
        );
    }
}

#[test]
fn request_schemas_refuse_what_serde_refuses() {
    let mut unknown: Vec<(&str, Value)> = table::names()
        .into_iter()
        .map(|n| (n, json!({"no_such_field": 1})))
        .collect();
    unknown.extend([
        ("tohit", json!({"model": {"no_such_field": 1}})),
        (
            "sweep",
            json!({"find": {"path": "bonus", "no_such_field": 1}}),
        ),
    ]);
    for (name, request) in unknown.into_iter().chain(misshapen()) {
        assert!(
            !serde_reads(name, &request),
            "{name}: serde reads {request}"
        );
        assert!(
            !refusals(&request_schema(name), &request).is_empty(),
            "{name}: the schema accepts {request}, which serde refuses"
        );
    }
}

#[test]
fn the_sweep_schema_names_only_odds_systems_serde_reads() {
    // `odds` is written by hand in the lab (its enum derives no schema yet).
    let words = request_schema("sweep")["properties"]["odds"]["enum"].clone();
    let words: Vec<Value> = serde_json::from_value(words).expect("a list of words");
    assert!(words.len() > 1);
    for w in words {
        assert!(serde_reads("sweep", &json!({ "odds": w })), "{w}");
    }
}

#[test]
fn answer_schemas_describe_every_key_of_real_answers() {
    let all = table::schemas();
    let mut checked = Vec::new();
    for (name, request) in examples() {
        let Some(mut schema) = all[name]["answer"]
            .clone()
            .as_object()
            .cloned()
            .map(Value::Object)
        else {
            continue;
        };
        strict(&mut schema);
        let body = request.to_string();
        let answered = call(
            name,
            body.as_bytes(),
            Origin::Built,
            &[],
            Style::Pretty,
            &Context::quiet(),
        )
        .unwrap_or_else(|r| panic!("{name} {request}: {r}"));
        let answer: Value = serde_json::from_str(&answered.answer).expect("an answer is JSON");
        let why = refusals(&schema, &answer);
        assert!(
            why.is_empty(),
            "{name} {request}: the answer's schema refuses it: {why:#?}"
        );
        checked.push(name);
    }
    for name in table::names() {
        assert!(
            all[name]["answer"].is_null() || checked.contains(&name),
            "{name}: no answer was checked"
        );
    }
}

#[test]
fn the_strict_check_sees_an_undescribed_key() {
    // Objects at the top, in lists, flattened into others, and variants of enums.
    let cases = [
        ("check", json!({"rung": "3/6"}), ""),
        ("check", json!({"rung": "3/6"}), "/distribution/0"),
        (
            "damage",
            json!({"amount": 5, "vs": "Resist 2 Fire", "types": ["fire"]}),
            "",
        ),
        (
            "damage",
            json!({"amount": 5, "vs": "Resist 2 Fire", "types": ["fire"]}),
            "/trace/0",
        ),
        ("damage", json!({"amount": 5}), "/hit/source"),
        ("damage", json!({"amount": "2d4"}), "/distribution/0"),
        (
            "minions",
            json!({"battle": file("examples/minions/recruits-vs-orcs.toml"), "turns": 1}),
            "/log/0",
        ),
        (
            "encounter",
            json!({"script": FAILING_SCRIPT}),
            "/failures/0",
        ),
    ];
    for (name, request, at) in cases {
        let mut schema = table::schema(name).unwrap()["answer"].clone();
        strict(&mut schema);
        let body = request.to_string();
        let answered = call(
            name,
            body.as_bytes(),
            Origin::Built,
            &[],
            Style::Compact,
            &Context::quiet(),
        )
        .unwrap();
        let mut answer: Value = serde_json::from_str(&answered.answer).unwrap();
        assert!(refusals(&schema, &answer).is_empty(), "{name} {request}");
        let object = answer.pointer_mut(at).and_then(Value::as_object_mut);
        object
            .unwrap_or_else(|| panic!("{name}: no object at {at}"))
            .insert("colour".into(), json!("red"));
        assert!(
            !refusals(&schema, &answer).is_empty(),
            "{name}: a key at {at:?} is not seen"
        );
    }
}
