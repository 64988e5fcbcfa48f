//! Fuzz targets for fray: the shared entry points (see `docs/testing.md`).

pub mod command_entries;
pub mod entries;
pub mod lab_entries;
