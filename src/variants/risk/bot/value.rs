//! The hard bot's evaluation of a Risk of Catan position, and the moves it compares with it.
//!
//! Risk's hard bot used to play two rounds out with `medium` in every seat; a Risk playout is
//! slow (armies, battles) and two rounds of it too noisy to tell close moves apart, so it won
//! no more often than an equal share. As in base Catan ([`crate::bots::search`]'s value
//! search), the bot now scores each of its own moves by the position it leads to, with a
//! hand-weighted value in victory points: the seat's points (annexed buildings count for
//! their holder), its production where no enemy army blocks it (R9), its hand toward the next
//! build, its development cards, and what the armies make of the board: how safe its own
//! buildings are from annexation (R33), how near it is to annexing the others', and the units
//! it has; less the strongest opponent's public strength.
//!
//! Only what the seat may see is read: its own hand and cards, the others' hand and
//! development card counts, points that are public, the board and every army (R43).

use crate::engine::Seat;
use crate::rules::costs;
use crate::rules::production;
use crate::rules::resources::ResourceSet;
use crate::ruleset::Ruleset;
use crate::topology::{CornerId, HexId};
use crate::variants::base::bot::value::{CARD_WEIGHTS, CardWeights, add_cards_and_awards};
use crate::variants::base::{self, Phase};
use crate::variants::risk::control::Hold;
use crate::variants::risk::{Command, RiskGame, Stage};

/// The value function's weights, in victory points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Weights {
    /// A pip of production the seat collects (cities twice), early in the game; it falls to
    /// half as the seat nears the target.
    pub pip: f64,
    /// Each resource the seat collects at all.
    pub variety: f64,
    /// The best next build the hand points to (its worth over the cards still missing).
    pub plan: f64,
    /// The seat's cards and the awards within reach, as in base Catan.
    pub cards: CardWeights,
    /// Each card a unit cost (foot 1, cavalry 2, cannon 3): material.
    pub unit: f64,
    /// A point's worth of own building whose land the seat holds: its share of the units
    /// each touching hex needs for control (an enemy must fight there to annex it).
    pub guard: f64,
    /// A point's worth of own building one opponent is near annexing (the square of its
    /// mean share of control of the touching land).
    pub threat: f64,
    /// A point's worth of an opponent's building the seat is near annexing (the same square
    /// of its own share).
    pub annex: f64,
    /// The strongest opponent's public strength (points, production, cards, units).
    pub opponent: f64,
}

/// The weights the hard bot plays with: first guesses after base's weights (one variant with
/// lighter army terms was tried, docs/bots.md; not told apart).
pub(crate) const WEIGHTS: Weights = Weights {
    pip: 0.06,
    variety: 0.12,
    plan: 0.35,
    cards: CARD_WEIGHTS,
    unit: 0.04,
    guard: 0.25,
    threat: 0.8,
    annex: 0.6,
    opponent: 0.25,
};

/// A won position: above any other value.
const WIN: f64 = 1000.0;

/// The value of `g` for `me`, in victory points, by [`WEIGHTS`].
pub(crate) fn value(g: &RiskGame, me: Seat) -> f64 {
    value_with(g, me, &WEIGHTS)
}

/// How much of hex `h` seat `s` holds, 0 to 1: its units over the units control needs,
/// halved while another player's units are there too (a contest controls nothing, R7).
fn share(g: &RiskGame, s: Seat, h: HexId) -> f64 {
    let have = g.armies().force(h, s).total();
    if have == 0 {
        return 0.0;
    }
    let full = (have as f64 / g.pips(h).max(1) as f64).min(1.0);
    match g.hold(h) {
        Hold::Contested(..) => 0.5 * full,
        _ => full,
    }
}

/// The seat's production in pips per resource where it collects (R9: no robber, no
/// contest, no other seat's control), cities counting twice.
fn production(g: &RiskGame, seat: Seat) -> [f64; 5] {
    let b = g.base();
    let robber = b.robber();
    production::pips_per_resource(b.map(), b.pieces(), seat, |h| {
        h != robber && b.may_collect(h, seat)
    })
    .map(f64::from)
}

/// Cards a unit costs, summed over the seat's units on the board.
fn material(g: &RiskGame, seat: Seat) -> f64 {
    g.armies()
        .occupied()
        .map(|h| {
            let f = g.armies().force(h, seat);
            (f.foot + 2 * f.cavalry + 3 * f.cannon) as f64
        })
        .sum()
}

