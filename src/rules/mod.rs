//! Rules shared by the rulesets: resources and hands, development cards, building on corners
//! and edges with longest road, production, the awards, trade, the table of a one-board game
//! (`table`), the door every command passes (`entry`), and the words of the command
//! languages.

pub mod audit;
pub mod awards;
pub mod banks;
pub mod commands;
pub mod costs;
pub mod devcards;
pub mod entry;
pub mod events;
pub mod facts;
pub mod offers;
pub mod pieces;
pub mod points;
pub mod production;
pub mod robber;
pub mod spots;
pub mod supply;
pub mod table;
pub mod trade;
pub mod view;
pub mod words;

/// Resources and terrains sit below both the board and the rules (a board file names its
/// terrains, a hand counts cards); the rules' path to them is kept for the code that reads
/// them together with the rest of the economy.
pub use crate::resources;
