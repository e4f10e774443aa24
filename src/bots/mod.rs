//! Bots: they speak the same commands as people, chosen from what a seat may see.
//!
//! Three levels for people to play against, and the baseline:
//! - `easy`: the random bot made a little less silly: it takes a move that wins the game
//!   when one exists, answers offers by what they are worth to it, and makes at most one
//!   offer a turn; otherwise it plays a random legal command.
//! - `medium` (`heuristic`): plays to win with a per-ruleset heuristic (each ruleset's own,
//!   through [`BotPlay`]).
//! - `hard`: searches ([`search`]) on games dealt afresh from what its seat knows: in base
//!   Catan after setup and in the rulesets that bring a value function, every move of its own valued by the ruleset's
//!   value function one move deep; in base Catan's setup, flat Monte Carlo over a few
//!   candidate moves played out by `medium`. Where a ruleset has no
//!   search (the real-time ones, and those with no hidden-state hook), `hard` plays as `medium`, and the lobby
//!   says so ([`BotKind::effective`]).
//! - `random` plays a random legal command (the baseline and the load generator): it draws a
//!   kind of command uniformly among the kinds it may send (end the turn, build a road, offer a
//!   trade, ...), then one command of that kind uniformly. Its draws never change, so the
//!   engine's benchmarks stay comparable.

pub mod hint;
pub mod legal;
pub mod search;

use crate::engine::Seat;
use crate::engine::rng::GameRng;
use crate::ruleset::{BotPlay, Ruleset};

/// Most characters a [`BotKind::label`] may take: the lobby's box is 78 columns (76
/// inside), and a seat line spends 42 of them before the label (` seat 1 `, the colour's
/// letter, the name in 18, the colour in 8, `bot · `).
pub const LABEL_WIDTH: usize = 34;

/// Which bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum BotKind {
    /// Uniformly random legal commands (the baseline).
    Random,
    /// Random, but takes a winning move and answers offers by their worth.
    Easy,
    /// The per-ruleset heuristic (`medium`).
    Heuristic,
    /// The search bot.
    Hard,
}

impl BotKind {
    /// The levels people choose from, weakest first (the lobby's key cycles through them).
    pub const LEVELS: [BotKind; 3] = [BotKind::Easy, BotKind::Heuristic, BotKind::Hard];

    pub fn parse(s: &str) -> Result<BotKind, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" | "r" => Ok(BotKind::Random),
            "easy" | "e" => Ok(BotKind::Easy),
            "medium" | "m" | "heuristic" | "h" | "smart" => Ok(BotKind::Heuristic),
            "hard" | "search" => Ok(BotKind::Hard),
            other => Err(format!(
                "unknown bot `{other}` (easy, medium or hard; random and heuristic also work)"
            )),
        }
    }

    /// A comma-separated list of kinds, one per bot seat in order (`hard,medium`); one kind
    /// alone serves every seat.
    pub fn parse_list(s: &str) -> Result<Vec<BotKind>, String> {
        s.split(',')
            .filter(|p| !p.trim().is_empty())
            .map(BotKind::parse)
            .collect::<Result<Vec<_>, _>>()
            .and_then(|v| {
                if v.is_empty() {
                    Err("no bot kind given (easy, medium or hard)".into())
                } else {
                    Ok(v)
                }
            })
    }

    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Easy => "easy",
            BotKind::Heuristic => "medium",
            BotKind::Hard => "hard",
        }
    }

    /// The kind that actually plays in a ruleset: `hard` plays as `medium` where it has no
    /// search ([`search::searches`]).
    pub fn effective<R: BotPlay>(self, game: &R) -> BotKind {
        if self == BotKind::Hard && !search::searches(game) {
            BotKind::Heuristic
        } else {
            self
        }
    }

    /// How the lobby names this bot in a game: its level, and what it plays as when a level
    /// is not available in the ruleset (`hard (as medium: no search)`). Short enough for the
    /// lobby's seat line ([`LABEL_WIDTH`]).
    pub fn label<R: BotPlay>(self, game: &R) -> String {
        if self.effective(game) == self {
            self.name().to_string()
        } else {
            format!(
                "{} (as {}: no search)",
                self.name(),
                self.effective(game).name()
            )
        }
    }

    /// The next level up, wrapping round (the lobby's key).
    pub fn next_level(self) -> BotKind {
        match self {
            BotKind::Random | BotKind::Hard => BotKind::Easy,
            BotKind::Easy => BotKind::Heuristic,
            BotKind::Heuristic => BotKind::Hard,
        }
    }
}

/// A player in a driver loop (`catan sim`'s [`crate::sim::drive`]): a bot for one seat.
pub trait SeatBot<R: Ruleset> {
    /// The bot's command for `seat` (one the rules list as legal), or `None` if it has
    /// nothing to do.
    fn choose(&mut self, game: &R, seat: Seat) -> Option<R::Command>;
    /// How long it thinks before its next command in a game without turns.
    fn think_ms(&mut self) -> crate::engine::Millis;
    /// Its level, for messages.
    fn name(&self) -> &'static str;
}

