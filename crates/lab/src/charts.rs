//! Charts as standalone SVG, drawn with `plotters` (its SVG backend: `<text>` elements,
//! no font files). The functions take plain data, so the battle report, the sweeps and
//! the design check draw the same charts: labelled bars (with intervals, exact marks and
//! outlines), histograms, lines with bands and heat maps, with axes and ticks. Every
//! chart has a title and a legend.
//!
//! Text is kept inside the picture by reserving room for it: label and value areas are
//! sized from the longest text (an estimate of 0.6 × font size per character, wider
//! than the sans-serif fonts browsers use), and long labels are shortened with "…".

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The width of every chart, in pixels.
pub const WIDTH: u32 = 720;
const FONT: &str = "sans-serif";
const LABEL_SIZE: u32 = 16;
const TITLE_SIZE: u32 = 22;
const LEGEND_ROW: u32 = 26;
/// Labels longer than this are shortened, so a long name cannot crowd out the bars.
const MAX_LABEL_CHARS: usize = 36;

/// The colours of the series, in order (repeated past the end).
const PALETTE: [RGBColor; 6] = [
    RGBColor(0x4a, 0x7b, 0xd0),
    RGBColor(0xc0, 0x50, 0x4d),
    RGBColor(0x5a, 0xa0, 0x5a),
    RGBColor(0xd0, 0x8a, 0x4a),
    RGBColor(0x80, 0x64, 0xa2),
    RGBColor(0x70, 0x70, 0x70),
];

/// The colour of series `i`.
fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// The estimated width in pixels of `text` at `size` (generous: 0.6 em a character).
pub fn text_width(text: &str, size: u32) -> u32 {
    (text.chars().count() as f64 * f64::from(size) * 0.6).ceil() as u32
}

/// Titles longer than this are shortened (a chart is [`WIDTH`] wide).
const MAX_TITLE_CHARS: usize = 60;

/// A label as shown: control characters escaped (the backend escapes markup), long
/// text shortened.
fn shown(text: &str) -> String {
    shortened(text, MAX_LABEL_CHARS)
}

/// A title as shown: as [`shown`], with more room.
fn title(text: &str) -> String {
    shortened(text, MAX_TITLE_CHARS)
}

fn shortened(text: &str, max: usize) -> String {
    let t = fray::text::escape_controls(text);
    if t.chars().count() > max {
        let mut s: String = t.chars().take(max - 1).collect();
        s.push('…');
        s
    } else {
        t.into_owned()
    }
}

/// How the value axis of a bar chart reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Axis {
    /// Probabilities on 0..=1, ticks in percent.
    Percent,
    /// Plain numbers from 0 to the largest value (or outline).
    Number,
}

/// One bar of a bar chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    /// What the bar is, written left of it.
    pub label: String,
    /// The bar's length, on the chart's [`Axis`] (0..=1 for percentages).
    pub value: f64,
    /// The value written right of the bar (the caller formats it: "98.20%", "12.3 / 20").
    pub text: String,
    /// Index into the chart's series: the bar's colour and legend entry.
    pub series: usize,
    /// A confidence interval, drawn as a whisker.
    pub interval: Option<(f64, f64)>,
    /// The exact answer beside the sampled value, drawn as a black mark.
    pub exact: Option<f64>,
    /// A ceiling the value is out of (maximum hit points), drawn as an outline.
    pub outline: Option<f64>,
    /// The bar as stacked parts, left to right, each `(series, length)`, in place of one
    /// fill of its own series (an army's cost split by unit).
    pub parts: Vec<(usize, f64)>,
}

impl Bar {
    /// A plain bar of series `series`.
    pub fn new(
        label: impl Into<String>,
        value: f64,
        text: impl Into<String>,
        series: usize,
    ) -> Bar {
        Bar {
            label: label.into(),
            value,
            text: text.into(),
            series,
            interval: None,
            exact: None,
            outline: None,
            parts: Vec::new(),
        }
    }
}

