//! The hard bot's evaluation of a base position, and the moves it compares with it.
//!
//! Playouts played by `medium` could only find moves medium would play well after, and two
//! rounds of them were too noisy to tell close moves apart. The hard bot instead scores each
//! candidate by the position it leads to, with a hand-weighted value function in victory
//! points (the approach of catanatron's value-function and alpha-beta players, written here
//! from our own planner's parts): the seat's points, its production by resource (weighted by
//! how scarce each resource is on the board, robbed hexes left out, a bonus for each
//! resource it has at all), how near its hand is to its best next build (the planner's own
//! goal, value over the wait), where it can still build, its cards (and the chance of losing
//! half to a 7), development cards held, knights and road length toward the two awards, and
//! the strongest opponent's public strength (so the robber goes where it hurts the leader).
//!
//! Only what the seat may see is read: its own hand and cards, public counts and the board.
//! The search ([`crate::bots::search`]) averages the value over fresh deals of what the seat
//! cannot see where a move draws on them (a card bought, a steal, an offer: whether anyone
//! takes it is played in each deal by the heuristic's own answer), and looks one more of its
//! own moves ahead (a trade, then the build it pays for). Offers made to the seat and its
//! discards are compared the same way: by the hand (and position) each leaves.

use super::{Ctx, trade_kind};
use crate::engine::Seat;
use crate::rules::devcards::DevCard;
use crate::rules::offers::TradeCommand;
use crate::rules::production;
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::spots;
use crate::ruleset::Ruleset;
use crate::variants::base::{BaseGame, Command, Kind, Phase};

/// The value function's weights, in victory points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Weights {
    /// A weighted pip of production (cities count twice), early in the game; it falls to
    /// half as the seat nears the target (less time left to spend what it brings).
    pub pip: f64,
    /// Each resource the seat produces at all.
    pub variety: f64,
    /// The planner's best goal (its value over the wait the hand leaves): a hand that pays
    /// for the next build now is worth more than the same number of stray cards.
    pub plan: f64,
    /// The seat's cards, and the awards within reach.
    pub cards: CardWeights,
    /// A free spot where the seat could build a settlement now (up to three count).
    pub spot: f64,
    /// The strongest opponent's public strength (points, production, cards).
    pub opponent: f64,
}

/// The weights of what a seat's cards and the two awards are worth, in victory points: the
/// same in every ruleset played on base Catan's rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CardWeights {
    /// A resource card in hand, up to seven.
    pub card: f64,
    /// Each card beyond seven (half of the hand is lost to a 7 before the seat plays again
    /// about half the time).
    pub over_seven: f64,
    /// An unplayed development card that is not a point.
    pub dev: f64,
    /// A knight played, while the Largest Army is not ours.
    pub knight: f64,
    /// A segment of the seat's longest road, while the Longest Road is not ours.
    pub road: f64,
}

/// The card weights the hard bot plays with.
pub(crate) const CARD_WEIGHTS: CardWeights = CardWeights {
    card: 0.03,
    over_seven: 0.12,
    dev: 0.4,
    knight: 0.15,
    road: 0.04,
};

/// Adds to `v` what `me`'s cards are worth (resource cards up to seven, less those beyond,
/// which a 7 halves; development cards that are not points) and its knights and road toward
/// the awards it does not hold.
pub(crate) fn add_cards_and_awards(v: &mut f64, g: &BaseGame, me: Seat, w: &CardWeights) {
    let cards = g.hand(me).total();
    *v += w.card * cards.min(7) as f64;
    if cards > 7 {
        *v -= w.over_seven * (cards - 7) as f64;
    }
    let dev = g.dev_hand(me);
    let held = dev
        .cards
        .iter()
        .filter(|h| h.card != DevCard::VictoryPoint)
        .count();
    *v += w.dev * held as f64;
    if g.largest_army() != Some(me) {
        *v += w.knight * dev.knights_played.min(3) as f64;
    }
    if g.longest_road() != Some(me) {
        *v += w.road * g.road_length(me).min(8) as f64;
    }
}

