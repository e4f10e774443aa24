//! The host over real TCP on loopback, one binary: whole games, the lobby, seats and their
//! tokens, private tables, the encrypted transport, saves and resume, drops and kills, and
//! hostile input. `cargo test --release --test host` runs them all; `... hostile::` one file.

#[path = "../support/mod.rs"]
mod support;

mod coach;
mod hostile;
mod lobby;
mod net_game;
mod private_table;
mod reliability;
mod saves;
mod seats;
mod transport;