/// Horizontal bars, one a row, with a legend of the series and of the marks used.
#[derive(Debug, Clone, PartialEq)]
pub struct BarChart {
    /// The heading drawn above the bars.
    pub title: String,
    /// How values are scaled and ticked.
    pub axis: Axis,
    /// What the values measure, in words: the value axis's name.
    pub value_desc: String,
    /// The names of the series, for the legend.
    pub series: Vec<String>,
    /// The bars, top to bottom.
    pub bars: Vec<Bar>,
}

/// One legend entry: a name and how it is drawn.
enum Key {
    Fill(RGBColor),
    Whisker,
    Exact,
    Outline,
    Line(RGBColor),
}

type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;
type Failure = Box<dyn std::error::Error>;

/// The SVG of a failed drawing: a short note in place of the chart (never a panic).
fn failed(title: &str, e: &Failure) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="30"><text x="4" y="20" font-size="13">{}: chart failed ({})</text></svg>"#,
        shown(title).replace('&', "&amp;").replace('<', "&lt;"),
        e.to_string().replace('&', "&amp;").replace('<', "&lt;")
    )
}

/// The SVG `draw` writes, or a note in its place if it fails (never a panic).
fn drawn(title: &str, draw: impl FnOnce(&mut String) -> Result<(), Failure>) -> String {
    let mut svg = String::new();
    match draw(&mut svg) {
        Ok(()) => svg,
        Err(e) => failed(title, &e),
    }
}

/// The legend's height for these keys (they wrap onto more rows when wide).
fn legend_rows(keys: &[(String, Key)]) -> u32 {
    let mut rows = 1;
    let mut x = 10;
    for (name, _) in keys {
        let w = 26 + text_width(name, LABEL_SIZE) + 18;
        if x + w > WIDTH - 10 && x > 10 {
            rows += 1;
            x = 10;
        }
        x += w;
    }
    rows
}

