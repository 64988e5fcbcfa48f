//! The battle lab's commands: `battle`, `sweep`, `sweep-paths`, `roster` and
//! `design-check`.

use std::sync::atomic::{AtomicU64, Ordering};

use fray::request::Refusal;
use fray_lab::design::{self, DesignCheck};
use fray_lab::report::{self, Report};
use fray_lab::request::{BattleRequest, ValidBattle};
use fray_lab::roster::{RosterAnswer, RosterRequest, ValidRoster};
use fray_lab::sweep::paths::{Paths, PathsRequest, ValidPaths};
use fray_lab::sweep::request::{SweepAnswer, SweepRequest, ValidSweep};

use crate::command::{Command, Context, Cost, Pages, Prepared, Span};
use crate::limits::{self, TextFile};

/// `fray battle`: whole battles under any system, many times, reproducibly.
#[derive(Debug)]
pub struct Battle;

impl Command for Battle {
    const NAME: &'static str = "battle";
    const SUMMARY: &'static str =
        "the battle lab: play whole battles many times, or exactly, and report who wins how often";
    const SPAN: Span = Span::Long;
    const FILES: &'static [TextFile] = &[limits::SCENARIO];
    type Request = BattleRequest;
    type Valid = ValidBattle;
    type Answer = Report;

    fn name_source(request: &mut BattleRequest, field: &str, source: String) -> bool {
        (field == "scenario")
            .then(|| request.scenario_source = Some(source))
            .is_some()
    }

    fn prepare(request: BattleRequest) -> Result<Prepared<ValidBattle>, Refusal> {
        let valid = request.validate()?;
        let battles = valid.planned_trials();
        let cost = Cost {
            planned: battles,
            battles,
            points: 0,
            cap: valid.precision.map(|_| "trials"),
            threads: valid.threads as u64,
            effort: valid.effort(),
        };
        let notes = valid.notes.clone();
        Ok(Prepared {
            cost,
            notes,
            ..Prepared::new(valid)
        })
    }

    fn perform(valid: &ValidBattle, cx: &Context<'_>) -> Result<Report, Refusal> {
        // The lab reports each chunk's battles; the context counts all done so far.
        let done = AtomicU64::new(0);
        let progress = |n: u64| (cx.progress)(done.fetch_add(n, Ordering::Relaxed) + n);
        valid.run_with(&progress, cx.cancel)
    }

    fn pages(answer: &Report) -> Option<Pages> {
        Some(Pages {
            html: report::html(answer),
            charts: None,
        })
    }
}

/// `fray sweep`: a scenario at many values of its numbers, or a single roll's odds.
#[derive(Debug)]
pub struct Sweep;

impl Command for Sweep {
    const NAME: &'static str = "sweep";
    const SUMMARY: &'static str =
        "balance sweeps: a scenario at many values of its numbers, a balance point, or exact odds";
    const SPAN: Span = Span::Long;
    const FILES: &'static [TextFile] = &[limits::SCENARIO];
    type Request = SweepRequest;
    type Valid = ValidSweep;
    type Answer = SweepAnswer;

    fn name_source(request: &mut SweepRequest, field: &str, source: String) -> bool {
        (field == "scenario")
            .then(|| request.scenario_source = Some(source))
            .is_some()
    }

    fn prepare(request: SweepRequest) -> Result<Prepared<ValidSweep>, Refusal> {
        let valid = request.validate()?;
        let points = valid.planned_points() as u64;
        let notes = match &valid {
            ValidSweep::Battles { sweep, .. } => sweep.notes.clone(),
            ValidSweep::Odds { .. } => Vec::new(),
        };
        let cost = Cost {
            planned: points,
            battles: valid.planned_battles(),
            points,
            cap: None,
            threads: valid.threads() as u64,
            effort: valid.effort(),
        };
        Ok(Prepared {
            cost,
            notes,
            ..Prepared::new(valid)
        })
    }

    fn perform(valid: &ValidSweep, cx: &Context<'_>) -> Result<SweepAnswer, Refusal> {
        valid.run_with(&|n| (cx.progress)(n as u64), cx.cancel)
    }

