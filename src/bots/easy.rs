//! What the easy bot adds to the random one: it never throws away a won game, and it answers
//! offers (and discards) by what the cards are worth to it rather than at random.

use crate::engine::{Ruleset, Seat};
use crate::rules::offers::TradeCommand;
use crate::variants::base::{BaseGame, Command, Kind, Phase};
use crate::variants::risk::{self, Stage};
use crate::variants::{Game, GameCommand};

/// The builds and cards that can win on the spot (a settlement, a city, a road that takes the
/// Longest Road, a knight that takes the Largest Army): none of them draws a hidden card.
const WINNING_KINDS: [Kind; 4] = [Kind::Settle, Kind::City, Kind::Road, Kind::PlayKnight];

/// A command that wins the game for `seat` now, if there is one (base Catan and Risk of
/// Catan, on the seat's own turn, within two points of the target; a knight before the roll
/// counts too).
pub(super) fn winning_move(game: &Game, seat: Seat) -> Option<GameCommand> {
    match game {
        Game::Base(g) => base_win(g, seat, |c| {
            let mut t = g.clone();
            t.apply(seat, c, 0).is_ok() && t.winner() == Some(seat)
        })
        .map(GameCommand::Base),
        Game::Risk(g) if matches!(g.stage(), Stage::Play) => base_win(g.base(), seat, |c| {
            let mut t = g.clone();
            t.apply(seat, &risk::Command::Base(*c), 0).is_ok() && t.winner() == Some(seat)
        })
        .map(|c| GameCommand::Risk(risk::Command::Base(c))),
        _ => None,
    }
}

fn base_win(g: &BaseGame, seat: Seat, wins: impl Fn(&Command) -> bool) -> Option<Command> {
    if g.current() != seat
        || !matches!(g.phase(), Phase::Main | Phase::Roll)
        || g.total_vp(seat) + 2 < g.config().vp_target
    {
        return None;
    }
    let mut legal = Vec::new();
    for k in WINNING_KINDS {
        g.legal_of_kind_into(seat, k, &mut legal);
    }
    legal.into_iter().find(|c| wins(c))
}

/// Whether `seat` is answering rather than playing: a discard, or an offer on someone else's
/// turn. The heuristic answers those by what the cards are worth to it.
pub(super) fn answering(game: &Game, seat: Seat) -> bool {
    let base_answers = |g: &BaseGame| match g.phase() {
        Phase::Discard { .. } => true,
        Phase::Main => g.current() != seat,
        _ => false,
    };
    match game {
        Game::Base(g) => base_answers(g),
        Game::Risk(g) => matches!(g.stage(), Stage::Play) && base_answers(g.base()),
        Game::TotalChaos(g) => g.legal(seat).iter().any(|c| {
            matches!(
                c,
                crate::variants::total_chaos::Command::Trade(TradeCommand::Decline(_))
            )
        }),
        Game::BigGame(g) => g.legal(seat).iter().any(|c| {
            matches!(
                c,
                crate::variants::big_game::Command::Trade(TradeCommand::Decline(_))
            )
        }),
        Game::Adaptations(_) => false,
    }
}

/// Whether a command proposes a trade to other players.
pub(super) fn is_offer(cmd: &GameCommand) -> bool {
    use crate::variants::{big_game, total_chaos};
    match cmd {
        GameCommand::Base(c) | GameCommand::Risk(risk::Command::Base(c)) => {
            matches!(
                c,
                Command::Trade(TradeCommand::Offer { .. })
                    | Command::Trade(TradeCommand::Counter { .. })
            )
        }
        GameCommand::TotalChaos(c) => {
            matches!(c, total_chaos::Command::Trade(TradeCommand::Offer { .. }))
        }
        GameCommand::BigGame(c) => {
            matches!(c, big_game::Command::Trade(TradeCommand::Offer { .. }))
        }
        _ => false,
    }
}

/// Ending the turn, when the rules allow it now.
pub(super) fn end_turn(game: &Game, seat: Seat) -> Option<GameCommand> {
    match game {
        Game::Base(g) => g
            .legal_kinds(seat)
            .contains(Kind::End)
            .then_some(GameCommand::Base(Command::End)),
        Game::Risk(g) => {
            let end = risk::Command::Base(Command::End);
            g.legal(seat)
                .contains(&end)
                .then_some(GameCommand::Risk(end))
        }
        _ => None,
    }
}
