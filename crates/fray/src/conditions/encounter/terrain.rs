//! Terrain that is not solid ground (Prone: a creature knocked prone there falls), a
//! part of [`Encounter`]. Owns the ground and falling; may not move creatures (a fall
//! keeps the square). fray's grid is flat, so a fall is minimal: the creature stays
//! on its square, prone, and takes the terrain's fixed falling damage (0 unless given)
//! through the damage system. An exiled creature reappearing elsewhere picks a ground
//! square (Exiled).

use serde::Serialize;

use super::*;

/// A square that is not solid ground: a pit, a chasm, open air, deep water...
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Terrain {
    /// What it is, for the log.
    pub name: String,
    /// Damage a creature takes when it falls there.
    pub fall: u32,
}

impl Encounter {
    /// Whether a square is solid ground (every square without terrain is).
    pub fn solid_ground(&self, s: Square) -> bool {
        !self.terrain.contains_key(&s)
    }

    /// A creature just knocked prone falls if it is not on solid ground.
    pub(super) fn fall_if_not_on_ground(&mut self, c: usize) {
        let Some(at) = self.creatures[c].position else {
            return;
        };
        let Some(t) = self.terrain.get(&at).cloned() else {
            return;
        };
        note!(
            self,
            rules::rule_of(C::Prone),
            format_args!(
                "{} is knocked prone off solid ground ({} at {at}): it falls, and lands prone there",
                self.name(c),
                t.name
            ),
        );
        if t.fall > 0 {
            let hit = Hit::new(t.fall, []);
            self.deal(c, &hit, true, None);
        }
    }
}
