//! Who stands where: creatures kept in square buckets of the grid, so the questions a
//! turn asks about space (who is on this square, who is next to that one, which enemy is
//! nearest) look at the creatures close by instead of every creature of the encounter.
//! A large skirmish asks them many times a turn; without the buckets each is a walk over
//! the whole roster and a turn costs more the more creatures there are.
//!
//! The buckets cover the box the creatures started in (at most 32 by 32 of them); a
//! creature outside it is kept in the nearest edge bucket, so every answer stays exact
//! (an edge bucket only holds more), however far creatures go. Each side has its own
//! buckets: the nearest enemy is looked for among enemies only, not past the allies
//! that crowd around the one asking.

use crate::conditions::model::{Side, Square};

/// Buckets wide (and high) at most.
const MOST_BUCKETS: i64 = 32;

/// Square buckets over the grid, and the square each creature is kept at.
#[derive(Debug, Clone)]
pub(super) struct Grid {
    /// The corner square of bucket (0, 0).
    x0: i64,
    y0: i64,
    /// A bucket is `1 << shift` squares wide.
    shift: u32,
    w: i64,
    h: i64,
    /// Side by side, then row by row: the creatures in each bucket, in no order.
    buckets: Vec<Vec<usize>>,
    /// Each creature's square (none: off the grid).
    at: Vec<Option<Square>>,
    /// Each creature's side (it does not change in play).
    side: Vec<Side>,
}

impl Grid {
    /// Buckets sized to the box around `positions`, each creature (of `side`) kept where
    /// it stands.
    pub(super) fn new(positions: &[Option<Square>], side: Vec<Side>) -> Self {
        let placed = || positions.iter().flatten();
        let (x0, y0, shift, w, h) = match (
            placed().map(|s| i64::from(s.x)).min(),
            placed().map(|s| i64::from(s.x)).max(),
            placed().map(|s| i64::from(s.y)).min(),
            placed().map(|s| i64::from(s.y)).max(),
        ) {
            (Some(x0), Some(x1), Some(y0), Some(y1)) => {
                // Buckets of 4 squares at least: smaller ones hold too few to pay for
                // their own visits.
                let extent = (x1 - x0).max(y1 - y0) + 1;
                let shift = (2..63).find(|&s| extent >> s < MOST_BUCKETS).unwrap_or(63);
                (
                    x0,
                    y0,
                    shift,
                    ((x1 - x0) >> shift) + 1,
                    ((y1 - y0) >> shift) + 1,
                )
            }
            _ => (0, 0, 2, 1, 1),
        };
        let mut grid = Self {
            x0,
            y0,
            shift,
            w,
            h,
            buckets: vec![Vec::new(); 2 * (w * h) as usize],
            at: vec![None; positions.len()],
            side,
        };
        grid.reset(positions.iter().copied());
        grid
    }

    /// Every creature kept where `positions` says, the buckets' memory kept.
    pub(super) fn reset(&mut self, positions: impl IntoIterator<Item = Option<Square>>) {
        self.buckets.iter_mut().for_each(Vec::clear);
        self.at.fill(None);
        for (c, p) in positions.into_iter().enumerate() {
            self.place(c, p);
        }
    }

    /// The bucket column and row a square falls in, unclamped.
    fn cell(&self, s: Square) -> (i64, i64) {
        (
            (i64::from(s.x) - self.x0) >> self.shift,
            (i64::from(s.y) - self.y0) >> self.shift,
        )
    }

    /// The bucket a square is kept in (an edge bucket for a square outside the box),
    /// among one side's.
    fn bucket(&self, s: Square) -> usize {
        let (bx, by) = self.cell(s);
        (by.clamp(0, self.h - 1) * self.w + bx.clamp(0, self.w - 1)) as usize
    }

    /// The first of `side`'s buckets.
    fn first(&self, side: Side) -> usize {
        side as usize * (self.w * self.h) as usize
    }

