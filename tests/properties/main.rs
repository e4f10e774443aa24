//! Property tests through the public API, one binary: random and mutated play of each
//! ruleset over many games, and the fuzz harness at test size.
//! `cargo test --release --test properties` runs them all; `... risk_properties::` one file.

mod adaptations_properties;
mod base_properties;
mod fuzz;
mod risk_properties;
mod total_chaos_properties;
