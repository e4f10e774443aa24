//! Bots: they speak the same commands as people, chosen from what a seat may see.
//!
//! `random` plays a random legal command (the baseline and the load generator): it draws a
//! kind of command uniformly among the kinds it may send (end the turn, build a road, offer a
//! trade, ...), then one command of that kind uniformly;
//! `heuristic` plays to win. Each variant's heuristic lives in its own module here
//! ([`base`] for base Catan).

pub mod adaptations;
pub mod base;
pub mod big_game;
pub mod risk;
pub mod total_chaos;

use crate::engine::Seat;
use crate::engine::rng::GameRng;
use crate::variants::{Game, GameCommand};

/// Which bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum BotKind {
    Random,
    Heuristic,
}

impl BotKind {
    pub fn parse(s: &str) -> Result<BotKind, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" | "r" => Ok(BotKind::Random),
            "heuristic" | "h" | "smart" => Ok(BotKind::Heuristic),
            other => Err(format!("unknown bot `{other}` (random or heuristic)")),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Heuristic => "heuristic",
        }
    }
}

/// A bot with its own random stream (so a seeded simulation is reproducible).
#[derive(Clone, Debug)]
pub struct Bot {
    pub kind: BotKind,
    /// Breaks ties and plays the random bot; seeded, so the same seed plays the same game.
    rng: GameRng,
    /// What the base heuristic remembers within a turn (offers made, bank trades).
    base: base::Memory,
    /// Working space for the random bot's draw, kept so it is not reallocated each move.
    scratch: Vec<crate::variants::base::Command>,
    /// What the Total Chaos heuristic remembers within a round.
    chaos: total_chaos::Memory,
}

/// Shortest and longest think time of a bot in a game without turns (milliseconds of game
/// time between its commands in `catan sim`).
pub const REALTIME_THINK_MS: (u32, u32) = (300, 1500);

impl Bot {
    pub fn new(kind: BotKind, seed: u64) -> Bot {
        Bot {
            kind,
            rng: GameRng::new(seed),
            base: base::Memory::default(),
            scratch: Vec::new(),
            chaos: total_chaos::Memory::default(),
        }
    }

    /// How long the bot thinks before its next command in a game without turns, drawn from
    /// its own seeded stream.
    pub fn think_ms(&mut self) -> crate::engine::Millis {
        self.rng.range(REALTIME_THINK_MS.0, REALTIME_THINK_MS.1) as crate::engine::Millis
    }

    /// The bot's command for `seat` (one the rules list as legal for it), or `None` if it
    /// has nothing to do. Deterministic given the bot's seed and the game.
    pub fn choose(&mut self, game: &Game, seat: Seat) -> Option<GameCommand> {
        match self.kind {
            BotKind::Random => match game {
                Game::Base(g) => g
                    .random_legal(seat, &mut self.rng, &mut self.scratch)
                    .map(GameCommand::Base),
                Game::TotalChaos(g) => {
                    use crate::engine::Ruleset;
                    let legal = g.legal(seat);
                    if legal.is_empty() {
                        return None;
                    }
                    let i = self.rng.below(legal.len());
                    Some(GameCommand::TotalChaos(legal[i]))
                }
                Game::BigGame(g) => {
                    use crate::engine::Ruleset;
                    let legal = g.legal(seat);
                    if legal.is_empty() {
                        return None;
                    }
                    let i = self.rng.below(legal.len());
                    Some(GameCommand::BigGame(legal[i]))
                }
                Game::Risk(g) => risk::random(g, seat, &mut self.rng).map(GameCommand::Risk),
                Game::Adaptations(g) => {
                    adaptations::random(g, seat, &mut self.rng).map(GameCommand::Adaptations)
                }
            },
            BotKind::Heuristic => match game {
                Game::Base(g) => {
                    base::choose(g, seat, &mut self.rng, &mut self.base).map(GameCommand::Base)
                }
                Game::TotalChaos(g) => total_chaos::choose(g, seat, &mut self.rng, &mut self.chaos)
                    .map(GameCommand::TotalChaos),
                Game::BigGame(g) => {
                    big_game::choose(g, seat, &mut self.rng).map(GameCommand::BigGame)
                }
                Game::Risk(g) => {
                    risk::choose(g, seat, &mut self.rng, &mut self.base).map(GameCommand::Risk)
                }
                Game::Adaptations(g) => {
                    adaptations::choose(g, seat, &mut self.rng).map(GameCommand::Adaptations)
                }
            },
        }
    }
}
