//! `fray types`: the damage types a user may name.

use crate::common::*;

#[test]
fn types_lists_what_may_be_chosen() {
    let physical = Value::from("physical");
    let v = json(&["types", "--json"]);
    assert!(!v["choosable"].as_array().unwrap().contains(&physical));
    let v = json(&["types", "--json", "--including-physical"]);
    assert!(v["choosable"].as_array().unwrap().contains(&physical));
}
