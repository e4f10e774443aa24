//! `catan games`: list the games announced on the LAN.

use crate::cli::GamesArgs;
use crate::discovery::{NOTHING_FOUND, browse};
use std::process::ExitCode;
use std::time::Duration;

pub fn run(args: GamesArgs) -> anyhow::Result<ExitCode> {
    let games = match browse(Duration::from_secs_f64(args.wait_secs.clamp(0.1, 30.0))) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("catan games: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    if args.json {
        for g in &games {
            println!("{}", serde_json::to_string(g)?);
        }
    } else if games.is_empty() {
        eprintln!("{NOTHING_FOUND}");
    } else {
        for g in &games {
            println!("{}", g.line());
        }
    }
    Ok(ExitCode::SUCCESS)
}