    fn pages(answer: &SweepAnswer) -> Option<Pages> {
        Some(Pages {
            html: answer.html(),
            charts: Some(answer.charts()),
        })
    }
}

/// `fray sweep-paths`: what a sweep of a scenario (or an odds system) may vary, each
/// path with a range to start from; the playground offers them on its Sweep tab.
#[derive(Debug)]
pub struct SweepPaths;

impl Command for SweepPaths {
    const NAME: &'static str = "sweep-paths";
    const SUMMARY: &'static str = "the numbers a sweep may vary: a scenario's numeric fields (a unit's count first) or an odds system's inputs, each with a range to start from";
    const FILES: &'static [TextFile] = &[limits::SCENARIO];
    type Request = PathsRequest;
    type Valid = ValidPaths;
    type Answer = Paths;

    fn name_source(request: &mut PathsRequest, field: &str, source: String) -> bool {
        (field == "scenario")
            .then(|| request.scenario_source = Some(source))
            .is_some()
    }

    fn prepare(request: PathsRequest) -> Result<Prepared<ValidPaths>, Refusal> {
        request.validate().map(Prepared::new)
    }

    fn perform(valid: &ValidPaths, _: &Context<'_>) -> Result<Paths, Refusal> {
        Ok(valid.run())
    }
}

/// `fray design-check`: each redesign beside the rules it replaces, one figure a goal.
#[derive(Debug)]
pub struct DesignCheckCommand;

impl Command for DesignCheckCommand {
    const NAME: &'static str = "design-check";
    const SUMMARY: &'static str =
        "each redesign beside the rules it replaces (NetHack 3.6, D&D 4E), one figure a goal";
    type Request = design::Request;
    type Valid = design::Request;
    type Answer = DesignCheck;

    fn prepare(request: design::Request) -> Result<Prepared<design::Request>, Refusal> {
        Ok(Prepared::new(request))
    }

    fn perform(valid: &design::Request, _: &Context<'_>) -> Result<DesignCheck, Refusal> {
        Ok(valid.run())
    }

    fn pages(answer: &DesignCheck) -> Option<Pages> {
        Some(Pages {
            html: design::report::html(answer),
            charts: Some(design::report::charts(answer)),
        })
    }
}

/// `fray roster`: what every unit of a roster should cost so that equal-cost armies
/// fight even.
#[derive(Debug)]
pub struct Roster;

impl Command for Roster {
    const NAME: &'static str = "roster";
    const SUMMARY: &'static str = "price a roster: each unit's fair cost so that equal-cost armies fight even, the matchups, dominated units and counter cycles";
    const SPAN: Span = Span::Long;
    const FILES: &'static [TextFile] = &[limits::ROSTER];
    type Request = RosterRequest;
    type Valid = ValidRoster;
    type Answer = RosterAnswer;

    fn name_source(request: &mut RosterRequest, field: &str, source: String) -> bool {
        (field == "roster")
            .then(|| request.roster_source = Some(source))
            .is_some()
    }

    fn prepare(request: RosterRequest) -> Result<Prepared<ValidRoster>, Refusal> {
        let valid = request.validate()?;
        let battles = valid.planned_battles();
        let cost = Cost {
            planned: battles,
            battles,
            points: 0,
            // An exact roster's battles are its solve's bound, which no field lowers.
            cap: (!valid.roster.exact()).then_some("max_battles"),
            threads: valid.threads as u64,
            effort: valid.effort(),
        };
        Ok(Prepared {
            cost,
            ..Prepared::new(valid)
        })
    }

    fn perform(valid: &ValidRoster, cx: &Context<'_>) -> Result<RosterAnswer, Refusal> {
        valid.run_on(&fray_lab::roster::Local, cx.progress, cx.cancel)
    }

    fn pages(answer: &RosterAnswer) -> Option<Pages> {
        Some(Pages {
            html: fray_lab::roster::report::html(answer),
            charts: None,
        })
    }
}
