//! The metagame: what rational players buy, the equilibrium of the matchup game, on
//! rosters whose answer is known without fray.

use fray_lab::roster::{RosterAnswer, RosterRequest};

fn price(text: &str) -> RosterAnswer {
    let r = RosterRequest {
        roster: Some(text.to_string()),
        ..RosterRequest::default()
    };
    r.validate().unwrap().run().unwrap()
}

const POOL_HEAD: &str = "system = \"pool\"\nbudget = 40\nseed = 3\nmax_rounds = 40\n[pool]\n";

fn pool_unit(name: &str, extra: &str) -> String {
    format!("[[pool.units]]\nname = \"{name}\"\ncost = 5\nhp = 5\n{extra}\n")
}

#[test]
fn three_identical_units_in_a_cycle_of_forms_are_bought_a_third_each() {
    let forms = "[[pool.forms]]\nsuperior = \"pike\"\ninferior = \"horse\"\n\
                 [[pool.forms]]\nsuperior = \"horse\"\ninferior = \"sword\"\n\
                 [[pool.forms]]\nsuperior = \"sword\"\ninferior = \"pike\"\n";
    let text = format!(
        "{POOL_HEAD}{forms}{}{}{}",
        pool_unit("Pike", "form = \"pike\""),
        pool_unit("Horse", "form = \"horse\""),
        pool_unit("Sword", "form = \"sword\""),
    );
    let a = price(&text);
    assert!(!a.metagame.exact && a.metagame.resamples > 0);
    for s in &a.metagame.shares {
        // A cycle this strong has one equilibrium, a third each, within sampling.
        assert!((s.share - 1.0 / 3.0).abs() < 0.05, "{s:?}");
        assert!(s.low <= 1.0 / 3.0 && 1.0 / 3.0 <= s.high, "{s:?}");
        assert!(s.bought > 0.95, "{s:?}");
    }
    let shares: f64 = a.metagame.shares.iter().map(|s| s.share).sum();
    assert!((shares - 1.0).abs() < 1e-9);
}

#[test]
fn identical_units_are_bought_evenly_within_their_ranges() {
    let text = format!(
        "{POOL_HEAD}{}{}{}",
        pool_unit("Spear", "armor = \"light\""),
        pool_unit("Lance", "armor = \"light\""),
        pool_unit("Pole", "armor = \"light\""),
    );
    let a = price(&text);
    for s in &a.fitted_metagame.shares {
        assert!(s.low <= 1.0 / 3.0 && 1.0 / 3.0 <= s.high, "{s:?}");
    }
}

#[test]
fn identical_minions_are_bought_in_equal_shares_exactly() {
    let text = "system = \"minions\"\nbudget = 12\n[minions.rules]\nmax_rounds = 1000\nturns = 1\n\
                [[minions.units]]\nname = \"Guard\"\nkind = \"veteran\"\nhp = 6\ndamage = 2\ncost = 3\n\
                [[minions.units]]\nname = \"Brute\"\nkind = \"veteran\"\nhp = 6\ndamage = 2\ncost = 3\n";
    let a = price(text);
    assert!(a.metagame.exact && a.metagame.resamples == 0);
    for s in &a.metagame.shares {
        assert!((s.share - 0.5).abs() < 1e-9, "{s:?}");
        assert_eq!((s.low, s.high, s.bought), (s.share, s.share, 1.0));
    }
}

#[test]
fn a_stronger_copy_is_all_that_is_bought() {
    let text = format!(
        "{POOL_HEAD}{}{}",
        pool_unit("Guard", "bonus = 2\narmor = \"light\""),
        pool_unit("Militia", "armor = \"light\""),
    );
    let a = price(&text);
    let guard = &a.metagame.shares[0];
    let militia = &a.metagame.shares[1];
    assert!(
        guard.share > 0.99 && militia.share < 0.01,
        "{guard:?} {militia:?}"
    );
    assert!(militia.bought < 0.05, "{militia:?}");
    assert!(
        a.findings
            .iter()
            .any(|f| f.starts_with("At the starting costs rational players buy only Guard")),
        "{:?}",
        a.findings
    );
}
