//! Rules shared by the rulesets: resources and hands, development cards, building on corners
//! and edges with longest road, production, the awards, and trade.

pub mod awards;
pub mod costs;
pub mod devcards;
pub mod pieces;
pub mod production;
pub mod resources;
pub mod spots;
pub mod trade;
