//! The roster file: its errors located, its defaults.

use fray_lab::roster::parse_roster;

#[test]
fn a_bad_unit_is_located_in_the_roster() {
    let text = "system = \"pool\"\nbudget = 40\n[pool]\n[[pool.units]]\nname = \"A\"\nhp = 0\n\
                [[pool.units]]\nname = \"B\"\nhp = 4\n";
    let e = parse_roster(text).unwrap_err();
    let at = e.location.clone().unwrap();
    assert_eq!((at.line, at.column), (6, 6), "{e}");
    let e = parse_roster(
        "system = \"pool\"\nbudget = 40\n[pool]\n[[pool.units]]\nname = \"A\"\nhp = 4\ncount = 3\n",
    )
    .unwrap_err();
    assert!(e.message.contains("no `count`"), "{e}");
    let e = parse_roster("system = \"duel\"\nbudget = 4\n").unwrap_err();
    assert!(e.message.contains("pool or minions"), "{e}");
}

#[test]
fn missing_costs_take_the_mean_of_those_given() {
    let r = parse_roster(
        "system = \"pool\"\nbudget = 40\n[pool]\n[[pool.units]]\nname = \"A\"\nhp = 4\ncost = 2\n\
         [[pool.units]]\nname = \"B\"\nhp = 4\ncost = 6\n[[pool.units]]\nname = \"C\"\nhp = 4\n",
    )
    .unwrap();
    assert_eq!(r.costs, [2.0, 6.0, 4.0]);
}
