//! Issue 12: hostile stat blocks. Every number has a range stated in its error, long
//! lines are quoted by a short window, and thousands of doubtful items stay cheap.

use std::time::{Duration, Instant};

use fray::damage::notation::MAX_LIMIT;
use fray::damage::{Limit, Modification, ModifyError, Trait, parse_stat_block};

/// The one error of `text`, which must be at `column` and state the limit's range.
fn refused_limit(text: &str, column: usize) {
    let block = parse_stat_block(text);
    assert_eq!(block.errors.len(), 1, "{text}: {:?}", block.errors);
    let e = &block.errors[0];
    assert_eq!((e.line, e.column), (1, column), "{text}: {e}");
    assert!(
        e.message
            .contains(&format!("expected a whole number from 0 to {MAX_LIMIT}")),
        "{text}: {}",
        e.message
    );
}

/// The limit of the only trait of `text`.
fn limit_of(text: &str) -> Option<Limit> {
    let block = parse_stat_block(text);
    assert!(block.errors.is_empty(), "{text}: {:?}", block.errors);
    match block.traits.as_slice() {
        [Trait::Resist(r)] => r.limit,
        [Trait::Vulnerable(v)] => v.limit,
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn limits_walk_their_range() {
    assert_eq!(limit_of("Resist Fire 0"), Some(Limit(0)));
    assert_eq!(limit_of("Resist 0 Fire"), Some(Limit(0)));
    assert_eq!(limit_of("Vulnerable Fire (0)"), Some(Limit(0)));
    assert_eq!(
        limit_of(&format!("Resist Fire {MAX_LIMIT}")),
        Some(Limit(MAX_LIMIT))
    );
    assert_eq!(
        limit_of(&format!("Vulnerable {MAX_LIMIT} All")),
        Some(Limit(MAX_LIMIT))
    );
    refused_limit("Resist Fire 99999999999999999999", 13);
    refused_limit(&format!("Resist Fire {}", MAX_LIMIT + 1), 13);
    refused_limit(&format!("Resist Fire {}", u32::MAX), 13);
    refused_limit(&format!("Resist Fire {}", u64::MAX), 13);
    refused_limit("Resist Fire -1", 13);
    refused_limit("Resist -1 Fire", 8);
    refused_limit("Vulnerable Fire (-1)", 17);
    refused_limit(&format!("Resist Fire {}", i64::MIN), 13);
    refused_limit(&format!("Vulnerable {} Cold", i32::MIN), 12);
    refused_limit("Resist Fire 2.5 (Critical)", 13);
}

#[test]
fn extra_amounts_state_their_range() {
    let max = fray::damage::modify::MAX_AMOUNT;
    for bad in [
        "-1",
        "4294967295",
        "99999999999999999999",
        "-9223372036854775808",
    ] {
        let text = format!("extra {bad} fire");
        let e = text.parse::<Modification>().unwrap_err();
        assert_eq!(e, ModifyError::Amount(bad.into()), "{text}");
        assert!(
            e.to_string()
                .contains(&format!("is not a whole number from 0 to {max}")),
            "{e}"
        );
    }
    for good in ["0", &max.to_string()] {
        let m: Modification = format!("extra {good}").parse().unwrap();
        assert_eq!(m.to_string(), format!("extra {good}"));
    }
    assert!(matches!(
        "extra lots".parse::<Modification>(),
        Err(ModifyError::Syntax(_))
    ));
}

#[test]
fn an_error_on_a_long_line_quotes_a_short_window() {
    let text = format!(
        "Resist Fire; {}Resist Fire 99999999999999999999",
        "Swarm; ".repeat(30_000)
    );
    let block = parse_stat_block(&text);
    assert_eq!(block.errors.len(), 1, "{:?}", block.errors.len());
    let e = &block.errors[0];
    assert_eq!((e.line, e.column), (1, 13 + 7 * 30_000 + 13));
    let shown = e.to_string();
    assert!(shown.len() < 600, "{} bytes: {shown}", shown.len());
    // The caret stands under the number in the quoted window.
    let mut lines = shown.lines().skip(1);
    let (quote, caret) = (lines.next().unwrap(), lines.next().unwrap());
    let at = caret.find('^').unwrap();
    let under: String = quote.chars().skip(at).take(20).collect();
    assert_eq!(under, "99999999999999999999", "{shown}");
    assert_eq!(caret.trim_end().len() - at, 20);
}

#[test]
fn eighty_thousand_doubtful_traits_on_one_line_stay_cheap() {
    let text = "Resist fier;".repeat(80_000);
    let started = Instant::now();
    let block = parse_stat_block(&text);
    assert_eq!(block.warnings.len(), 80_000);
    assert_eq!(block.traits.len(), 80_000);
    let last = block.warnings.last().unwrap();
    assert_eq!(last.column, 12 * 79_999 + 8);
    // Each warning keeps a short quote, not a copy of the 960 KB line.
    let kept: usize = block.warnings.iter().map(|w| w.line_text.len()).sum();
    assert!(kept < 80_000 * 100, "{kept} bytes of quotes");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
}
