//! Baselines: the published rules that two of the rules texts redesign, kept apart
//! from fray's own systems so that a design check can set each redesign beside what
//! it replaces.
//!
//! - [`nethack`]: NetHack 3.6's to-hit and armor class, which the evasion text replaces;
//! - [`fourth_edition`]: D&D 4th edition's resistances and vulnerabilities, which the
//!   damage text replaces.
//!
//! They are baselines, not rule systems of fray: no command plays them on their own;
//! `fray design-check` (in `fray-lab`) measures them. `docs/design-check.md` names the
//! source of every formula.

pub mod fourth_edition;
pub mod nethack;