/// Draws the legend into `area` (the strip under the chart).
fn legend(area: &Area, keys: &[(String, Key)]) -> Result<(), Failure> {
    let style =
        TextStyle::from((FONT, LABEL_SIZE).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
    let (mut x, mut y) = (10i32, (LEGEND_ROW / 2) as i32);
    for (name, key) in keys {
        let w = (26 + text_width(name, LABEL_SIZE) + 18) as i32;
        if x + w > (WIDTH - 10) as i32 && x > 10 {
            x = 10;
            y += LEGEND_ROW as i32;
        }
        match key {
            Key::Fill(c) => {
                area.draw(&Rectangle::new([(x, y - 6), (x + 18, y + 6)], c.filled()))?
            }
            Key::Whisker => area.draw(&PathElement::new(
                vec![(x, y), (x + 18, y)],
                BLACK.stroke_width(2),
            ))?,
            Key::Exact => area.draw(&Rectangle::new(
                [(x + 7, y - 8), (x + 11, y + 8)],
                BLACK.filled(),
            ))?,
            Key::Outline => area.draw(&Rectangle::new(
                [(x, y - 6), (x + 18, y + 6)],
                RGBColor(0x99, 0x99, 0x99).stroke_width(1),
            ))?,
            Key::Line(c) => area.draw(&PathElement::new(
                vec![(x, y), (x + 18, y)],
                c.stroke_width(3),
            ))?,
        }
        area.draw(&Text::new(name.clone(), (x + 24, y), style.clone()))?;
        x += w;
    }
    Ok(())
}

/// A horizontal bar chart as a standalone SVG element.
pub fn bars(chart: &BarChart) -> String {
    drawn(&chart.title, |svg| draw_bars(chart, svg))
}

fn draw_bars(chart: &BarChart, svg: &mut String) -> Result<(), Failure> {
    let mut keys: Vec<(String, Key)> = chart
        .series
        .iter()
        .enumerate()
        .map(|(i, s)| (shown(s), Key::Fill(colour(i))))
        .collect();
    if chart.bars.iter().any(|b| b.outline.is_some()) {
        keys.push(("maximum".into(), Key::Outline));
    }
    if chart.bars.iter().any(|b| b.interval.is_some()) {
        keys.push(("95% interval".into(), Key::Whisker));
    }
    if chart.bars.iter().any(|b| b.exact.is_some()) {
        keys.push(("exact".into(), Key::Exact));
    }
    let n = chart.bars.len().max(1);
    let row = 34u32;
    let title_h = TITLE_SIZE + 14;
    // Room for the ticks, and under them the value axis's name.
    let axis_h = if chart.value_desc.is_empty() {
        28u32
    } else {
        48
    };
    let legend_h = legend_rows(&keys) * LEGEND_ROW + 6;
    let plot_h = row * n as u32;
    let height = title_h + plot_h + axis_h + legend_h + 10;
    let labels: Vec<String> = chart.bars.iter().map(|b| shown(&b.label)).collect();
    let texts: Vec<String> = chart.bars.iter().map(|b| shown(&b.text)).collect();
    let left = labels
        .iter()
        .map(|l| text_width(l, LABEL_SIZE))
        .max()
        .unwrap_or(0)
        + 16;
    let right = texts
        .iter()
        .map(|t| text_width(t, LABEL_SIZE))
        .max()
        .unwrap_or(0)
        + 16;
    let top = match chart.axis {
        Axis::Percent => 1.0,
        Axis::Number => chart
            .bars
            .iter()
            .flat_map(|b| {
                [
                    b.value,
                    b.outline.unwrap_or(0.0),
                    b.interval.map_or(0.0, |i| i.1),
                    b.exact.unwrap_or(0.0),
                ]
            })
            .filter(|v| v.is_finite())
            .fold(0.0, f64::max),
    };
    let top = if top > 0.0 { top } else { 1.0 };
    {
        let root = SVGBackend::with_string(svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE)?;
        let (upper, lower) = root.split_vertically(height - legend_h);
        let mut c = ChartBuilder::on(&upper)
            .caption(title(&chart.title), (FONT, TITLE_SIZE))
            .margin_top(6)
            .margin_left(6)
            .margin_right(right as i32)
            .x_label_area_size(axis_h)
            .y_label_area_size(left)
            .build_cartesian_2d(0f64..top, 0f64..n as f64)?;
        let percent = |v: &f64| format!("{:.0}%", v * 100.0);
        let plain = |v: &f64| tick(*v);
        let mut mesh = c.configure_mesh();
        mesh.disable_y_mesh()
            .light_line_style(WHITE)
            .y_labels(0)
            .x_labels(6)
            .x_desc(shown(&chart.value_desc))
            .label_style((FONT, 15))
            .axis_desc_style((FONT, LABEL_SIZE));
        match chart.axis {
            Axis::Percent => mesh.x_label_formatter(&percent).draw()?,
            Axis::Number => mesh.x_label_formatter(&plain).draw()?,
        }
        let y_of = |i: usize| (n - i) as f64 - 0.5;
        let grey = RGBColor(0x99, 0x99, 0x99);
        for (i, b) in chart.bars.iter().enumerate() {
            let (lo, hi) = (y_of(i) - 0.3, y_of(i) + 0.3);
            if let Some(m) = b.outline {
                c.draw_series(std::iter::once(Rectangle::new(
                    [(0.0, lo), (m.max(0.0), hi)],
                    grey.stroke_width(1),
                )))?;
            }
            if b.parts.is_empty() {
                c.draw_series(std::iter::once(Rectangle::new(
                    [(0.0, lo), (b.value.clamp(0.0, top), hi)],
                    colour(b.series).filled(),
                )))?;
            }
            let mut from = 0.0;
            for &(series, length) in &b.parts {
                let to = (from + length.max(0.0)).min(top);
                c.draw_series(std::iter::once(Rectangle::new(
                    [(from, lo), (to, hi)],
                    colour(series).filled(),
                )))?;
                from = to;
            }
            if let Some((l, h)) = b.interval {
                c.draw_series(std::iter::once(PathElement::new(
                    vec![(l, y_of(i)), (h, y_of(i))],
                    BLACK.stroke_width(2),
                )))?;
            }
            if let Some(x) = b.exact {
                let (px, py) = c.backend_coord(&(x.clamp(0.0, top), y_of(i)));
                root.draw(&Rectangle::new(
                    [(px - 2, py - 11), (px + 2, py + 11)],
                    BLACK.filled(),
                ))?;
            }
            let end = [
                b.value,
                b.outline.unwrap_or(0.0),
                b.interval.map_or(0.0, |v| v.1),
                b.exact.unwrap_or(0.0),
            ]
            .into_iter()
            .filter(|v| v.is_finite())
            .fold(0.0, f64::max)
            .min(top);
            let (px, py) = c.backend_coord(&(end, y_of(i)));
            let value_style =
                TextStyle::from((FONT, 15).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
            root.draw(&Text::new(texts[i].clone(), (px + 6, py), value_style))?;
            let (lx, ly) = c.backend_coord(&(0.0, y_of(i)));
            let label_style = TextStyle::from((FONT, LABEL_SIZE).into_font())
                .pos(Pos::new(HPos::Right, VPos::Center));
            root.draw(&Text::new(labels[i].clone(), (lx - 8, ly), label_style))?;
        }
        legend(&lower, &keys)?;
        root.present()?;
    }
    Ok(())
}

/// A vertical line across a histogram, with its legend name ("mean", "exact mean").
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    /// The legend's name for the line ("mean", "exact mean").
    pub name: String,
    /// Where the line stands on the value axis.
    pub at: f64,
}

/// A histogram of counts at whole-number values, with both axes ticked and labelled,
/// and marks (a sampled and an exact mean) drawn as lines and named in the legend.
pub fn histogram(
    title: &str,
    x_desc: &str,
    y_desc: &str,
    points: &[(u32, u64)],
    marks: &[Mark],
) -> String {
    drawn(title, |svg| {
        draw_histogram(title, x_desc, y_desc, points, marks, svg)
    })
}

fn draw_histogram(
    title: &str,
    x_desc: &str,
    y_desc: &str,
    points: &[(u32, u64)],
    marks: &[Mark],
    svg: &mut String,
) -> Result<(), Failure> {
    let mut keys = vec![(shown(y_desc), Key::Fill(colour(3)))];
    for (i, m) in marks.iter().enumerate() {
        keys.push((shown(&m.name), Key::Line(mark_colour(i))));
    }
    let legend_h = legend_rows(&keys) * LEGEND_ROW + 6;
    let height = 300 + legend_h;
    let lo = points.first().map_or(0, |p| p.0);
    let hi = points.last().map_or(lo, |p| p.0).max(lo);
    let max = points.iter().map(|p| p.1).max().unwrap_or(1).max(1);
    // The tick labels, and room for the axis's name beside them (turned on its side).
    let y_label_w = text_width(&max.to_string(), 15) + 16 + LABEL_SIZE + 8;
    {
        let root = SVGBackend::with_string(svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE)?;
        let (upper, lower) = root.split_vertically(height - legend_h);
        let mut c = ChartBuilder::on(&upper)
            .caption(self::title(title), (FONT, TITLE_SIZE))
            .margin_top(6)
            .margin_left(6)
            .margin_right(24)
            .x_label_area_size(44)
            .y_label_area_size(y_label_w)
            .build_cartesian_2d(
                f64::from(lo) - 0.5..f64::from(hi) + 0.5,
                0f64..max as f64 * 1.08,
            )?;
        let whole = |v: &f64| {
            if (v - v.round()).abs() < 1e-9 {
                format!("{}", v.round() as i64)
            } else {
                String::new()
            }
        };
        c.configure_mesh()
            .disable_x_mesh()
            .light_line_style(WHITE)
            .x_labels(((hi - lo + 1) as usize).clamp(2, 12))
            .y_labels(6)
            .x_label_formatter(&whole)
            .y_label_formatter(&whole)
            .x_desc(shown(x_desc))
            .y_desc(shown(y_desc))
            .label_style((FONT, 15))
            .axis_desc_style((FONT, LABEL_SIZE))
            .draw()?;
        c.draw_series(points.iter().map(|(x, n)| {
            let x = f64::from(*x);
            Rectangle::new([(x - 0.42, 0.0), (x + 0.42, *n as f64)], colour(3).filled())
        }))?;
        for (i, m) in marks.iter().enumerate() {
            if m.at.is_finite() {
                let at = m.at.clamp(f64::from(lo) - 0.5, f64::from(hi) + 0.5);
                c.draw_series(std::iter::once(PathElement::new(
                    vec![(at, 0.0), (at, max as f64 * 1.05)],
                    mark_colour(i).stroke_width(3),
                )))?;
            }
        }
        legend(&lower, &keys)?;
        root.present()?;
    }
    Ok(())
}

/// The colours of a histogram's marks: the first (sampled) dark blue, then black (exact).
fn mark_colour(i: usize) -> RGBColor {
    [RGBColor(0x1f, 0x3a, 0x80), BLACK][i % 2]
}

/// A point of a line: (x, y, band), the band (low, high) around y or `None`.
pub type LinePoint = (f64, f64, Option<(f64, f64)>);

/// One line of a line chart: points in order of x, each with an optional band (a 95%
/// interval) drawn as a lighter area around the line.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// The legend's name of the line.
    pub name: String,
    /// (x, y, band): the band is (low, high) around y, or `None` (an exact value).
    pub points: Vec<LinePoint>,
}

