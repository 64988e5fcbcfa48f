//! `fray serve`: the web playground (`fray_web`) on the loopback by default, its
//! address printed; another address only with `--allow-remote`, and a warning.

use std::net::SocketAddr;

use anyhow::{Result, anyhow};
use clap::Args;
use clap::builder::RangedU64ValueParser;

use crate::output;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on (port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:7878")]
    addr: SocketAddr,
    /// Allow an address other machines can reach (the playground has no login); needs
    /// --allow-host.
    #[arg(long)]
    allow_remote: bool,
    /// A name other machines reach the server by (its DNS name or address, `NAME` at the
    /// bound port or `NAME:PORT`), given once for each: a request naming any other host
    /// is refused, so no web page can drive the server through DNS rebinding.
    #[arg(long = "allow-host", value_name = "NAME")]
    allow_hosts: Vec<String>,
    /// The most battles one request may play (a sweep's in all).
    #[arg(long, default_value_t = fray_web::Limits::default().max_trials,
          value_parser = clap::value_parser!(u64).range(1..=fray_lab::sweep::MAX_SWEEP_BATTLES))]
    max_trials: u64,
    /// The most points one sweep may hold.
    #[arg(long, default_value_t = fray_web::Limits::default().max_points,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=fray_lab::sweep::MAX_POINTS as u64))]
    max_points: usize,
    /// The most steps one request may take, estimated before any is taken (a
    /// distribution's steps, a fighter in each round a battle may last); more is refused with 422.
    #[arg(long, default_value_t = fray_web::Limits::default().max_steps,
          value_parser = clap::value_parser!(u64).range(1..))]
    max_steps: u64,
    /// The largest answer, in bytes of JSON (estimated before the work, and checked
    /// once written); larger is refused with 422.
    #[arg(long, default_value_t = fray_web::Limits::default().max_answer,
          value_parser = clap::value_parser!(u64).range(1024..))]
    max_answer: u64,
    /// Battles and sweeps run at once; one more is answered 503.
    #[arg(long, default_value_t = fray_web::Limits::default().max_runs,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=64))]
    max_runs: usize,
    /// fray's WebAssembly build, served to the page so that it computes in the browser
    /// (default: the one cargo built beside this binary; without one, the page runs
    /// everything on this server).
    #[arg(long, value_name = "FILE")]
    wasm: Option<std::path::PathBuf>,
    /// The largest request body, in bytes.
    #[arg(long, default_value_t = fray_web::Limits::default().max_body,
          value_parser = RangedU64ValueParser::<usize>::new().range(1024..=fray_commands::limits::MAX_BODY as u64))]
    max_body: usize,
}

pub fn run(args: &ServeArgs) -> Result<String> {
    if let Some(warning) = fray_web::check_addr(args.addr, args.allow_remote, &args.allow_hosts)
        .map_err(|e| anyhow!(e))?
    {
        output::warn(&warning);
    }
    let limits = fray_web::Limits {
        max_body: args.max_body,
        max_trials: args.max_trials,
        max_points: args.max_points,
        max_steps: args.max_steps,
        max_answer: args.max_answer,
        max_runs: args.max_runs,
        ..fray_web::Limits::default()
    };
    let found = crate::playground::find(args.wasm.as_deref())?;
    crate::playground::tell(&found);
    let wasm = found.map(|(_, bytes)| bytes);
    fray_web::serve_blocking(args.addr, limits, wasm, args.allow_hosts.clone(), |bound| {
        let _ = output::print(&format!(
            "fray serve: open http://{bound}/ (Ctrl-C stops)\n"
        ));
    })
    .map_err(|e| anyhow!("cannot serve on {}: {e}", args.addr))?;
    Ok(String::new())
}