/// The best next build the hand points to: each build's worth over one plus the cards still
/// missing for it (a surplus card counts a quarter, as a bank trade would).
fn plan(g: &RiskGame, me: Seat) -> f64 {
    let b = g.base();
    let hand = b.hand(me);
    let stock = b.pieces().stock(me);
    let mut goals: Vec<(f64, ResourceSet)> = vec![(0.5, costs::DEV_CARD)];
    if stock.cities > 0 && has_settlement(g, me) {
        goals.push((1.3, costs::CITY));
    }
    if stock.settlements > 0 && free_spot(g, me) {
        goals.push((1.1, costs::SETTLEMENT));
    }
    goals
        .into_iter()
        .map(|(worth, cost)| {
            let missing = hand.shortfall(&cost).total();
            let surplus = hand.surplus(&cost).total();
            let missing = (missing as f64 - surplus as f64 / 4.0).max(0.0);
            worth / (1.0 + missing)
        })
        .fold(0.0, f64::max)
}

fn has_settlement(g: &RiskGame, me: Seat) -> bool {
    let pieces = g.base().pieces();
    pieces.buildings_of(me).iter().any(|c| {
        pieces
            .building(*c)
            .is_some_and(|b| b.kind == crate::rules::pieces::BuildingKind::Settlement)
    })
}

/// Whether the seat has a corner it could settle now (at the end of one of its roads).
fn free_spot(g: &RiskGame, me: Seat) -> bool {
    let b = g.base();
    let map = b.map();
    let pieces = b.pieces();
    map.land_corners().iter().any(|c| {
        map.topology
            .corner_edges(*c)
            .iter()
            .flatten()
            .any(|e| pieces.route(*e).is_some_and(|r| r.owner == me))
            && pieces.check_settlement_spot(map, *c).is_ok()
    })
}

/// What the armies make of the buildings, for `me`: how safe its own are (its hold on their
/// land, less the nearest annexation an opponent threatens) and how near it is to annexing
/// the others', in points.
fn territory(g: &RiskGame, me: Seat, w: &Weights) -> f64 {
    let pieces = g.base().pieces();
    let seats = g.seats() as Seat;
    let mut v = 0.0;
    for (c, b) in pieces.all_buildings() {
        let land = corner_land(g, c);
        if land.is_empty() {
            continue;
        }
        let n = land.len() as f64;
        let worth = b.weight() as f64;
        let mean = |s: Seat| land.iter().map(|h| share(g, s, *h)).sum::<f64>() / n;
        if b.owner == me {
            v += w.guard * worth * mean(me);
            let danger = (0..seats)
                .filter(|s| *s != me && !g.base().is_out(*s) && !g.is_neutral(*s))
                .map(|s| mean(s).powi(2))
                .fold(0.0, f64::max);
            v -= w.threat * worth * danger;
        } else {
            v += w.annex * worth * mean(me).powi(2);
        }
    }
    v
}

fn corner_land(g: &RiskGame, c: CornerId) -> Vec<HexId> {
    let map = g.map();
    map.topology
        .corner_hexes(c)
        .iter()
        .flatten()
        .copied()
        .filter(|h| map.is_land(*h))
        .collect()
}

/// The value of `g` for `me` by weights `w`.
pub(crate) fn value_with(g: &RiskGame, me: Seat, w: &Weights) -> f64 {
    let b = g.base();
    if let Some(winner) = g.winner() {
        return if winner == me { WIN } else { -WIN };
    }
    if b.is_out(me) {
        return -WIN;
    }
    let target = g.config().vp_target.max(1) as f64;
    let late = (g.public_vp(me) as f64 / target).min(1.0);
    let pip = w.pip * (1.0 - 0.5 * late);
    let mut v = g.total_vp(me) as f64;
    let prod = production(g, me);
    for p in prod {
        v += pip * p;
        if p > 0.0 {
            v += w.variety;
        }
    }
    v += w.plan * plan(g, me);
    add_cards_and_awards(&mut v, b, me, &w.cards);
    v += w.unit * material(g, me);
    v += territory(g, me, w);
    // The strongest opponent, as everyone sees it.
    let opp = (0..g.seats() as Seat)
        .filter(|s| *s != me && !b.is_out(*s) && !g.is_neutral(*s))
        .map(|s| {
            g.public_vp(s) as f64
                + pip * production(g, s).iter().sum::<f64>()
                + w.cards.dev * b.dev_hand(s).cards.len() as f64
                + w.cards.card * b.hand(s).total().min(7) as f64
                + w.unit * material(g, s)
        })
        .fold(0.0f64, f64::max);
    v - w.opponent * opp
}

