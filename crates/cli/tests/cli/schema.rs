//! `fray schema [COMMAND]`: the command table's JSON Schemas, as `GET /api/schema`
//! serves them.

use crate::common::*;

#[test]
fn the_schemas_are_the_tables() {
    let all = json(&["schema"]);
    assert_eq!(all, fray_commands::table::schemas());
    assert_eq!(json(&["schema", "--json"]), all);
    let check = json(&["schema", "check", "--json"]);
    assert_eq!(check, all["check"]);
    assert!(
        check["answer"]["properties"]["p_success"].is_object(),
        "{check}"
    );
    assert!(
        all["battle"]["answer"]["properties"]["sides"].is_object(),
        "the battle's answer has its schema: {}",
        all["battle"]["answer"]
    );
    let out = &fray(&["schema", "nope"]).stderr;
    assert!(
        out.starts_with("error: no command `nope`; the commands are battle, sweep, "),
        "{out}"
    );
}
