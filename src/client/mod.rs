//! The client side: one client core ([`state::ClientState`]) that applies the host's messages,
//! shared by the TUI, the plain line mode, spectators and the hot-seat mode; they differ only
//! in how they show it and read input. [`net`] connects to a host over TCP; in-process games
//! use [`crate::server::HostHandle::connect_local`] and look the same.
//!
//! The core, the plain mode and the connection serve any ruleset: they take its view type
//! as a parameter (the five rulesets' [`crate::variants::GameView`] by default), and what they
//! need of a view beyond decoding it is [`state::PlainView`].

pub mod net;
pub mod overlay;
pub mod plain;
pub mod rulesets;
pub mod state;
pub mod summary;
