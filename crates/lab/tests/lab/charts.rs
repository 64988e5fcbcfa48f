//! The report's charts on every bundled scenario: every text element lies inside its
//! chart's box (width estimated at 0.6 × font size a character), and the titles and
//! legends a reader needs are there.

use fray_lab::charts::{self, Axis, Bar, BarChart};
use fray_lab::examples::EXAMPLES;
use fray_lab::report::{Basis, html, report};
use fray_lab::run::play_on;

/// The value of attribute `name` in a tag's text.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
}

fn number(tag: &str, name: &str) -> f64 {
    attr(tag, name)
        .unwrap_or_else(|| panic!("no {name} in {tag}"))
        .trim_end_matches("px")
        .parse()
        .unwrap_or_else(|e| panic!("{name} in {tag}: {e}"))
}

/// Text content with the entities the backend writes counted as one character.
fn content(raw: &str) -> String {
    raw.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
        .trim()
        .to_string()
}

/// Every `<svg>…</svg>` in a page.
fn svgs(page: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = page;
    while let Some(start) = rest.find("<svg") {
        let end = rest[start..].find("</svg>").expect("an unclosed svg") + start + 6;
        out.push(&rest[start..end]);
        rest = &rest[end..];
    }
    out
}

/// The texts of one SVG with their estimated boxes; panics naming any that overflow.
fn texts_fit(svg: &str, what: &str) -> Vec<String> {
    let head = &svg[..svg.find('>').unwrap()];
    let (w, h) = (number(head, "width"), number(head, "height"));
    if let Some(vb) = attr(head, "viewBox") {
        let v: Vec<f64> = vb.split_whitespace().map(|x| x.parse().unwrap()).collect();
        assert_eq!(v, vec![0.0, 0.0, w, h], "{what}: viewBox against size");
    }
    let mut found = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find("<text") {
        let close = rest[start..].find('>').unwrap() + start;
        let tag = &rest[start..close];
        let end = rest[close..].find("</text>").unwrap() + close;
        let text = content(&rest[close + 1..end]);
        rest = &rest[end..];
        let (x, y) = (number(tag, "x"), number(tag, "y"));
        let size =
            attr(tag, "font-size").map_or(16.0, |s| s.trim_end_matches("px").parse().unwrap());
        let width = text.chars().count() as f64 * size * 0.6;
        let (left, right) = match attr(tag, "text-anchor") {
            Some("middle") => (x - width / 2.0, x + width / 2.0),
            Some("end") => (x - width, x),
            _ => (x, x + width),
        };
        let (top, bottom) = match attr(tag, "dy") {
            Some("0.76em") => (y, y + size),
            Some("0.5ex") => (y - size / 2.0, y + size / 2.0),
            _ => (y - size, y),
        };
        // An axis's name turned on its side (a quarter turn back, about its anchor):
        // its run is vertical, centred on its anchor, its height to the right of it.
        let (left, right, top, bottom) = match attr(tag, "transform") {
            None => (left, right, top, bottom),
            Some(t)
                if t.starts_with("rotate(270,") && attr(tag, "text-anchor") == Some("middle") =>
            {
                (x, x + size, y - width / 2.0, y + width / 2.0)
            }
            Some(t) => panic!("{what}: text turned other than a quarter back: {t} in {tag}"),
        };
        assert!(
            left >= 0.0 && right <= w && top >= 0.0 && bottom <= h,
            "{what}: {text:?} spans x {left:.1}..{right:.1}, y {top:.1}..{bottom:.1}, outside the {w}×{h} chart"
        );
        found.push(text);
    }
    found
}

