//! `catan sim`: bot-only games without a network; prints one JSON line of statistics.

use crate::bots::BotKind;
use crate::cli::SimArgs;
use crate::sim::{self, SimConfig};
use std::io::IsTerminal;
use std::process::ExitCode;

pub fn run(args: SimArgs) -> anyhow::Result<ExitCode> {
    let mut bots = match BotKind::parse_list(&args.bots) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("catan sim: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    // --seats repeats the --bots list in rotation over that many seats.
    if let Some(n) = args.seats {
        if bots.len() > n {
            eprintln!(
                "catan sim: {} bots listed for {n} seats: list at most {n}, or leave out --seats",
                bots.len()
            );
            return Ok(ExitCode::from(2));
        }
        if !bots.is_empty() {
            bots = (0..n).map(|i| bots[i % bots.len()]).collect();
        }
    }
    // A variant whose settings fix the seat count (two per board in a ring) repeats a
    // shorter --bots list in rotation to fill every seat.
    let game = args.game.setup();
    if let Some(n) = game.fixed_seats()
        && !bots.is_empty()
        && bots.len() < n
    {
        bots = (0..n).map(|i| bots[i % bots.len()]).collect();
    }
    let cfg = SimConfig {
        seed: game.seed.unwrap_or_else(rand::random),
        game,
        games: args.games,
        bots,
        threads: args.threads.max(1),
        log: args.log,
        move_cap: sim::DEFAULT_MOVE_CAP,
    };
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(cfg.games as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games  {per_sec}  eta {eta}",
            )
            .expect("a valid template"),
        );
        bar
    });
    let tick = || {
        if let Some(b) = &bar {
            b.inc(1);
        }
    };
    let result = sim::run(&cfg, &tick);
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    match result {
        Ok(report) => {
            println!("{}", serde_json::to_string(&report)?);
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("catan sim: {e}");
            Ok(ExitCode::from(2))
        }
    }
}