/// A line chart: the y of each line against a numeric x axis, with bands.
#[derive(Debug, Clone, PartialEq)]
pub struct LineChart {
    /// The heading drawn above the chart.
    pub title: String,
    /// What the x axis is, in words.
    pub x_desc: String,
    /// What the y axis measures, in words.
    pub y_desc: String,
    /// How the y axis reads: percent (0 to 100%) or plain numbers from 0.
    pub axis: Axis,
    /// The lines, each a colour of the palette in order.
    pub lines: Vec<Line>,
}

/// A line chart as a standalone SVG element; a line's band is shaded in its colour.
pub fn lines(chart: &LineChart) -> String {
    drawn(&chart.title, |svg| draw_lines(chart, svg))
}

fn draw_lines(chart: &LineChart, svg: &mut String) -> Result<(), Failure> {
    let mut keys: Vec<(String, Key)> = chart
        .lines
        .iter()
        .enumerate()
        .map(|(i, l)| (shown(&l.name), Key::Line(colour(i))))
        .collect();
    let banded = chart
        .lines
        .iter()
        .any(|l| l.points.iter().any(|p| p.2.is_some()));
    if banded {
        keys.push((
            "95% interval (band)".into(),
            Key::Fill(RGBColor(0xcc, 0xcc, 0xcc)),
        ));
    }
    let legend_h = legend_rows(&keys) * LEGEND_ROW + 6;
    let height = 340 + legend_h;
    let xs = chart
        .lines
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.0));
    let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
        (a.min(x), b.max(x))
    });
    let (lo, hi) = if lo.is_finite() && hi > lo {
        (lo, hi)
    } else if lo.is_finite() {
        (lo - 1.0, lo + 1.0)
    } else {
        (0.0, 1.0)
    };
    let top = match chart.axis {
        Axis::Percent => 1.0,
        Axis::Number => {
            let m = chart
                .lines
                .iter()
                .flat_map(|l| l.points.iter().map(|p| p.2.map_or(p.1, |b| b.1)))
                .filter(|v| v.is_finite())
                .fold(0.0, f64::max);
            if m > 0.0 { m * 1.08 } else { 1.0 }
        }
    };
    {
        let root = SVGBackend::with_string(svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE)?;
        let (upper, lower) = root.split_vertically(height - legend_h);
        let mut c = ChartBuilder::on(&upper)
            .caption(title(&chart.title), (FONT, TITLE_SIZE))
            .margin_top(6)
            .margin_left(6)
            .margin_right(24)
            .x_label_area_size(44)
            .y_label_area_size(64)
            .build_cartesian_2d(lo..hi, 0f64..top)?;
        let percent = |v: &f64| format!("{:.0}%", v * 100.0);
        let plain = |v: &f64| tick(*v);
        let short = |v: &f64| tick(*v);
        let mut mesh = c.configure_mesh();
        mesh.light_line_style(WHITE)
            .x_label_formatter(&short)
            .x_labels(8)
            .y_labels(6)
            .x_desc(shown(&chart.x_desc))
            .y_desc(shown(&chart.y_desc))
            .label_style((FONT, 15))
            .axis_desc_style((FONT, LABEL_SIZE));
        match chart.axis {
            Axis::Percent => mesh.y_label_formatter(&percent).draw()?,
            Axis::Number => mesh.y_label_formatter(&plain).draw()?,
        }
        for (i, l) in chart.lines.iter().enumerate() {
            let band: Vec<(f64, f64)> = l
                .points
                .iter()
                .map(|p| (p.0, p.2.map_or(p.1, |b| b.1)))
                .chain(
                    l.points
                        .iter()
                        .rev()
                        .map(|p| (p.0, p.2.map_or(p.1, |b| b.0))),
                )
                .collect();
            if l.points.iter().any(|p| p.2.is_some()) {
                c.draw_series(std::iter::once(Polygon::new(
                    band,
                    colour(i).mix(0.25).filled(),
                )))?;
            }
            c.draw_series(std::iter::once(PathElement::new(
                l.points.iter().map(|p| (p.0, p.1)).collect::<Vec<_>>(),
                colour(i).stroke_width(3),
            )))?;
            c.draw_series(
                l.points
                    .iter()
                    .map(|p| Circle::new((p.0, p.1), 4, colour(i).filled())),
            )?;
        }
        legend(&lower, &keys)?;
        root.present()?;
    }
    Ok(())
}

