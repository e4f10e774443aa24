//! The long fuzz run: `cargo run --release --example fuzz -- --variant base --commands 1000000
//! --frames 1000000 --seed 1`. Prints one JSON line per part with its counts and time; exits
//! non-zero with the seed, step and input at the first panic or broken invariant.

use catan::cli::VariantName;
use clap::Parser;
use std::time::Instant;

#[derive(Parser)]
struct Args {
    #[arg(long, value_enum, default_value_t = VariantName::Base)]
    variant: VariantName,
    /// Commands fed to the engine.
    #[arg(long, default_value_t = 1_000_000)]
    commands: u64,
    /// Frames fed to the decoders.
    #[arg(long, default_value_t = 1_000_000)]
    frames: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value_t = 4)]
    seats: usize,
}

fn main() -> std::process::ExitCode {
    let a = Args::parse();
    let args = catan::setup::GameSetup::of(&a.variant.name());
    let t = Instant::now();
    let report = |part: &str, r: Result<catan::fuzz::Stats, String>, t: Instant| match r {
        Ok(s) => {
            let mut v = serde_json::to_value(&s).unwrap();
            v["part"] = part.into();
            v["variant"] = a.variant.name().into();
            v["seconds"] = ((t.elapsed().as_secs_f64() * 10.0).round() / 10.0).into();
            println!("{v}");
            true
        }
        Err(e) => {
            eprintln!("fuzz {part}: {e}");
            false
        }
    };
    let ok = report(
        "commands",
        catan::fuzz::commands(&args, a.seats, a.seed, a.commands),
        t,
    );
    let t = Instant::now();
    let ok = report("frames", catan::fuzz::frames(&args, a.seed, a.frames), t) && ok;
    if ok {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}