/// Whether a command proposes, answers or withdraws a trade between players (those stay the
/// heuristic's), or changes passage or resigns (never searched).
fn left_to_medium(c: &Command) -> bool {
    match c {
        Command::Base(b) => {
            crate::variants::base::bot::trade_kind(b) && b.kind() != base::Kind::Bank
        }
        Command::Passage { .. } | Command::Resign => true,
        // The dice of a melee round are rolled as R13's default: the most, cavalry first.
        Command::Attack { dice: Some(_), .. } => true,
        _ => false,
    }
}

/// The moves the value search compares for `me` here, besides the heuristic's pick
/// `medium`: on its turn every build, bank trade, card bought or played, unit bought, move,
/// attack, barrage and redeploy, and ending the turn; every robber move and free road; in a
/// battle, attacking on, stopping and retreating; in the claim loop and for a starting unit,
/// every hex. Elsewhere (setup's settlements and roads, the roll, discards, answers, an offer
/// the heuristic makes) none: the heuristic's pick stands.
pub(crate) fn candidates(g: &RiskGame, me: Seat, medium: &Command, out: &mut Vec<Command>) {
    if left_to_medium(medium) {
        return;
    }
    let searched = match g.stage() {
        Stage::StartUnit { seat, .. } | Stage::Claim { seat } => *seat == me,
        Stage::Battle(b) => b.attacker == me,
        Stage::Play => {
            g.current() == me
                && matches!(
                    g.base().phase(),
                    Phase::Main | Phase::Robber { .. } | Phase::RoadBuilding { .. }
                )
        }
    };
    if !searched {
        return;
    }
    let start = out.len();
    out.extend(g.legal(me));
    let mut i = start;
    while i < out.len() {
        if left_to_medium(&out[i]) {
            out.swap_remove(i);
        } else {
            i += 1;
        }
    }
}

/// `me`'s own next moves after a candidate whose outcome is known: the base builds its hand
/// pays for (a bank trade, then the city it buys).
pub(crate) fn replies(g: &RiskGame, me: Seat, out: &mut Vec<Command>) {
    if g.stage() != &Stage::Play || g.current() != me || g.base().phase() != &Phase::Main {
        return;
    }
    for c in g.base().legal(me) {
        if matches!(
            c,
            base::Command::Settle(_) | base::Command::City(_) | base::Command::Road(_)
        ) && g.check_base(me, &c).is_ok()
        {
            out.push(Command::Base(c));
        }
    }
}

/// The seat whose move the position waits for: the placer, the attacker, or the current
/// player.
pub(crate) fn acting(g: &RiskGame) -> Seat {
    match g.stage() {
        Stage::StartUnit { seat, .. } | Stage::Claim { seat } => *seat,
        Stage::Battle(b) => b.attacker,
        Stage::Play => g.current(),
    }
}

