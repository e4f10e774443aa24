//! What a player sees, one binary: the TUI in a real terminal (tmux), the plain mode's
//! `your move` lines, and every event in words for each reader.
//! `cargo test --release --test client` runs them all; `... tui_e2e::` one file.

#[path = "../support/mod.rs"]
mod support;

mod tui_e2e;
mod words;
mod your_move;