/// A grid of probabilities over two axes, coloured from 0 (red) to 1 (blue), with the
/// edges between cells on either side of `contour` drawn as a thick black line.
#[derive(Debug, Clone, PartialEq)]
pub struct HeatMap {
    /// The heading drawn above the grid.
    pub title: String,
    /// What the columns are (the first axis's path).
    pub x_desc: String,
    /// What the rows are (the second axis's path).
    pub y_desc: String,
    /// The columns' labels, left to right.
    pub xs: Vec<String>,
    /// The rows' labels, bottom to top.
    pub ys: Vec<String>,
    /// `values[column][row]`, each 0..=1.
    pub values: Vec<Vec<f64>>,
    /// The level whose contour is marked (0.5: where the battle is even).
    pub contour: f64,
}

/// A heat map as a standalone SVG element, each cell labelled with its percentage.
pub fn heat_map(chart: &HeatMap) -> String {
    drawn(&chart.title, |svg| draw_heat_map(chart, svg))
}

/// The colour of a probability: red at 0, pale at one half, blue at 1.
fn heat(p: f64) -> RGBColor {
    let p = if p.is_finite() {
        p.clamp(0.0, 1.0)
    } else {
        0.5
    };
    let (from, to, t) = if p < 0.5 {
        (colour(1), RGBColor(0xf4, 0xf4, 0xf4), p * 2.0)
    } else {
        (RGBColor(0xf4, 0xf4, 0xf4), colour(0), p * 2.0 - 1.0)
    };
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
    RGBColor(mix(from.0, to.0), mix(from.1, to.1), mix(from.2, to.2))
}

