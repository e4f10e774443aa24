//! The bots a table seats, as the table sees them: a [`SeatBot`] (what `catan sim`'s loop
//! plays with) that also has a level for the lobby ([`TableBot`]). A [`BotMaker`] given to the
//! table makes them: [`catan_bot`] for the five rulesets (their own heuristics and search),
//! [`legal_bot`] for a ruleset that brings no bots of its own.

use crate::bots::legal::LegalBot;
use crate::bots::search::Budget;
use crate::bots::{BotKind, SeatBot};
use crate::engine::{Millis, Seat};
use crate::ruleset::Ruleset;
use crate::variants::Game;

/// A bot at the table: it chooses as in the sim ([`SeatBot::choose`]) and has a level.
pub trait TableBot<G: Ruleset>: SeatBot<G> + Send + Sync {
    /// Its level: the lobby shows it and the host's key moves it up from there.
    fn kind(&self) -> BotKind;
    /// How the lobby names it in `game` (its level, and what it plays as where the ruleset
    /// lacks that level).
    fn label(&self, game: &G) -> String;
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
}

/// The five rulesets' bots, each playing its ruleset's heuristic and search.
pub fn catan_bot(kind: BotKind, seed: u64, budget: Budget) -> Box<dyn TableBot<Game>> {
    Box::new(crate::bots::Bot::new(kind, seed).with_budget(budget))
}

/// A seat's level kept beside a bot that plays the same at every level.
struct Leveled<B> {
    kind: BotKind,
    bot: B,
}

impl<G: Ruleset, B: SeatBot<G> + Send + Sync> SeatBot<G> for Leveled<B> {
    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Command> {
        self.bot.choose(game, seat)
    }

    fn think_ms(&mut self) -> Millis {
        self.bot.think_ms()
    }

    fn name(&self) -> &'static str {
        self.kind.name()
    }
}

impl<G: Ruleset, B: SeatBot<G> + Send + Sync> TableBot<G> for Leveled<B> {
    fn kind(&self) -> BotKind {
        self.kind
    }

    fn label(&self, _game: &G) -> String {
        format!(
            "{} (as {}: this ruleset has no bots of its own)",
            self.kind.name(),
            self.bot.name()
        )
    }
}

/// Bots for any ruleset: each plays a random command among those `legal` lists
/// ([`LegalBot`]), whatever its level (the lobby says so).
pub fn legal_bot<G: Ruleset>(kind: BotKind, seed: u64, _budget: Budget) -> Box<dyn TableBot<G>> {
    Box::new(Leveled {
        kind,
        bot: LegalBot::new(seed),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of a ruleset with no bots of its own seats legal bots, which the lobby names
    /// by their level and what they play as, and which play only legal commands.
    #[test]
    fn legal_bots_keep_their_level_and_play_legal_commands() {
        use crate::variants::base::{BaseConfig, BaseGame};
        let game = BaseGame::new(BaseConfig::new(4, 3)).expect("a base game");
        let mut bot = legal_bot::<BaseGame>(BotKind::Hard, 5, Budget::Playouts(1));
        assert_eq!(bot.kind(), BotKind::Hard);
        assert_eq!(
            bot.label(&game),
            "hard (as legal: this ruleset has no bots of its own)"
        );
        let seat = game.actors()[0];
        let cmd = bot.choose(&game, seat).expect("the first seat has moves");
        assert!(game.legal(seat).contains(&cmd));
    }
}
