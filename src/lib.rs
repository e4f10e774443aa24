//! `catan`: Catan in the terminal for a room full of people on one LAN.
//!
//! A map of the crate:
//! - [`geometry`]: flat-top hexes, corners and edges on an infinite lattice, canonically named.
//! - [`topology`]: one map's hexes, corners and edges as dense ids with precomputed adjacency.
//! - [`board`]: board files, the playable map (one board or a ring of them), names players
//!   type, random fair boards, and the ASCII renderer.
//! - [`rules`]: pieces shared by the rulesets (resources, bank, dice, development cards,
//!   building, longest road, harbours, trade).
//! - [`recap`]: the end-of-game summary (points by source, points over the turns, dice,
//!   resources gained and lost), one accumulator for the host and `catan replay --summary`.
//! - [`tui`]: the terminal client (ratatui): board, panels, dialogs, hot-seat screens.

pub mod board;
pub mod bots;
pub mod cli;
pub mod client;
pub mod commands;
pub mod datadir;
pub mod discovery;
pub mod engine;
pub mod fuzz;
pub mod geometry;
pub mod proto;
pub mod recap;
pub mod record;
pub mod rules;
pub mod ruleset;
pub mod save;
pub mod server;
pub mod sim;
pub mod term;
pub mod topology;
pub mod tui;
pub mod variants;