    /// Moves creature `c` to `to` (none: off the grid).
    pub(super) fn place(&mut self, c: usize, to: Option<Square>) {
        let from = self.at[c];
        if from == to {
            return;
        }
        let first = self.first(self.side[c]);
        let (old, new) = (
            from.map(|s| first + self.bucket(s)),
            to.map(|s| first + self.bucket(s)),
        );
        if old != new {
            if let Some(b) = old {
                let bucket = &mut self.buckets[b];
                if let Some(i) = bucket.iter().position(|&o| o == c) {
                    bucket.swap_remove(i);
                }
            }
            if let Some(b) = new {
                self.buckets[b].push(c);
            }
        }
        self.at[c] = to;
    }

    /// The creatures on square `s`, in no order.
    pub(super) fn on(&self, s: Square) -> impl Iterator<Item = usize> + '_ {
        let b = self.bucket(s);
        [Side::A, Side::B]
            .into_iter()
            .flat_map(move |side| self.buckets[self.first(side) + b].iter().copied())
            .filter(move |&o| self.at[o] == Some(s))
    }

    /// The creatures at most `r` squares from `s`, in no order.
    pub(super) fn within(&self, s: Square, r: u32) -> impl Iterator<Item = usize> + '_ {
        let r = i64::from(r);
        let corner = |dx: i64, dy: i64| {
            let bx = (i64::from(s.x) + dx - self.x0) >> self.shift;
            let by = (i64::from(s.y) + dy - self.y0) >> self.shift;
            (bx.clamp(0, self.w - 1), by.clamp(0, self.h - 1))
        };
        let ((bx0, by0), (bx1, by1)) = (corner(-r, -r), corner(r, r));
        let sides = [self.first(Side::A), self.first(Side::B)];
        (by0..=by1)
            .flat_map(move |by| (bx0..=bx1).map(move |bx| (by * self.w + bx) as usize))
            .flat_map(move |b| sides.into_iter().map(move |first| first + b))
            .flat_map(move |b| self.buckets[b].iter().copied())
            .filter(move |&o| self.at[o].is_some_and(|p| p.distance(s) as i64 <= r))
    }

    /// The creature of `side` nearest to `s` among those `keep` accepts (the lowest
    /// index among equally near ones, as a walk over the roster in order would find).
    pub(super) fn nearest(
        &self,
        s: Square,
        side: Side,
        mut keep: impl FnMut(usize) -> bool,
    ) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        let mut consider = |o: usize, best: &mut Option<(u32, usize)>| {
            if let Some(p) = self.at[o] {
                let d = (p.distance(s), o);
                if best.is_none_or(|b| d < b) && keep(o) {
                    *best = Some(d);
                }
            }
        };
        let (bx, by) = self.cell(s);
        if !(0..self.w).contains(&bx) || !(0..self.h).contains(&by) {
            // Outside the box, rings of buckets do not bound distances: look at all.
            (0..self.at.len())
                .filter(|&o| self.side[o] == side)
                .for_each(|o| consider(o, &mut best));
            return best.map(|(_, o)| o);
        }
        let first = self.first(side);
        let last = bx.max(self.w - 1 - bx).max(by).max(self.h - 1 - by);
        for r in 0..=last {
            // A creature in ring r (r buckets away) is more than (r - 1) buckets away.
            let least = if r == 0 {
                0
            } else {
                ((r - 1) << self.shift) + 1
            };
            if best.is_some_and(|(d, _)| i64::from(d) < least) {
                break;
            }
            for y in (by - r).max(0)..=(by + r).min(self.h - 1) {
                let edge = (y - by).abs() == r;
                let step = if edge { 1 } else { (2 * r).max(1) };
                let mut x = bx - r;
                while x <= bx + r {
                    if (0..self.w).contains(&x) {
                        let b = first + (y * self.w + x) as usize;
                        self.buckets[b].iter().for_each(|&o| consider(o, &mut best));
                    }
                    x += step;
                }
            }
        }
        best.map(|(_, o)| o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn square((x, y): (i32, i32)) -> Square {
        Square { x, y }
    }

    /// Sides in a pattern that is not the odd-even one the tests also filter by.
    fn side_of(c: usize) -> Side {
        if c % 3 == 0 { Side::A } else { Side::B }
    }

    fn sides(n: usize) -> Vec<Side> {
        (0..n).map(side_of).collect()
    }

    /// What the buckets must answer: the same as a walk over every creature.
    fn walked(at: &[Option<Square>], s: Square, keep: impl Fn(usize) -> bool) -> Option<usize> {
        (0..at.len())
            .filter(|&o| at[o].is_some() && side_of(o) == Side::B && keep(o))
            .min_by_key(|&o| at[o].map(|p| p.distance(s)))
    }

    fn coordinate() -> impl Strategy<Value = i32> {
        prop_oneof![
            -40..40i32,
            Just(i32::MIN),
            Just(i32::MAX),
            -2_000_000..2_000_000i32
        ]
    }

    fn spot() -> impl Strategy<Value = Option<Square>> {
        proptest::option::weighted(0.9, (coordinate(), coordinate()).prop_map(square))
    }

    proptest! {
        /// After creatures are placed and moved anywhere (outside the first box too),
        /// every question is answered as a walk over all of them would.
        #[test]
        fn buckets_answer_as_a_walk_over_every_creature(
            start in proptest::collection::vec(spot(), 1..40),
            moves in proptest::collection::vec((0..40usize, spot()), 0..40),
            asked in proptest::collection::vec((coordinate(), coordinate()), 1..8),
            r in 0..5u32,
            odd in any::<bool>(),
        ) {
            let mut grid = Grid::new(&start, sides(start.len()));
            let mut at = start.clone();
            for (c, to) in moves {
                let c = c % at.len();
                grid.place(c, to);
                at[c] = to;
            }
            let keep = |o: usize| (o % 2 == 1) == odd;
            for s in asked.into_iter().map(square) {
                prop_assert_eq!(grid.nearest(s, Side::B, keep), walked(&at, s, keep));
                let mut on: Vec<usize> = grid.on(s).collect();
                on.sort_unstable();
                let all: Vec<usize> = (0..at.len()).filter(|&o| at[o] == Some(s)).collect();
                prop_assert_eq!(on, all);
                let mut near: Vec<usize> = grid.within(s, r).collect();
                near.sort_unstable();
                let all: Vec<usize> = (0..at.len())
                    .filter(|&o| at[o].is_some_and(|p| p.distance(s) <= r))
                    .collect();
                prop_assert_eq!(near, all);
            }
            grid.reset(start.iter().copied());
            let s = square((0, 0));
            prop_assert_eq!(grid.nearest(s, Side::B, |_| true), walked(&start, s, |_| true));
        }
    }

    /// A crowd far from the one asking: the nearest is found past empty buckets, and
    /// ties go to the lowest index.
    #[test]
    fn the_nearest_is_found_across_empty_buckets() {
        let at: Vec<Option<Square>> = [(0, 0), (200, 200), (190, 0), (0, 190), (200, 10)]
            .into_iter()
            .map(|p| Some(square(p)))
            .collect();
        let grid = Grid::new(&at, vec![Side::A; at.len()]);
        let nearest = |s, keep: fn(usize) -> bool| grid.nearest(square(s), Side::A, keep);
        assert_eq!(
            nearest((0, 0), |o| o != 0),
            Some(2),
            "190 ties 190: index 2"
        );
        assert_eq!(nearest((199, 199), |_| true), Some(1));
        assert_eq!(nearest((0, 0), |_| false), None);
        assert_eq!(
            grid.nearest(square((0, 0)), Side::B, |_| true),
            None,
            "none of side b"
        );
    }
}
