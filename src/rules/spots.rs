//! Where pieces may go now and small card-drawing helpers, for rulesets that keep their own
//! state around the shared [`Pieces`]: free road and settlement spots, the
//! host's pick for a player who ran out of time in setup, every way to discard, and random
//! cards from a hand.

use crate::board::Map;
use crate::engine::Seat;
use crate::engine::rng::GameRng;
use crate::rules::pieces::{Pieces, RouteKind};
use crate::rules::resources::{Resource, ResourceSet, pips};
use crate::topology::{CornerId, EdgeId};

/// Edges where the seat may build a road now, cost aside (each once, in a stable order).
pub fn road_spots(map: &Map, pieces: &Pieces, seat: Seat) -> Vec<EdgeId> {
    let topo = &map.topology;
    let mut seen: Vec<EdgeId> = Vec::new();
    if pieces.stock(seat).roads == 0 {
        return seen;
    }
    let corners = pieces
        .routes_of(seat)
        .iter()
        .flat_map(|e| topo.edge_corners(*e))
        .chain(pieces.buildings_of(seat).iter().copied());
    for c in corners {
        for e in topo.corner_edges(c).iter().flatten() {
            if !seen.contains(e)
                && pieces
                    .check_route(map, seat, *e, RouteKind::Road, None)
                    .is_ok()
            {
                seen.push(*e);
            }
        }
    }
    seen
}

/// Corners where the seat may build a settlement now, cost aside.
pub fn settlement_spots(map: &Map, pieces: &Pieces, seat: Seat) -> Vec<CornerId> {
    let mut out: Vec<CornerId> = Vec::new();
    for e in pieces.routes_of(seat) {
        for c in map.topology.edge_corners(*e) {
            if !out.contains(&c) && pieces.check_settlement(map, seat, c).is_ok() {
                out.push(c);
            }
        }
    }
    out
}

/// Pips around a corner (how often it produces).
pub fn corner_pips(map: &Map, c: CornerId) -> u32 {
    map.topology
        .corner_hexes(c)
        .iter()
        .flatten()
        .map(|h| map.tile(*h).number().map_or(0, pips) as u32)
        .sum()
}

/// The free corner (distance rule kept) with the most pips around it, the lowest id on ties:
/// the host's pick for a player whose placement time ran out.
pub fn best_free_spot(map: &Map, pieces: &Pieces) -> Option<CornerId> {
    map.land_corners()
        .iter()
        .copied()
        .filter(|c| pieces.check_settlement_spot(map, *c).is_ok())
        .max_by_key(|c| (corner_pips(map, *c), std::cmp::Reverse(*c)))
}

/// The first edge at the new settlement `c` that takes the seat's starting road: the host's
/// pick for a player whose placement time ran out.
pub fn setup_road(map: &Map, pieces: &Pieces, seat: Seat, c: CornerId) -> Option<EdgeId> {
    map.topology
        .corner_edges(c)
        .iter()
        .flatten()
        .copied()
        .find(|e| {
            pieces
                .check_route(map, seat, *e, RouteKind::Road, Some(c))
                .is_ok()
        })
}

/// `n` cards drawn at random from a hand (all of it if it holds fewer).
pub fn random_cards(rng: &mut GameRng, hand: &ResourceSet, n: u32) -> ResourceSet {
    let mut hand = *hand;
    let mut out = ResourceSet::EMPTY;
    for _ in 0..n.min(hand.total()) {
        let i = rng.below(hand.total() as usize) as u32;
        let r = hand.nth_card(i).expect("within hand");
        hand[r] -= 1;
        out[r] += 1;
    }
    out
}

/// Every way to choose `n` cards from `hand` (a discard), in one fixed order (lumber counts
/// first, from the fewest up), each handed to `f` until it answers `false`. The rulesets'
/// legal lists and the base game's counted discard index (`nth_discard`) rely on this order.
pub fn each_choice(hand: &ResourceSet, n: u32, f: &mut impl FnMut(ResourceSet) -> bool) {
    fn go(
        hand: &ResourceSet,
        i: usize,
        left: u32,
        cur: &mut ResourceSet,
        f: &mut impl FnMut(ResourceSet) -> bool,
    ) -> bool {
        if i == 5 {
            return left != 0 || f(*cur);
        }
        let r = Resource::ALL[i];
        // What the remaining resources can still cover.
        let rest: u32 = Resource::ALL[i + 1..].iter().map(|x| hand[*x]).sum();
        let lo = left.saturating_sub(rest);
        let hi = hand[r].min(left);
        for k in lo..=hi {
            cur[r] = k;
            if !go(hand, i + 1, left - k, cur, f) {
                return false;
            }
        }
        cur[r] = 0;
        true
    }
    let mut cur = ResourceSet::EMPTY;
    go(hand, 0, n, &mut cur, f);
}

/// Every way to choose `n` cards from a hand, each once, in [`each_choice`]'s order.
pub fn choices(hand: &ResourceSet, n: u32) -> Vec<ResourceSet> {
    let mut out = Vec::new();
    if n <= hand.total() {
        each_choice(hand, n, &mut |set| {
            out.push(set);
            true
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_are_every_distinct_subset() {
        let hand = ResourceSet::new(2, 1, 0, 0, 1);
        let c = choices(&hand, 2);
        // ll, lb, lo, bo
        assert_eq!(c.len(), 4);
        assert!(c.iter().all(|s| s.total() == 2 && hand.contains(s)));
        assert!(choices(&hand, 5).is_empty());
        assert_eq!(choices(&hand, 0), vec![ResourceSet::EMPTY]);
    }

    #[test]
    fn random_cards_come_from_the_hand() {
        let mut rng = GameRng::new(3);
        let hand = ResourceSet::new(0, 3, 0, 2, 0);
        let c = random_cards(&mut rng, &hand, 4);
        assert_eq!(c.total(), 4);
        assert!(hand.contains(&c));
        assert_eq!(random_cards(&mut rng, &hand, 9), hand);
    }
}