impl<R: BotPlay> SeatBot<R> for Bot<R> {
    fn choose(&mut self, game: &R, seat: Seat) -> Option<R::Command> {
        Bot::choose(self, game, seat)
    }
    fn think_ms(&mut self) -> crate::engine::Millis {
        Bot::think_ms(self)
    }
    fn name(&self) -> &'static str {
        self.kind.name()
    }
}

/// A bot with its own random stream (so a seeded simulation is reproducible), for a game of
/// any ruleset that brings its bot code ([`BotPlay`]): `Bot<Game>` for the built-in rulesets
/// (no default, so that the bots need nothing from the rulesets above them).
#[derive(Clone, Debug)]
pub struct Bot<R: BotPlay> {
    pub kind: BotKind,
    /// Breaks ties and plays the random bot; seeded, so the same seed plays the same game.
    rng: GameRng,
    /// What the ruleset's bot remembers within a turn or a round.
    memory: R::Memory,
    /// The turn of the easy bot's last offer (one a turn, so it never floods the table).
    easy_offered: Option<u32>,
    /// How long the hard bot thinks.
    budget: search::Budget,
    /// What the hard bot's searches did.
    pub stats: search::Stats,
}

/// Shortest and longest think time of a bot in a game without turns (milliseconds of game
/// time between its commands in `catan sim`).
pub const REALTIME_THINK_MS: (u32, u32) = (300, 1500);

/// Random draws the easy bot makes before giving up on one that is not a second offer.
const EASY_REDRAWS: u32 = 4;

impl<R: BotPlay> Bot<R> {
    pub fn new(kind: BotKind, seed: u64) -> Bot<R> {
        Bot {
            kind,
            rng: GameRng::new(seed),
            memory: R::Memory::default(),
            easy_offered: None,
            budget: search::Budget::Playouts(search::DEFAULT_PLAYOUTS),
            stats: search::Stats::default(),
        }
    }

    /// The same bot thinking within `budget` (only the hard bot searches).
    pub fn with_budget(mut self, budget: search::Budget) -> Bot<R> {
        self.budget = budget;
        self
    }

    /// How long the bot thinks before its next command in a game without turns, drawn from
    /// its own seeded stream.
    pub fn think_ms(&mut self) -> crate::engine::Millis {
        self.rng.range(REALTIME_THINK_MS.0, REALTIME_THINK_MS.1) as crate::engine::Millis
    }

    /// The bot's command for `seat` (one the rules list as legal for it), or `None` if it
    /// has nothing to do. Deterministic given the bot's seed and what `seat` may see.
    pub fn choose(&mut self, game: &R, seat: Seat) -> Option<R::Command> {
        match self.kind.effective(game) {
            BotKind::Random => self.random(game, seat),
            BotKind::Easy => self.easy(game, seat),
            BotKind::Heuristic => self.heuristic(game, seat),
            BotKind::Hard => {
                let medium = self.heuristic(game, seat);
                search::choose(
                    game,
                    seat,
                    medium,
                    &mut self.rng,
                    self.budget,
                    &mut self.stats,
                )
            }
        }
    }

    /// The first half of [`Bot::choose`], for a caller that runs searches elsewhere (a
    /// table, on a thread of their own): the command when it needs no search, else the
    /// search to run. Running the job gives what `choose` would have given.
    pub fn plan(&mut self, game: &R, seat: Seat) -> search::Plan<R> {
        match self.kind.effective(game) {
            BotKind::Hard => {
                let medium = self.heuristic(game, seat);
                search::plan(game, seat, medium, &mut self.rng, self.budget)
            }
            _ => search::Plan::Ready(self.choose(game, seat)),
        }
    }

    /// The heuristic's pick, for a hard bot that cannot search now (no thread to run it).
    pub fn plan_without_search(&mut self, game: &R, seat: Seat) -> Option<R::Command> {
        self.heuristic(game, seat)
    }

    fn random(&mut self, game: &R, seat: Seat) -> Option<R::Command> {
        game.random_command(seat, &mut self.rng, &mut self.memory)
    }

    fn heuristic(&mut self, game: &R, seat: Seat) -> Option<R::Command> {
        game.heuristic_command(seat, &mut self.rng, &mut self.memory)
    }

    /// The easy bot: a winning move when there is one; offers to it and discards answered by
    /// the heuristic (by what the cards are worth to it); otherwise a random command, with at
    /// most one offer of its own a turn.
    fn easy(&mut self, game: &R, seat: Seat) -> Option<R::Command> {
        if let Some(win) = game.winning_move(seat) {
            return Some(win);
        }
        if game.answering(seat) {
            return self.heuristic(game, seat);
        }
        let turn = game.turns();
        for _ in 0..EASY_REDRAWS {
            let cmd = self.random(game, seat)?;
            if !game.is_offer(&cmd) {
                return Some(cmd);
            }
            if self.easy_offered != Some(turn) {
                self.easy_offered = Some(turn);
                return Some(cmd);
            }
        }
        // Only second offers drawn: end the turn instead.
        game.end_turn(seat)
    }
}
