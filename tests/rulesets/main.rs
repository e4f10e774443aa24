//! Each ruleset end to end, one binary: a host on loopback TCP with heuristic bots and one
//! `--plain` client that plays a whole game of Adaptations, the Big Game, Risk of Catan or
//! Total Chaos. `cargo test --release --test rulesets` runs them all; `... risk::` one file.

#[path = "../support/mod.rs"]
mod support;

mod adaptations;
mod big_game;
mod risk;
mod total_chaos;
