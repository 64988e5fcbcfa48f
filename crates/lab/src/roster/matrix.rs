//! A matrix: every pair of units played at one set of costs, in parallel.

use std::sync::atomic::AtomicBool;

use fray::request::Refusal;

use super::answer::{Cell, Matrix, Row};
use super::file::Roster;
use super::matchup::Job;
use super::matchup::STREAMS;
use super::play::Counted;
use super::price::{Fair, pairs, score};

/// Every pair played at `costs` (`trials` battles each, each pair on streams of its own
/// from `streams`: two matrices given the same `streams` compare each pair on common
/// random numbers), or None when cancelled.
pub fn play(
    r: &Roster,
    costs: &[f64],
    trials: u64,
    streams: u64,
    player: &Counted,
    cancel: &AtomicBool,
) -> Result<Option<Matrix>, Refusal> {
    let n = r.names.len();
    let mut cells = vec![vec![None; n]; n];
    let mut battles = 0;
    let pairs = pairs(n, Fair::Mean);
    // Streams far from the fit's, so a matrix is a fresh look at its costs.
    let jobs: Vec<Job> = pairs
        .iter()
        .enumerate()
        .map(|(k, &(x, y))| Job {
            x,
            y,
            cx: costs[x],
            cy: costs[y],
            trials,
            stream: (streams << 40) + k as u64 * STREAMS,
        })
        .collect();
    let Some(played) = player.play(r, &jobs, cancel)? else {
        return Ok(None);
    };
    for (&(x, y), o) in pairs.iter().zip(played) {
        battles += o.battles;
        let s = score(&o);
        // Wilson's form, so a sampled cell all wins (or none) keeps a width the
        // metagame's resampling can read its spread from; exact cells are points.
        let (low, high) = if o.se == 0.0 && r.exact() {
            (s, s)
        } else {
            crate::stats::score_interval(s, o.se, o.battles)
        };
        let c = Cell {
            win: o.win,
            draw: o.draw,
            score: s,
            low,
            high,
        };
        cells[x][y] = Some(c);
        cells[y][x] = Some(Cell {
            win: (1.0 - o.win - o.draw).max(0.0),
            draw: o.draw,
            score: 1.0 - s,
            low: 1.0 - c.high,
            high: 1.0 - c.low,
        });
    }
    let rows = cells
        .into_iter()
        .enumerate()
        .map(|(x, cells)| {
            let mean = cells.iter().flatten().map(|c| c.score).sum::<f64>() / (n - 1) as f64;
            Row {
                unit: r.names[x].clone(),
                cells,
                mean,
            }
        })
        .collect();
    Ok(Some(Matrix {
        costs: costs.to_vec(),
        rows,
        battles,
    }))
}
