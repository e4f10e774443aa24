//! Boards: the file format and its checks ([`spec`]), the playable map with its names and
//! topology ([`map`]), the built-in boards ([`builtin`]), random fair base boards
//! ([`generate`]), the ASCII renderer ([`render`]) and what each dice number pays where
//! ([`yields`]).

pub mod builtin;
pub mod generate;
pub mod map;
pub mod render;
pub mod spec;
pub mod yields;

pub use map::{Map, SharedMap};
pub use spec::{BoardSpec, HarborKind, Territory, Tile};
