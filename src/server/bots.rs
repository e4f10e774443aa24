//! The bots a table seats, as the table sees them: any ruleset's bots fit behind
//! [`TableBot`], and a [`BotMaker`] given to the table makes them. The catan host's maker is
//! [`catan_bot`], the five rulesets' own bots ([`crate::bots::Bot`]); a ruleset with no bots
//! of its own plays with [`LegalBot`], which needs nothing but the rules.

use crate::bots::BotKind;
use crate::bots::search::Budget;
use crate::engine::Seat;
use crate::ruleset::Ruleset;
use crate::variants::Game;

/// A bot at the table.
pub trait TableBot<G: Ruleset>: Send + Sync {
    /// Its level: the lobby shows it and the host's key moves it up from there.
    fn kind(&self) -> BotKind;
    /// How the lobby names it in `game` (its level, and what it plays as where the ruleset
    /// lacks that level).
    fn label(&self, game: &G) -> String;
    /// Its command for `seat` (one [`Ruleset::legal`] lists), or `None` with nothing to do.
    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Command>;
}

/// Makes the bot of a level with its own seed, thinking within a budget (only searching bots
/// use the budget).
pub type BotMaker<G> = fn(BotKind, u64, Budget) -> Box<dyn TableBot<G>>;

impl TableBot<Game> for crate::bots::Bot {
    fn kind(&self) -> BotKind {
        self.kind
    }

    fn label(&self, game: &Game) -> String {
        self.kind.label(game)
    }

    fn choose(&mut self, game: &Game, seat: Seat) -> Option<<Game as Ruleset>::Command> {
        crate::bots::Bot::choose(self, game, seat)
    }
}

/// The five rulesets' bots, each playing its ruleset's heuristic and search.
pub fn catan_bot(kind: BotKind, seed: u64, budget: Budget) -> Box<dyn TableBot<Game>> {
    Box::new(crate::bots::Bot::new(kind, seed).with_budget(budget))
}