/// The weights the hard bot plays with (tuned by `catan sim`, hard against three medium).
pub(crate) const WEIGHTS: Weights = Weights {
    pip: 0.06,
    variety: 0.12,
    plan: 0.35,
    cards: CARD_WEIGHTS,
    spot: 0.15,
    opponent: 0.25,
};

/// A won position: above any other value.
const WIN: f64 = 1000.0;

/// The value of `g` for `me`, in victory points, by [`WEIGHTS`].
pub(crate) fn value(g: &BaseGame, me: Seat) -> f64 {
    value_with(g, me, &WEIGHTS)
}

/// The value of `g` for `me` by weights `w`.
pub(crate) fn value_with(g: &BaseGame, me: Seat, w: &Weights) -> f64 {
    if let Some(winner) = g.winner() {
        return if winner == me { WIN } else { -WIN };
    }
    let ctx = Ctx::new(g, me);
    let target = ctx.target.max(1) as f64;
    let late = (g.public_vp(me) as f64 / target).min(1.0);
    let pip = w.pip * (1.0 - 0.5 * late);
    let mut v = g.total_vp(me) as f64;
    // Production, where the robber does not sit.
    let prod = robbed_production(g, me);
    let mut weighted = 0.0;
    for (i, p) in prod.iter().enumerate() {
        weighted += (*p * ctx.weight[i]) as f64;
        if *p > 0.0 {
            v += w.variety;
        }
    }
    v += pip * weighted;
    // The hand toward the next build.
    if let Some(plan) = ctx.plans().first() {
        v += w.plan * plan.score as f64;
    }
    // Cards, development cards, and the awards within reach.
    add_cards_and_awards(&mut v, g, me, &w.cards);
    // Room to build.
    if ctx.pieces.stock(me).settlements > 0 {
        let reach = ctx.reach();
        let spots = ctx
            .map
            .land_corners()
            .iter()
            .filter(|c| {
                reach.dist[c.index()] == 0 && ctx.pieces.check_settlement_spot(ctx.map, **c).is_ok()
            })
            .count();
        v += w.spot * spots.min(3) as f64;
    }
    // The strongest opponent, as everyone sees it.
    let opp = ctx
        .opponents()
        .map(|s| {
            let p = robbed_production(g, s);
            let weighted: f64 = p
                .iter()
                .zip(ctx.weight.iter())
                .map(|(p, w)| (*p * *w) as f64)
                .sum();
            g.public_vp(s) as f64
                + pip * weighted
                + w.cards.dev * g.dev_hand(s).cards.len() as f64
                + w.cards.card * g.hand(s).total().min(7) as f64
        })
        .fold(0.0f64, f64::max);
    v - w.opponent * opp
}

/// A seat's production in pips per resource, cities counting twice, the robber's hex left
/// out: public, from the board alone.
fn robbed_production(g: &BaseGame, seat: Seat) -> [f32; 5] {
    let robber = g.robber();
    production::pips_per_resource(g.map(), g.pieces(), seat, |h| h != robber).map(|p| p as f32)
}

/// Whether a command proposes, answers or withdraws a trade between players (hard compares
/// offers only where the heuristic makes its one of the turn, and answers only to take or
/// refuse: a counter offer or a withdrawal stays the heuristic's).
fn player_trade(c: &Command) -> bool {
    trade_kind(c) && c.kind() != Kind::Bank
}

/// The moves the value search compares for `me` here (the heuristic's pick `medium` among
/// them): on its turn every build, bank trade, card bought or played, and ending the turn;
/// every robber move; every free road. When the heuristic makes its one offer of the turn,
/// every offer of the hand's cards besides (so hard picks which offer, or another move; never
/// a second offer in a turn). Offered a trade, taking or refusing each offer open to it. Owing
/// a discard, every set of that many cards its hand holds. Elsewhere (the roll, a counter
/// offer, withdrawing an offer) none: the heuristic's pick stands.
pub(crate) fn candidates(g: &BaseGame, me: Seat, medium: &Command, out: &mut Vec<Command>) {
    match medium {
        Command::Trade(TradeCommand::Offer { .. }) => {
            // The heuristic wants to make its one offer of the turn: hard chooses which (or
            // none).
            own_moves(g, me, out);
            offers(g, me, out);
        }
        Command::Trade(TradeCommand::Accept(_) | TradeCommand::Decline(_)) => answers(g, me, out),
        Command::Discard(owed) => discards(g, me, owed.total(), out),
        c if player_trade(c) => {}
        _ => own_moves(g, me, out),
    }
}

