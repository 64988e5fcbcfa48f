//! The baselines reproduce figures worked by hand from their sources: NetHack 3.6's
//! to-hit and armor class (uhitm.c, mhitu.c, weapon.c) and 4E's resistances (Rules
//! Compendium p. 224), and keep the properties any chance must have.

mod fourth_edition;
mod nethack;