#[test]
fn every_example_report_draws_its_charts_with_every_label_inside() {
    for e in EXAMPLES {
        let mut s = fray_lab::parse_scenario(e.text).unwrap();
        s.trials = s.trials.min(400);
        let tally = play_on(&s, 1, &|_| {}).unwrap();
        let r = report(&s, &tally);
        let page = html(&r);
        let charts = svgs(&page);
        let texts: Vec<String> = charts
            .iter()
            .enumerate()
            .flat_map(|(i, svg)| texts_fit(svg, &format!("{} chart {i}", e.name)))
            .collect();
        let has = |t: &str| texts.iter().any(|x| x == t || x.starts_with(t));
        let mut expected = vec![
            "Battles by",
            "Survival by combatant",
            "Hit points remaining (mean)",
            "maximum",
            "battles",
        ];
        // A duel's outcomes are exact (its chain), though its rounds are sampled.
        let outcomes_exact = r.sides[0].win.exact && r.undecided.exact;
        expected.push(if outcomes_exact {
            "Outcome (exact)"
        } else {
            "Outcome probability (95% interval)"
        });
        if !outcomes_exact {
            expected.push("95% interval");
        }
        expected.push(if r.sampled && r.rounds.mean_basis == Basis::Exact {
            "exact mean"
        } else {
            "mean "
        });
        if !r.damage_per_battle.is_empty() {
            expected.extend(["Damage per battle by type", "damage per battle (mean)"]);
        }
        if !r.conditions_per_battle.is_empty() {
            expected.extend(["Conditions per battle", "conditions per battle (mean)"]);
        }
        let rounds_title = format!("Battles by {}", r.rounds_counted);
        assert!(
            texts.contains(&rounds_title),
            "{}: the title {rounds_title:?} whole",
            e.name
        );
        for side in &r.sides {
            assert!(
                texts.contains(&side.name),
                "{}: legend lacks side {}",
                e.name,
                side.name
            );
        }
        for c in &r.survivors {
            let hp = format!("{:.2} / {}", c.mean_hp_left, c.max_hp);
            assert!(has(&hp), "{}: no hit-point value {hp}", e.name);
        }
        for t in expected {
            assert!(has(t), "{}: no {t:?} among {texts:?}", e.name);
        }
    }
}

#[test]
fn a_bar_near_certainty_keeps_its_percent_sign_and_long_labels_fit() {
    let mut near = Bar::new(
        "a side with a rather long name indeed, longer than most",
        0.982,
        "98.20%",
        0,
    );
    near.interval = Some((0.97, 0.99));
    near.exact = Some(0.981);
    let svg = charts::bars(&BarChart {
        title: "Outcome".into(),
        axis: Axis::Percent,
        value_desc: "probability".into(),
        series: vec!["one".into(), "two".into()],
        bars: vec![near, Bar::new("b", 1.0, "100%", 1)],
    });
    let texts = texts_fit(&svg, "near certainty");
    assert!(texts.contains(&"98.20%".to_string()), "{texts:?}");
    assert!(
        texts.contains(&"probability".to_string()),
        "the value axis is named: {texts:?}"
    );
    assert!(
        texts.iter().any(|t| t.ends_with('…')),
        "the long label is shortened: {texts:?}"
    );
    for t in ["one", "two", "95% interval", "exact", "Outcome", "100%"] {
        assert!(texts.iter().any(|x| x == t), "no {t} in {texts:?}");
    }
}

#[test]
fn a_histogram_has_ticks_on_both_axes_and_its_marks_in_the_legend() {
    let points = [(3, 10), (4, 25), (5, 40), (6, 20), (9, 5)];
    let marks = [
        charts::Mark {
            name: "mean 4.9".into(),
            at: 4.9,
        },
        charts::Mark {
            name: "exact mean 4.812".into(),
            at: 4.812,
        },
    ];
    let svg = charts::histogram("Battles by rounds", "rounds", "battles", &points, &marks);
    let texts = texts_fit(&svg, "histogram");
    // "battles" names the y axis as well as the bars in the legend.
    assert_eq!(
        texts.iter().filter(|t| *t == "battles").count(),
        2,
        "{texts:?}"
    );
    for t in [
        "3",
        "5",
        "9",
        "10",
        "40",
        "rounds",
        "battles",
        "mean 4.9",
        "exact mean 4.812",
        "Battles by rounds",
    ] {
        assert!(texts.iter().any(|x| x == t), "no {t} in {texts:?}");
    }
}