fn draw_heat_map(chart: &HeatMap, svg: &mut String) -> Result<(), Failure> {
    let keys = vec![
        ("0%".to_string(), Key::Fill(heat(0.0))),
        ("50%".to_string(), Key::Fill(heat(0.5))),
        ("100%".to_string(), Key::Fill(heat(1.0))),
        (
            format!("{:.0}% contour", chart.contour * 100.0),
            Key::Line(BLACK),
        ),
    ];
    let (nx, ny) = (chart.xs.len().max(1), chart.ys.len().max(1));
    let legend_h = legend_rows(&keys) * LEGEND_ROW + 6;
    let cell_h = (360 / ny as u32).clamp(14, 40);
    let height = TITLE_SIZE + 14 + cell_h * ny as u32 + 70 + legend_h;
    let y_label_w = chart
        .ys
        .iter()
        .map(|y| text_width(&shown(y), 15))
        .max()
        .unwrap_or(0)
        + 16;
    {
        let root = SVGBackend::with_string(svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE)?;
        let (upper, lower) = root.split_vertically(height - legend_h);
        let mut c = ChartBuilder::on(&upper)
            .caption(title(&chart.title), (FONT, TITLE_SIZE))
            .margin_top(6)
            .margin_left(6)
            .margin_right(24)
            .x_label_area_size(56)
            .y_label_area_size(y_label_w + 24)
            .build_cartesian_2d(0f64..nx as f64, 0f64..ny as f64)?;
        let label = |names: &[String]| {
            let names = names.to_vec();
            move |v: &f64| {
                let i = v.floor() as usize;
                if (v - i as f64 - 0.5).abs() < 1e-6 {
                    names.get(i).map(|n| shown(n)).unwrap_or_default()
                } else {
                    String::new()
                }
            }
        };
        let (xl, yl) = (label(&chart.xs), label(&chart.ys));
        c.configure_mesh()
            .disable_mesh()
            .x_labels(nx * 2 + 1)
            .y_labels(ny * 2 + 1)
            .x_label_formatter(&xl)
            .y_label_formatter(&yl)
            .x_desc(shown(&chart.x_desc))
            .y_desc(shown(&chart.y_desc))
            .label_style((FONT, 14))
            .axis_desc_style((FONT, LABEL_SIZE))
            .draw()?;
        let at = |i: usize, j: usize| {
            chart
                .values
                .get(i)
                .and_then(|col| col.get(j))
                .copied()
                .unwrap_or(f64::NAN)
        };
        for i in 0..chart.xs.len() {
            for j in 0..chart.ys.len() {
                let (x, y) = (i as f64, j as f64);
                c.draw_series(std::iter::once(Rectangle::new(
                    [(x, y), (x + 1.0, y + 1.0)],
                    heat(at(i, j)).filled(),
                )))?;
                if cell_h >= 18 && nx <= 16 {
                    let style = TextStyle::from((FONT, 13).into_font())
                        .pos(Pos::new(HPos::Center, VPos::Center));
                    c.draw_series(std::iter::once(Text::new(
                        format!("{:.0}%", at(i, j) * 100.0),
                        (x + 0.5, y + 0.5),
                        style,
                    )))?;
                }
            }
        }
        let over = |i: usize, j: usize| at(i, j) >= chart.contour;
        let mut edges = Vec::new();
        for i in 0..chart.xs.len() {
            for j in 0..chart.ys.len() {
                let (x, y) = (i as f64, j as f64);
                if i + 1 < chart.xs.len() && over(i, j) != over(i + 1, j) {
                    edges.push(vec![(x + 1.0, y), (x + 1.0, y + 1.0)]);
                }
                if j + 1 < chart.ys.len() && over(i, j) != over(i, j + 1) {
                    edges.push(vec![(x, y + 1.0), (x + 1.0, y + 1.0)]);
                }
            }
        }
        c.draw_series(
            edges
                .into_iter()
                .map(|e| PathElement::new(e, BLACK.stroke_width(3))),
        )?;
        legend(&lower, &keys)?;
        root.present()?;
    }
    Ok(())
}

/// A tick's number as people write it: at most six decimals, without the float noise of
/// the steps between ticks (0.6, not 0.6000000000000001), and never "-0".
pub fn tick(v: f64) -> String {
    let r = (v * 1e6).round() / 1e6;
    if r == 0.0 { "0".into() } else { format!("{r}") }
}