/// Every answer `me` may give to the offers open to it: take each, refuse each. The search
/// values a trade by the position it leaves, where the heuristic takes only a trade that
/// brings its next build nearer; the proposer's offer shows what it holds, so every deal of
/// the search leaves the offer one `me` can take ([`BaseGame::redeterminize`]). An offer from
/// a seat close to winning is refused, as the heuristic refuses it: the value reads the
/// proposer's public strength, which a trade leaves the same, not what the trade brings it.
fn answers(g: &BaseGame, me: Seat, out: &mut Vec<Command>) {
    let legal = g.legal(me);
    let ctx = Ctx::new(g, me);
    for o in g.offers() {
        let take = Command::Trade(TradeCommand::Accept(o.id));
        let refuse = Command::Trade(TradeCommand::Decline(o.id));
        if !ctx.close_to_winning(o.from) && legal.contains(&take) {
            out.push(take);
        }
        if legal.contains(&refuse) {
            out.push(refuse);
        }
    }
}

/// Most discards hard compares: every discard of a hand of up to 20 cards (381 at most,
/// half of a hand of four of each resource). A larger hand keeps the heuristic's discard
/// (a hand of 30 cards has 1,451 ways to lose 15).
const MOST_DISCARDS: usize = 400;

/// Every set of `n` cards `me`'s hand holds (the rules' own list, [`spots::each_choice`]),
/// unless there are more than [`MOST_DISCARDS`] (then none: the heuristic's discard stands).
/// They are compared in the reverse of the rules' order, the most lumber first: the order the
/// measured build compared them in, which decides between discards of equal value.
fn discards(g: &BaseGame, me: Seat, n: u32, out: &mut Vec<Command>) {
    let start = out.len();
    let mut listed = 0;
    spots::each_choice(g.hand(me), n, &mut |set| {
        out.push(Command::Discard(set));
        listed += 1;
        listed <= MOST_DISCARDS
    });
    if listed > MOST_DISCARDS {
        out.truncate(start);
    } else {
        out[start..].reverse();
    }
}

/// The offers to the table hard compares when it makes one: a card of its hand (one, or two
/// of the same) for one card of another resource. Which of them anyone takes is played out
/// in each deal ([`answer_as_medium`]).
fn offers(g: &BaseGame, me: Seat, out: &mut Vec<Command>) {
    let hand = g.hand(me);
    for give in Resource::ALL {
        for n in 1..=hand[give].min(2) {
            for get in Resource::ALL {
                if get != give {
                    out.push(Command::Trade(TradeCommand::Offer {
                        give: ResourceSet::one(give, n),
                        get: ResourceSet::one(get, 1),
                        to: None,
                    }));
                }
            }
        }
    }
}

/// The other seats answer `me`'s open offers in a deal of the value search, in turn order
/// after `me`, as the heuristic answers (it takes a trade that brings its next build nearer):
/// the hands it reads are the deal's, never the true ones.
pub(crate) fn answer_as_medium(g: &mut BaseGame, me: Seat) {
    let n = g.seats() as Seat;
    for k in 1..n {
        let s = (me + k) % n;
        // Each answer closes an offer for this seat; a handful at most are open.
        for _ in 0..8 {
            if !g.offers().iter().any(|o| o.from == me) {
                return;
            }
            let legal = g.legal(s);
            let Some(cmd) = Ctx::new(g, s).answer_offers(&legal) else {
                break;
            };
            if g.apply(s, &cmd, 0).is_err() {
                break;
            }
        }
    }
}

