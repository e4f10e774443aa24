//! The invariants that hold between any two commands: every card somewhere (95), at most 24
//! herds per player on the board, one consistent hex map (37 tiles of the right kinds, each on
//! its own position inside the frame, the desert in the middle), the adaptations conserved.

use super::drift::{CENTRE, in_frame};
use super::{AdaptGame, Adaptation, CARDS, HERDS, Piece};
use crate::rules::resources::Terrain;

impl AdaptGame {
    /// What is wrong with the state, in words, if anything.
    pub fn audit(&self) -> Result<(), String> {
        if self.cards_total() != CARDS {
            return Err(format!(
                "cards not conserved: {} instead of {CARDS}",
                self.cards_total()
            ));
        }
        for s in 0..self.seats() as crate::engine::Seat {
            if self.on_board(s) > HERDS {
                return Err(format!(
                    "seat {} has {} herds on the board",
                    s + 1,
                    self.on_board(s)
                ));
            }
        }
        for (h, v) in &self.herds {
            if !in_frame(*h) {
                return Err(format!("herds outside the frame at {h:?}"));
            }
            if v.len() != self.seats() || v.iter().all(|c| *c == 0) {
                return Err(format!("a malformed herd entry at {h:?}"));
            }
        }
        if self.tiles.len() != 37 || self.tiles.keys().any(|h| !in_frame(*h)) {
            return Err(format!(
                "{} tiles, or a tile outside the frame",
                self.tiles.len()
            ));
        }
        if self.tiles.get(&CENTRE) != Some(&Piece::Land(Terrain::Desert)) {
            return Err("the desert left the centre".into());
        }
        let count = |p: Piece| self.tiles.values().filter(|x| **x == p).count();
        for (p, n) in [
            (Piece::Sea, 18),
            (Piece::Land(Terrain::Forest), 4),
            (Piece::Land(Terrain::Fields), 4),
            (Piece::Land(Terrain::Pasture), 4),
            (Piece::Land(Terrain::Hills), 3),
            (Piece::Land(Terrain::Mountains), 3),
            (Piece::Land(Terrain::Desert), 1),
        ] {
            if count(p) != n {
                return Err(format!("{} tiles of {p:?}, not {n}", count(p)));
            }
        }
        for a in Adaptation::ALL {
            let held: u32 = self.held.iter().map(|h| h[a.index()] as u32).sum();
            if held + self.supply[a.index()] as u32 != a.copies() as u32 {
                return Err(format!("{} not conserved", a.name()));
            }
            if a != Adaptation::Aggressive && self.held.iter().any(|h| h[a.index()] > 1) {
                return Err(format!("someone holds two {}", a.name()));
            }
        }
        if self.high.is_some() && self.high == self.low {
            return Err("High and Low Season hold the same type".into());
        }
        Ok(())
    }
}
