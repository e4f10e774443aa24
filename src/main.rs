//! The `catan` binary: parses the command line and hands over to the library.

use clap::Parser;

fn main() -> std::process::ExitCode {
    let cli = catan::cli::Cli::parse();
    match catan::commands::run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("catan: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