/// `me`'s own moves the search looks at here (see [`candidates`]).
pub(crate) fn own_moves(g: &BaseGame, me: Seat, out: &mut Vec<Command>) {
    if g.current() != me {
        return;
    }
    match g.phase() {
        Phase::Main | Phase::Robber { .. } | Phase::RoadBuilding { .. } => {
            let start = out.len();
            g.legal_into(me, out);
            let mut i = start;
            while i < out.len() {
                if player_trade(&out[i]) {
                    out.swap_remove(i);
                } else {
                    i += 1;
                }
            }
        }
        _ => {}
    }
}

/// Whether a move's outcome depends on what the seat cannot see (a card drawn from the deck,
/// a card stolen, what a monopoly takes, the dice), so the search averages it over deals.
pub(crate) fn chance(c: &Command) -> bool {
    matches!(
        c,
        Command::BuyDev
            | Command::Roll
            | Command::PlayMonopoly(_)
            | Command::Robber { steal: Some(_), .. }
            | Command::Trade(TradeCommand::Offer { .. })
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::search::Budget;
    use crate::bots::{Bot, BotKind};
    use crate::rules::costs;
    use crate::rules::resources::ResourceSet;
    use crate::ruleset::{BotPlay, Ruleset};

    /// A game just past setup in seat 0's main phase, every hand empty (the bot's tests'
    /// fixture).
    fn main_phase() -> BaseGame {
        super::super::tests::past_setup()
    }

    use super::super::tests::deal;

    fn is_offer(c: &Command) -> bool {
        matches!(c, Command::Trade(TradeCommand::Offer { .. }))
    }

    /// Setup is still searched with whole games; after it, positions are valued.
    #[test]
    fn positions_are_valued_after_setup() {
        let setup = super::super::tests::four_bots_after(3);
        assert_eq!(setup.search_value(0), None);
        assert!(main_phase().search_value(0).is_some());
    }

    /// A city is worth more than the cards it costs, and a won game more than anything.
    #[test]
    fn a_build_raises_the_value() {
        let mut g = main_phase();
        deal(&mut g, 0, costs::CITY);
        let before = value(&g, 0);
        let at = *g.pieces().buildings_of(0).first().expect("a settlement");
        let mut city = g.clone();
        city.apply(0, &Command::City(at), 0).expect("a legal city");
        assert!(
            value(&city, 0) > before + 0.5,
            "{} vs {before}",
            value(&city, 0)
        );
        let mut ended = g.clone();
        ended.apply(0, &Command::End, 0).expect("the turn ends");
        assert!(
            (value(&ended, 0) - before).abs() < 1e-9,
            "ending changes nothing"
        );
    }

    /// On its turn the value search compares every build, road and bank trade, not just the
    /// heuristic's few; an answer with no offer open, or a move off its turn, leaves nothing
    /// to compare.
    #[test]
    fn every_own_move_is_a_candidate() {
        let mut g = main_phase();
        deal(&mut g, 0, ResourceSet::new(4, 4, 0, 0, 0));
        let mut out = Vec::new();
        candidates(&g, 0, &Command::End, &mut out);
        assert!(out.contains(&Command::End));
        assert!(out.iter().any(|c| matches!(c, Command::Road(_))), "{out:?}");
        assert!(out.iter().any(|c| c.kind() == Kind::Bank), "{out:?}");
        assert!(out.iter().all(|c| !player_trade(c)));
        let answer = Command::Trade(TradeCommand::Decline(1));
        let mut none = Vec::new();
        candidates(&g, 0, &answer, &mut none);
        assert!(none.is_empty());
        // Not its turn: nothing to compare.
        candidates(&g, 1, &Command::End, &mut none);
        assert!(none.is_empty());
    }

    /// Offered a trade, hard compares taking it with refusing it; owing a discard, every set
    /// of that many cards its hand holds, each one the rules take.
    #[test]
    fn hard_weighs_each_answer_and_every_discard() {
        let mut g = main_phase();
        deal(&mut g, 0, ResourceSet::new(1, 0, 0, 0, 0));
        deal(&mut g, 1, ResourceSet::new(0, 0, 0, 0, 1));
        let offer = Command::Trade(TradeCommand::Offer {
            give: ResourceSet::new(1, 0, 0, 0, 0),
            get: ResourceSet::new(0, 0, 0, 0, 1),
            to: None,
        });
        g.apply(0, &offer, 0).expect("seat 0's offer is posted");
        let id = g.offers()[0].id;
        let accept = Command::Trade(TradeCommand::Accept(id));
        let decline = Command::Trade(TradeCommand::Decline(id));
        for medium in [&accept, &decline] {
            let mut out = Vec::new();
            candidates(&g, 1, medium, &mut out);
            assert_eq!(out, vec![accept, decline]);
        }
        // Seat 3 holds no ore: it may only refuse.
        let mut out = Vec::new();
        candidates(&g, 3, &decline, &mut out);
        assert_eq!(out, vec![decline]);

        let mut g = main_phase();
        let hand = ResourceSet::new(3, 2, 0, 2, 2);
        deal(&mut g, 1, hand);
        g.phase = Phase::Discard { owed: vec![(1, 4)] };
        let medium = Command::Discard(ResourceSet::new(2, 2, 0, 0, 0));
        let mut out = Vec::new();
        candidates(&g, 1, &medium, &mut out);
        assert_eq!(out.len(), spots::choices(&hand, 4).len());
        assert!(out.contains(&medium));
        for c in &out {
            let mut after = g.clone();
            after
                .apply(1, c, 0)
                .unwrap_or_else(|e| panic!("{c:?}: {e}"));
            assert_eq!(after.hand(1).total(), 5);
        }
        // A hand with more ways to discard than hard compares keeps medium's discard.
        deal(&mut g, 1, ResourceSet::new(3, 3, 4, 4, 4));
        let medium = Command::Discard(ResourceSet::new(5, 0, 4, 2, 0));
        let mut out = Vec::new();
        candidates(&g, 1, &medium, &mut out);
        assert!(out.is_empty(), "{} discards", out.len());
    }

    /// When the heuristic makes its one offer of the turn, hard compares every offer of its
    /// hand's cards (one, or two alike, for one) beside its own moves; no offer otherwise.
    #[test]
    fn hard_compares_offers_when_the_heuristic_makes_one() {
        let mut g = main_phase();
        deal(&mut g, 0, ResourceSet::new(3, 1, 0, 0, 0));
        let offer = Command::Trade(TradeCommand::Offer {
            give: ResourceSet::new(1, 0, 0, 0, 0),
            get: ResourceSet::new(0, 0, 0, 0, 1),
            to: None,
        });
        let mut out = Vec::new();
        candidates(&g, 0, &offer, &mut out);
        let offers: Vec<&Command> = out.iter().filter(|c| is_offer(c)).collect();
        // Lumber: one or two for each of four others; brick: one for each of four.
        assert_eq!(offers.len(), 4 + 4 + 4, "{offers:?}");
        assert!(out.contains(&Command::Trade(TradeCommand::Offer {
            give: ResourceSet::new(2, 0, 0, 0, 0),
            get: ResourceSet::new(0, 0, 1, 0, 0),
            to: None,
        })));
        assert!(out.contains(&Command::End));
        assert!(chance(&offer), "an offer's answer depends on hidden hands");
        let mut none = Vec::new();
        candidates(&g, 0, &Command::End, &mut none);
        assert!(none.iter().all(|c| !is_offer(c)));
    }

    /// In a deal of the search, the other seats answer hard's offer as the heuristic would:
    /// the seat one grain short of a city takes grain for its spare lumber; an offer nobody
    /// wants is declined by all and closes with the hands unchanged.
    #[test]
    fn offers_are_answered_as_the_heuristic_answers() {
        let mut g = main_phase();
        deal(&mut g, 1, ResourceSet::new(1, 0, 0, 1, 3));
        deal(&mut g, 0, ResourceSet::new(0, 0, 1, 1, 0));
        let grain_for_lumber = Command::Trade(TradeCommand::Offer {
            give: ResourceSet::new(0, 0, 0, 1, 0),
            get: ResourceSet::new(1, 0, 0, 0, 0),
            to: None,
        });
        let mut taken = g.clone();
        taken.apply(0, &grain_for_lumber, 0).expect("an offer");
        answer_as_medium(&mut taken, 0);
        assert!(taken.offers().is_empty());
        assert_eq!(*taken.hand(0), ResourceSet::new(1, 0, 1, 0, 0));
        assert_eq!(*taken.hand(1), ResourceSet::new(0, 0, 0, 2, 3));
        let wool_for_ore = Command::Trade(TradeCommand::Offer {
            give: ResourceSet::new(0, 0, 1, 0, 0),
            get: ResourceSet::new(0, 0, 0, 0, 1),
            to: None,
        });
        let mut refused = g.clone();
        refused.apply(0, &wool_for_ore, 0).expect("an offer");
        answer_as_medium(&mut refused, 0);
        assert!(refused.offers().is_empty(), "everyone said no");
        assert_eq!(refused.hand(0), g.hand(0));
        assert_eq!(refused.hand(1), g.hand(1));
    }

    /// The check by whole games keeps a move only where the games say it is better: one
    /// point from the target, with the next seat holding a city too, a city that wins now
    /// beats ending the turn, and ending the turn does not beat the city. Fewer pairs than
    /// the check's minimum (a small budget, or the time already up) leave the heuristic's
    /// pick, even for the winning city.
    #[test]
    fn whole_games_check_the_values_pick() {
        use crate::bots::search::check_by_games;
        use std::time::Instant;
        let mut g = main_phase();
        g.cfg.vp_target = 3;
        deal(&mut g, 0, costs::CITY);
        deal(&mut g, 1, costs::CITY);
        let at = *g.pieces().buildings_of(0).first().expect("a settlement");
        let city = Command::City(at);
        assert_eq!(
            check_by_games(&g, 0, &Command::End, &city, 24, None, 7),
            (true, 48)
        );
        assert_eq!(
            check_by_games(&g, 0, &city, &Command::End, 24, None, 7),
            (false, 48)
        );
        assert_eq!(
            check_by_games(&g, 0, &Command::End, &city, 8, None, 7),
            (false, 16)
        );
        let past = Some(Instant::now());
        assert_eq!(
            check_by_games(&g, 0, &Command::End, &city, 24, past, 7),
            (false, 0)
        );
    }

    /// A check by whole games counts wins alone: a game lost a point short scores nothing
    /// there, where setup's playouts count the near miss by the share of the winner's points.
    #[test]
    fn a_check_counts_wins_only() {
        use crate::bots::search::{CHECK_LOSS_SHARE, LOSS_SHARE, score};
        let mut g = main_phase();
        g.cfg.vp_target = 3;
        deal(&mut g, 0, costs::CITY);
        let at = *g.pieces().buildings_of(0).first().expect("a settlement");
        g.apply(0, &Command::City(at), 0)
            .expect("the city is legal");
        assert_eq!(g.winner(), Some(0));
        let share = g.total_vp(1) as f64 / g.total_vp(0) as f64;
        assert!(share > 0.5, "seat 1 came near: {share}");
        assert_eq!(score(&g, 0, CHECK_LOSS_SHARE), 1.0);
        assert_eq!(score(&g, 1, CHECK_LOSS_SHARE), 0.0);
        assert!((score(&g, 1, LOSS_SHARE) - LOSS_SHARE * share).abs() < 1e-9);
    }

    /// The hard bot with the cards for a city and nothing else worth more builds it; the
    /// moves that draw on hidden cards are averaged over every deal, the others valued once.
    #[test]
    fn hard_builds_the_city_its_hand_pays_for() {
        let mut g = main_phase();
        deal(&mut g, 0, costs::CITY);
        let mut bot: Bot<BaseGame> = Bot::new(BotKind::Hard, 4).with_budget(Budget::Playouts(240));
        let pick = bot.choose(&g, 0).expect("a move");
        assert!(matches!(pick, Command::City(_)), "{pick:?}");
        assert_eq!(bot.stats.searched, 1);
        let mut moves = Vec::new();
        own_moves(&g, 0, &mut moves);
        let chance = moves.iter().filter(|c| chance(c)).count() as u64;
        let known = moves.len() as u64 - chance;
        assert_eq!(bot.stats.playouts, known + 8 * chance);
    }
}