/// Whether a move's outcome depends on what the seat cannot see: a card drawn or stolen,
/// what a monopoly takes, or the dice (the roll, a melee round, a barrage, a move or a
/// placement among enemy units, which may fight at once).
pub(crate) fn chance(g: &RiskGame, me: Seat, c: &Command) -> bool {
    match c {
        Command::Base(b) => matches!(
            b,
            base::Command::BuyDev
                | base::Command::Roll
                | base::Command::PlayMonopoly(_)
                | base::Command::Robber { steal: Some(_), .. }
        ),
        Command::Attack { .. } | Command::Barrage { .. } => true,
        Command::Move { to, .. } => g.armies().has_enemy(*to, me),
        Command::Buy { at, .. } => g.armies().has_enemy(*at, me),
        Command::Place(Some(h)) => g.armies().has_enemy(*h, me),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::search::Budget;
    use crate::bots::{Bot, BotKind};
    use crate::ruleset::BotPlay;
    use crate::variants::risk::tests::{hand, hex, playing, put, refresh, settle_at};

    /// Four seats past setup, seat 0 in its main phase with a second settlement on the corner
    /// of A (9, four pips), B (12, one) and E (11, two), every hex empty.
    fn home() -> RiskGame {
        let mut g = playing(4);
        settle_at(&mut g, 0, &["A", "B", "E"]);
        refresh(&mut g);
        g
    }

    /// Holding the land around a building is worth something; an opponent near annexing it
    /// costs, and more once it has taken it (the point and the production go with it).
    #[test]
    fn the_land_around_a_building_counts() {
        let g = home();
        let before = value(&g, 0);
        let mut guarded = g.clone();
        put(&mut guarded, "A", 0, 4, 0, 0);
        put(&mut guarded, "B", 0, 1, 0, 0);
        put(&mut guarded, "E", 0, 2, 0, 0);
        refresh(&mut guarded);
        assert!(value(&guarded, 0) > before + 0.2, "guarding adds");
        let mut threatened = g.clone();
        put(&mut threatened, "A", 1, 4, 0, 0);
        put(&mut threatened, "B", 1, 1, 0, 0);
        refresh(&mut threatened);
        let near = value(&threatened, 0);
        assert!(near < before - 0.3, "a threat costs: {near} vs {before}");
        let mut annexed = threatened.clone();
        put(&mut annexed, "E", 1, 2, 0, 0);
        refresh(&mut annexed);
        assert_eq!(annexed.base().pieces().buildings_of(0).len(), 1, "annexed");
        assert!(
            value(&annexed, 0) < near - 0.5,
            "the annexation itself costs more"
        );
        // The same armies seen from the annexer's side: worth more to it than none.
        assert!(value(&annexed, 1) > value(&g, 1) + 1.0);
    }

    /// Production an enemy's control blocks (R9) is not counted.
    #[test]
    fn blocked_production_is_not_counted() {
        let g = home();
        let mut blocked = g.clone();
        put(&mut blocked, "A", 1, 4, 0, 0);
        refresh(&mut blocked);
        assert_eq!(production(&g, 0).iter().sum::<f64>() - 4.0, {
            production(&blocked, 0).iter().sum::<f64>()
        });
    }

    /// On its turn the value search compares the army moves too (purchases, moves, redeploys)
    /// and ending the turn; passage, resigning and chosen dice are left out.
    #[test]
    fn every_own_move_is_a_candidate() {
        let mut g = home();
        put(&mut g, "A", 0, 2, 0, 0);
        hand(&mut g, 0, "2 wool");
        let mut out = Vec::new();
        let end = Command::Base(base::Command::End);
        candidates(&g, 0, &end, &mut out);
        assert!(out.contains(&end));
        for kind in ["buy", "move", "redeploy"] {
            assert!(
                out.iter().any(|c| match c {
                    Command::Buy { .. } => kind == "buy",
                    Command::Move { .. } => kind == "move",
                    Command::Redeploy { .. } => kind == "redeploy",
                    _ => false,
                }),
                "no {kind} in {out:?}"
            );
        }
        assert!(out.iter().all(|c| !left_to_medium(c)), "{out:?}");
        // A move into an empty hex is known; an attack is not.
        let a = hex(&g, "A");
        assert!(
            out.iter()
                .filter(|c| matches!(c, Command::Move { .. }))
                .all(|c| !chance(&g, 0, c))
        );
        assert!(chance(&g, 0, &Command::Attack { hex: a, dice: None }));
        // Not its turn: nothing to compare.
        let mut none = Vec::new();
        candidates(&g, 1, &end, &mut none);
        assert!(none.is_empty());
    }

    /// Hard values Risk positions rather than playing them out: each of its moves once, the
    /// ones that draw on hidden cards or the dice over every deal (eight at the default
    /// budget), and the pick is one of them.
    #[test]
    fn hard_values_its_moves_without_playouts() {
        let mut g = home();
        put(&mut g, "A", 0, 2, 0, 0);
        hand(&mut g, 0, "2 wool 1 ore 1 grain");
        assert!(g.search_value(0).is_some());
        let mut bot: Bot<RiskGame> = Bot::new(BotKind::Hard, 4).with_budget(Budget::Playouts(240));
        let pick = bot.choose(&g, 0).expect("a move");
        assert!(g.legal(0).contains(&pick), "{pick:?}");
        assert_eq!(bot.stats.searched, 1);
        // Medium's pick is one of these (it makes no offer here).
        let mut unique = Vec::new();
        candidates(&g, 0, &Command::Base(base::Command::End), &mut unique);
        let chance_n = unique.iter().filter(|c| chance(&g, 0, c)).count() as u64;
        let known = unique.len() as u64 - chance_n;
        assert_eq!(bot.stats.playouts, known + 8 * chance_n);
    }
}
