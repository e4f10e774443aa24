//! One module per subcommand; each turns parsed flags into a running game, a board picture or
//! a report.

pub mod board;
pub mod bot;
pub mod coach;
pub mod games;
pub mod host;
pub mod hotseat;
pub mod join;
pub mod loadtest;
pub mod pick;
pub mod play;
pub mod replay;
pub mod sim;

use crate::cli::{Cli, Command};
use std::process::ExitCode;

/// Runs a parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Board { command } => board::run(command),
        Command::Bot => bot::run(),
        Command::Host(args) => host::run(args),
        Command::Join(args) => join::run(args),
        Command::Sim(args) => sim::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Hotseat(args) => hotseat::run(args),
        Command::Games(args) => games::run(args),
        Command::Loadtest(args) => loadtest::run(args),
    }
}
