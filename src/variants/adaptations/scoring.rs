//! Final scoring (A33, A34): land masses (connected land tiles of any terrain), 2 VP per hex to
//! the most herds there and 1 to the second, ties sharing the places they take up rounded
//! down; plus conflict VP and the adaptations' VP. Ties for the win go to most herds on land,
//! then most conflict VP, then are shared.

use super::event::Event;
use super::{AdaptGame, Phase, Piece, Score};
use crate::engine::Seat;
use crate::geometry::Hex;
use std::collections::{BTreeMap, BTreeSet};

/// The land masses: maximal groups of land tiles joined through shared edges, desert included.
pub fn land_masses(tiles: &BTreeMap<Hex, Piece>) -> Vec<Vec<Hex>> {
    let land: BTreeSet<Hex> = tiles
        .iter()
        .filter(|(_, p)| matches!(p, Piece::Land(_)))
        .map(|(h, _)| *h)
        .collect();
    let mut seen: BTreeSet<Hex> = BTreeSet::new();
    let mut out = Vec::new();
    for start in &land {
        if !seen.insert(*start) {
            continue;
        }
        let mut mass = vec![*start];
        let mut i = 0;
        while i < mass.len() {
            for n in mass[i].neighbors() {
                if land.contains(&n) && seen.insert(n) {
                    mass.push(n);
                }
            }
            i += 1;
        }
        mass.sort();
        out.push(mass);
    }
    out
}

/// Points of one land mass of `hexes` hexes for herd counts by seat (A33): places by count,
/// 2 per hex for first and 1 for second; tied players add the points of the places they take
/// up and split them evenly, rounded down. Seats without herds there score nothing.
pub fn mass_points(counts: &[u32], hexes: u32) -> Vec<u32> {
    let place_points = |place: usize| match place {
        0 => 2 * hexes,
        1 => hexes,
        _ => 0,
    };
    let mut out = vec![0; counts.len()];
    let mut levels: Vec<u32> = counts.iter().copied().filter(|c| *c > 0).collect();
    levels.sort_unstable_by(|a, b| b.cmp(a));
    levels.dedup();
    let mut place = 0;
    for level in levels {
        let tied: Vec<usize> = (0..counts.len()).filter(|s| counts[*s] == level).collect();
        let sum: u32 = (place..place + tied.len()).map(place_points).sum();
        let each = sum / tied.len() as u32;
        for s in &tied {
            out[*s] = each;
        }
        place += tied.len();
    }
    out
}

impl AdaptGame {
    /// Everyone's score as the board stands now (final once the game is over).
    pub fn score_now(&self) -> Vec<Score> {
        let n = self.cfg.seats;
        let mut scores: Vec<Score> = (0..n as Seat)
            .map(|s| Score {
                conflict: self.conflict_vp[s as usize],
                adaptations: self.adaptation_vp(s),
                ..Score::default()
            })
            .collect();
        for mass in land_masses(&self.tiles) {
            let counts: Vec<u32> = (0..n as Seat)
                .map(|s| mass.iter().map(|h| self.herds_at(*h, s)).sum())
                .collect();
            for (s, p) in mass_points(&counts, mass.len() as u32)
                .into_iter()
                .enumerate()
            {
                scores[s].land += p;
                scores[s].herds_on_land += counts[s];
            }
        }
        for sc in scores.iter_mut() {
            sc.total = sc.land + sc.conflict + sc.adaptations;
        }
        scores
    }

    /// The game ends now (A31, A32): score it and name the winners (A34).
    pub(crate) fn finish(&mut self, events: &mut Vec<Event>) {
        let scores = self.score_now();
        let key = |s: &Score| (s.total, s.herds_on_land, s.conflict);
        let best = scores.iter().map(key).max().unwrap_or_default();
        self.winners = (0..self.cfg.seats as Seat)
            .filter(|s| key(&scores[*s as usize]) == best)
            .collect();
        self.scores = scores.clone();
        self.phase = Phase::Over;
        self.deadline = None;
        self.resolution = None;
        events.push(Event::GameOver {
            scores,
            winners: self.winners.clone(),
        });
    }
}
