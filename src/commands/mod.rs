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
    if matches!(
        cli.command,
        Command::Board { .. } | Command::Sim(_) | Command::Replay(_)
    ) {
        end_quietly_when_the_reader_goes();
    }
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

/// A report piped into a reader that stops early (`catan board show A | head`) ends quietly,
/// as other command-line tools do: Rust's runtime ignores SIGPIPE, so the next `println!`
/// would panic on the closed pipe. Only for the commands that print and exit: a host or a
/// client must see a closed socket as an error, not be killed by it.
fn end_quietly_when_the_reader_goes() {
    #[cfg(unix)]
    // SAFETY: restores the signal's default action before any thread starts; nothing else
    // in the process has installed a SIGPIPE handler.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
