//! `catan`: Catan in the terminal for a room full of people on one LAN.
//!
//! A map of the crate, lowest layer first:
//! - [`engine`]: the leaf basics every layer shares: seats, game time, refusals, outcomes,
//!   the seeded random stream.
//! - [`geometry`]: flat-top hexes, corners and edges on an infinite lattice, canonically named.
//! - [`topology`]: one map's hexes, corners and edges as dense ids with precomputed adjacency.
//! - [`resources`]: the five resources, the terrains that yield them and counted sets of
//!   cards (hands, bank, costs), below both the board and the rules.
//! - [`board`]: board files, the playable map (one board or a ring of them), names players
//!   type, random fair boards, the ASCII renderer, and how a client rebuilds a map.
//! - [`rules`]: pieces shared by the rulesets (resources, bank, dice, development cards,
//!   building, longest road, harbours, trade) and the facts and points they report to the
//!   end-of-game summary.
//! - [`ruleset`]: the contract every ruleset fulfils ([`ruleset::Ruleset`]), with what drivers
//!   ([`ruleset::TurnOrder`]) and bots ([`ruleset::BotPlay`]) read beside it.
//! - [`variants`]: the five rulesets, each with its settings and bot, and the closed enum
//!   [`variants::Game`] that dispatches to them.
//! - [`recap`]: the end-of-game summary (points by source, points over the turns, dice,
//!   resources gained and lost), one accumulator for the host and `catan replay --summary`.
//! - [`review`]: a finished game reviewed: win chances after every turn by playouts, the
//!   turning points, a person's decisions against `hard`'s (`catan replay --review`).
//! - [`record`]: game records (a header, then every command): saves, sim logs, replays.
//! - [`save`]: the save writer behind a hosted game's record: group-committed fsync, a fresh
//!   copy after a write error.
//! - [`bots`]: the bot levels over any ruleset: easy, the search machinery, a legal-move bot.
//! - [`sim`]: bot-only games without a network, one driver loop for any ruleset (`catan sim`).
//! - [`fuzz`]: random and mutated commands and frames fed to the engine and the decoders.
//! - [`proto`]: the only types that cross the wire, and their framing.
//! - [`discovery`]: finding games on the LAN (DNS-SD over multicast DNS).
//! - [`datadir`]: where the user's seat tokens and the host's saves live.
//! - [`hostkey`]: the host's own ed25519 key, kept in the data directory, and its fingerprint.
//! - [`transport`]: the encrypted transport (TLS from the host key, pinned by clients).
//! - [`server`]: the host: one task owns the table and applies everything in arrival order.
//! - [`client`]: the client core shared by the TUI, the plain line mode and the hot seat.
//! - [`term`]: colour in plain terminal output (board pictures, `--plain` modes).
//! - [`tui`]: the terminal client (ratatui): board, panels, dialogs, hot-seat screens.
//! - [`cli`]: the command line (clap); its game flags convert into a ruleset's settings.
//! - [`commands`]: one module per subcommand, called by the `catan` binary.

// The crate also answers to its own name, so a ruleset's files may be written with the paths an
// outside crate uses (`catan::...`) and serve both ways (`variants/pig`).
extern crate self as catan;

pub mod board;
pub mod bots;
pub mod cli;
pub mod client;
pub mod commands;
pub mod datadir;
pub(crate) mod discovery;
pub mod engine;
pub mod fuzz;
pub mod geometry;
pub mod hostkey;
pub mod proto;
pub(crate) mod recap;
pub mod record;
pub mod resources;
pub mod review;
pub mod rules;
pub mod ruleset;
pub mod save;
pub mod server;
pub mod setup;
pub mod sim;
pub mod ssh;
pub(crate) mod term;
pub mod topology;
pub mod transport;
pub mod tui;
pub mod variants;
