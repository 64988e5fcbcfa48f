//! What a designer reads off a matchup matrix: units no one would buy (dominated), and
//! counters that go round (cycles).

use super::answer::Matrix;

/// How far a win chance must be from another, beyond both 95% intervals, to count as
/// better or worse, and how far above 50% a counter must win: 5 points.
pub const MARGIN: f64 = 0.05;

/// Whether score `a` is above `b` by the margin and beyond both intervals.
fn above(a: (f64, f64, f64), b: (f64, f64, f64)) -> bool {
    let (sa, la, _) = a;
    let (sb, _, hb) = b;
    sa - sb >= MARGIN && la > hb
}

/// The score of row x against column y with its interval; x against itself is even.
fn cell(m: &Matrix, x: usize, y: usize) -> (f64, f64, f64) {
    match &m.rows[x].cells[y] {
        Some(c) => (c.score, c.low, c.high),
        None => (0.5, 0.5, 0.5),
    }
}

/// Pairs (dominated, by): `by` is no worse than `unit` against every opponent (itself and
/// `unit` included: their head-to-head counts) and better against at least one.
pub fn dominated(m: &Matrix) -> Vec<(usize, usize)> {
    let n = m.rows.len();
    let mut out = Vec::new();
    for x in 0..n {
        for b in (0..n).filter(|&b| b != x) {
            let mut better_somewhere = false;
            let mut worse_somewhere = false;
            for z in 0..n {
                let (sx, sb) = (cell(m, x, z), cell(m, b, z));
                better_somewhere |= above(sb, sx);
                worse_somewhere |= above(sx, sb);
            }
            if better_somewhere && !worse_somewhere {
                out.push((x, b));
            }
        }
    }
    out
}

/// Cycles of three, each beating the next by the margin and beyond its interval, each
/// listed once (from its first unit in roster order).
pub fn cycles(m: &Matrix) -> Vec<[usize; 3]> {
    let n = m.rows.len();
    let beats = |x: usize, y: usize| {
        let (s, low, _) = cell(m, x, y);
        s >= 0.5 + MARGIN && low > 0.5
    };
    let mut out = Vec::new();
    for a in 0..n {
        for b in (a + 1)..n {
            for c in (a + 1)..n {
                if c != b && beats(a, b) && beats(b, c) && beats(c, a) {
                    out.push([a, b, c]);
                }
            }
        }
    }
    out
}
