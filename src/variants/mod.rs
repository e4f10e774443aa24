//! The rulesets, one module each, and the closed enum [`Game`] that dispatches to them: it
//! implements [`Ruleset`] by handing each call to the ruleset it holds, so this file is the
//! one place that matches over the rulesets for engine work. Adding a ruleset means adding its
//! module and one arm per match here.

pub mod adaptations;
pub mod base;
pub mod big_game;
pub mod risk;
pub mod total_chaos;

use crate::board::{Map, MapRecipe};
use crate::engine::rng::GameRng;
use crate::engine::{Millis, Outcome, RuleError, Seat};
use crate::rules::facts::Fact;
use crate::rules::offers::TradeCommand;
use crate::rules::points::SeatPoints;
use crate::ruleset::{BotPlay, Ruleset, TurnOrder};
use serde::{Deserialize, Serialize};

/// What a game of any ruleset is built from: the ruleset's own settings (kept in the save
/// header; the command line converts into it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum GameSettings {
    Base(base::BaseSettings),
    TotalChaos(total_chaos::ChaosSettings),
    BigGame(big_game::BigSettings),
    Risk(risk::RiskSettings),
    Adaptations(adaptations::AdaptSettings),
}

impl GameSettings {
    /// The ruleset's name on the command line and in saves.
    pub fn name(&self) -> &'static str {
        match self {
            GameSettings::Base(_) => "base",
            GameSettings::TotalChaos(_) => "total-chaos",
            GameSettings::BigGame(_) => "big-game",
            GameSettings::Risk(_) => "risk",
            GameSettings::Adaptations(_) => "adaptations",
        }
    }

    /// The seat count the settings fix, if they do: a Big Game has two seats per board.
    pub fn fixed_seats(&self) -> Option<usize> {
        match self {
            GameSettings::BigGame(c) => Some(c.seats()),
            _ => None,
        }
    }

    /// Seats the game plays with when the host does not say.
    pub fn default_seats(&self) -> usize {
        self.fixed_seats().unwrap_or(4)
    }
}

/// A game of any ruleset (it serializes as the ruleset's own state does, tagged).
#[derive(Clone, Debug, Serialize)]
pub enum Game {
    Base(base::BaseGame),
    TotalChaos(total_chaos::ChaosGame),
    BigGame(big_game::BigGame),
    Risk(risk::RiskGame),
    Adaptations(adaptations::AdaptGame),
}

/// A command of any ruleset.
#[derive(Clone, Debug, PartialEq)]
pub enum GameCommand {
    Base(base::Command),
    TotalChaos(total_chaos::Command),
    BigGame(big_game::Command),
    Risk(risk::Command),
    Adaptations(adaptations::Command),
}

/// An event of any ruleset.
#[derive(Clone, Debug)]
pub enum GameEvent {
    Base(base::Event),
    TotalChaos(total_chaos::Event),
    BigGame(big_game::Event),
    Risk(risk::Event),
    Adaptations(adaptations::Event),
}

/// A seat's view of any ruleset (what crosses the wire).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum GameView {
    Base(base::BaseView),
    TotalChaos(total_chaos::ChaosView),
    BigGame(big_game::BigView),
    Risk(risk::RiskView),
    Adaptations(adaptations::AdaptView),
}

impl Ruleset for Game {
    type Command = GameCommand;
    type Event = GameEvent;
    type View = GameView;
    type Settings = GameSettings;

    fn create(settings: &GameSettings, seats: usize, seed: u64) -> Result<Game, String> {
        Ok(match settings {
            GameSettings::Base(s) => Game::Base(Ruleset::create(s, seats, seed)?),
            GameSettings::TotalChaos(s) => Game::TotalChaos(Ruleset::create(s, seats, seed)?),
            GameSettings::BigGame(s) => Game::BigGame(Ruleset::create(s, seats, seed)?),
            GameSettings::Risk(s) => Game::Risk(Ruleset::create(s, seats, seed)?),
            GameSettings::Adaptations(s) => Game::Adaptations(Ruleset::create(s, seats, seed)?),
        })
    }

    fn name(&self) -> &'static str {
        match self {
            Game::Base(g) => g.name(),
            Game::TotalChaos(g) => g.name(),
            Game::BigGame(g) => g.name(),
            Game::Risk(g) => g.name(),
            Game::Adaptations(g) => g.name(),
        }
    }

    fn settings_text(&self) -> Vec<(String, String)> {
        match self {
            Game::Base(g) => g.settings_text(),
            Game::TotalChaos(g) => g.settings_text(),
            Game::BigGame(g) => g.settings_text(),
            Game::Risk(g) => g.settings_text(),
            Game::Adaptations(g) => g.settings_text(),
        }
    }

    fn map(&self) -> &Map {
        match self {
            Game::Base(g) => g.map(),
            Game::TotalChaos(g) => g.map(),
            Game::BigGame(g) => g.map(),
            Game::Risk(g) => g.map(),
            Game::Adaptations(g) => g.map(),
        }
    }

    fn map_recipe(&self) -> MapRecipe {
        match self {
            Game::Base(g) => g.map_recipe(),
            Game::TotalChaos(g) => g.map_recipe(),
            Game::BigGame(g) => g.map_recipe(),
            Game::Risk(g) => g.map_recipe(),
            Game::Adaptations(g) => g.map_recipe(),
        }
    }

    fn seats(&self) -> usize {
        match self {
            Game::Base(g) => g.seats(),
            Game::TotalChaos(g) => g.seats(),
            Game::BigGame(g) => g.seats(),
            Game::Risk(g) => g.seats(),
            Game::Adaptations(g) => g.seats(),
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        cmd: &GameCommand,
        now: Millis,
    ) -> Result<Vec<GameEvent>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(seat, cmd, now, &mut events)?;
        Ok(events)
    }

    fn apply_into(
        &mut self,
        seat: Seat,
        cmd: &GameCommand,
        now: Millis,
        events: &mut Vec<GameEvent>,
    ) -> Result<(), RuleError> {
        match (self, cmd) {
            (Game::Base(g), GameCommand::Base(c)) => {
                events.extend(g.apply(seat, c, now)?.into_iter().map(GameEvent::Base))
            }
            (Game::TotalChaos(g), GameCommand::TotalChaos(c)) => events.extend(
                g.apply(seat, c, now)?
                    .into_iter()
                    .map(GameEvent::TotalChaos),
            ),
            (Game::BigGame(g), GameCommand::BigGame(c)) => {
                events.extend(g.apply(seat, c, now)?.into_iter().map(GameEvent::BigGame))
            }
            (Game::Risk(g), GameCommand::Risk(c)) => {
                events.extend(g.apply(seat, c, now)?.into_iter().map(GameEvent::Risk))
            }
            (Game::Adaptations(g), GameCommand::Adaptations(c)) => events.extend(
                g.apply(seat, c, now)?
                    .into_iter()
                    .map(GameEvent::Adaptations),
            ),
            _ => return Err(RuleError::new("that command belongs to another variant")),
        }
        Ok(())
    }

    fn tick(&mut self, now: Millis) -> Vec<GameEvent> {
        match self {
            Game::Base(g) => g.tick(now).into_iter().map(GameEvent::Base).collect(),
            Game::TotalChaos(g) => g.tick(now).into_iter().map(GameEvent::TotalChaos).collect(),
            Game::BigGame(g) => g.tick(now).into_iter().map(GameEvent::BigGame).collect(),
            Game::Risk(g) => g.tick(now).into_iter().map(GameEvent::Risk).collect(),
            Game::Adaptations(g) => g
                .tick(now)
                .into_iter()
                .map(GameEvent::Adaptations)
                .collect(),
        }
    }

    fn deadline(&self) -> Option<Millis> {
        match self {
            Game::Base(g) => g.deadline(),
            Game::TotalChaos(g) => g.deadline(),
            Game::BigGame(g) => g.deadline(),
            Game::Risk(g) => g.deadline(),
            Game::Adaptations(g) => g.deadline(),
        }
    }

    fn legal(&self, seat: Seat) -> Vec<GameCommand> {
        match self {
            Game::Base(g) => g.legal(seat).into_iter().map(GameCommand::Base).collect(),
            Game::TotalChaos(g) => g
                .legal(seat)
                .into_iter()
                .map(GameCommand::TotalChaos)
                .collect(),
            Game::BigGame(g) => g
                .legal(seat)
                .into_iter()
                .map(GameCommand::BigGame)
                .collect(),
            Game::Risk(g) => g.legal(seat).into_iter().map(GameCommand::Risk).collect(),
            Game::Adaptations(g) => g
                .legal(seat)
                .into_iter()
                .map(GameCommand::Adaptations)
                .collect(),
        }
    }

    fn actors(&self) -> Vec<Seat> {
        match self {
            Game::Base(g) => g.actors(),
            Game::TotalChaos(g) => g.actors(),
            Game::BigGame(g) => g.actors(),
            Game::Risk(g) => g.actors(),
            Game::Adaptations(g) => g.actors(),
        }
    }

    fn actors_into(&self, out: &mut Vec<Seat>) {
        match self {
            Game::Base(g) => g.actors_into(out),
            Game::TotalChaos(g) => g.actors_into(out),
            Game::BigGame(g) => g.actors_into(out),
            Game::Risk(g) => g.actors_into(out),
            Game::Adaptations(g) => g.actors_into(out),
        }
    }

    fn view(&self, seat: Option<Seat>) -> GameView {
        match self {
            Game::Base(g) => GameView::Base(g.view(seat)),
            Game::TotalChaos(g) => GameView::TotalChaos(g.view(seat)),
            Game::BigGame(g) => GameView::BigGame(g.view(seat)),
            Game::Risk(g) => GameView::Risk(g.view(seat)),
            Game::Adaptations(g) => GameView::Adaptations(g.view(seat)),
        }
    }

    fn parse(&self, seat: Seat, text: &str) -> Result<GameCommand, RuleError> {
        match self {
            Game::Base(g) => g.parse(seat, text).map(GameCommand::Base),
            Game::TotalChaos(g) => g.parse(seat, text).map(GameCommand::TotalChaos),
            Game::BigGame(g) => g.parse(seat, text).map(GameCommand::BigGame),
            Game::Risk(g) => g.parse(seat, text).map(GameCommand::Risk),
            Game::Adaptations(g) => g.parse(seat, text).map(GameCommand::Adaptations),
        }
    }

    fn format(&self, cmd: &GameCommand) -> String {
        match (self, cmd) {
            (Game::Base(g), GameCommand::Base(c)) => g.format(c),
            (Game::TotalChaos(g), GameCommand::TotalChaos(c)) => g.format(c),
            (Game::BigGame(g), GameCommand::BigGame(c)) => g.format(c),
            (Game::Risk(g), GameCommand::Risk(c)) => g.format(c),
            (Game::Adaptations(g), GameCommand::Adaptations(c)) => g.format(c),
            (_, c) => format!("{c:?}"),
        }
    }

    fn describe(&self, ev: &GameEvent, viewer: Option<Seat>, names: &[String]) -> Option<String> {
        match (self, ev) {
            (Game::Base(g), GameEvent::Base(e)) => g.describe(e, viewer, names),
            (Game::TotalChaos(g), GameEvent::TotalChaos(e)) => g.describe(e, viewer, names),
            (Game::BigGame(g), GameEvent::BigGame(e)) => g.describe(e, viewer, names),
            (Game::Risk(g), GameEvent::Risk(e)) => g.describe(e, viewer, names),
            (Game::Adaptations(g), GameEvent::Adaptations(e)) => g.describe(e, viewer, names),
            _ => None,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        match self {
            Game::Base(g) => g.outcome(),
            Game::TotalChaos(g) => g.outcome(),
            Game::BigGame(g) => g.outcome(),
            Game::Risk(g) => g.outcome(),
            Game::Adaptations(g) => g.outcome(),
        }
    }

    fn help(&self) -> String {
        match self {
            Game::Base(g) => g.help(),
            Game::TotalChaos(g) => g.help(),
            Game::BigGame(g) => g.help(),
            Game::Risk(g) => g.help(),
            Game::Adaptations(g) => g.help(),
        }
    }

    fn points_by_source(&self) -> Vec<SeatPoints> {
        match self {
            Game::Base(g) => g.points_by_source(),
            Game::TotalChaos(g) => g.points_by_source(),
            Game::BigGame(g) => g.points_by_source(),
            Game::Risk(g) => g.points_by_source(),
            Game::Adaptations(g) => g.points_by_source(),
        }
    }

    fn recap_facts(&self, ev: &GameEvent, out: &mut Vec<Fact>) {
        match (self, ev) {
            (Game::Base(g), GameEvent::Base(e)) => g.recap_facts(e, out),
            (Game::TotalChaos(g), GameEvent::TotalChaos(e)) => g.recap_facts(e, out),
            (Game::BigGame(g), GameEvent::BigGame(e)) => g.recap_facts(e, out),
            (Game::Risk(g), GameEvent::Risk(e)) => g.recap_facts(e, out),
            (Game::Adaptations(g), GameEvent::Adaptations(e)) => g.recap_facts(e, out),
            _ => {}
        }
    }

    fn simultaneous(&self) -> bool {
        match self {
            Game::Base(g) => g.simultaneous(),
            Game::TotalChaos(g) => g.simultaneous(),
            Game::BigGame(g) => g.simultaneous(),
            Game::Risk(g) => g.simultaneous(),
            Game::Adaptations(g) => g.simultaneous(),
        }
    }

    fn is_hall(&self) -> bool {
        match self {
            Game::Base(g) => g.is_hall(),
            Game::TotalChaos(g) => g.is_hall(),
            Game::BigGame(g) => Ruleset::is_hall(g),
            Game::Risk(g) => g.is_hall(),
            Game::Adaptations(g) => g.is_hall(),
        }
    }

    fn audience(&self, actor: Option<Seat>, evs: &[GameEvent]) -> Option<Vec<Seat>> {
        match self {
            Game::BigGame(g) => {
                let mut own = Vec::with_capacity(evs.len());
                for e in evs {
                    match e {
                        GameEvent::BigGame(e) => own.push(e),
                        _ => return None,
                    }
                }
                g.audience(actor, &own)
            }
            Game::Base(_) | Game::TotalChaos(_) | Game::Risk(_) | Game::Adaptations(_) => None,
        }
    }

    fn event_seat(&self, ev: &GameEvent) -> Option<Seat> {
        match (self, ev) {
            (Game::Base(g), GameEvent::Base(e)) => g.event_seat(e),
            (Game::TotalChaos(g), GameEvent::TotalChaos(e)) => g.event_seat(e),
            (Game::BigGame(g), GameEvent::BigGame(e)) => Ruleset::event_seat(g, e),
            (Game::Risk(g), GameEvent::Risk(e)) => g.event_seat(e),
            (Game::Adaptations(g), GameEvent::Adaptations(e)) => g.event_seat(e),
            _ => None,
        }
    }

    fn shown_seats(&self, seat: Seat) -> Option<Vec<Seat>> {
        match self {
            Game::Base(g) => g.shown_seats(seat),
            Game::TotalChaos(g) => g.shown_seats(seat),
            Game::BigGame(g) => Ruleset::shown_seats(g, seat),
            Game::Risk(g) => g.shown_seats(seat),
            Game::Adaptations(g) => g.shown_seats(seat),
        }
    }

    fn is_actor(&self, seat: Seat) -> bool {
        match self {
            Game::Base(g) => g.is_actor(seat),
            Game::TotalChaos(g) => g.is_actor(seat),
            Game::BigGame(g) => g.is_actor(seat),
            Game::Risk(g) => g.is_actor(seat),
            Game::Adaptations(g) => g.is_actor(seat),
        }
    }

    fn seat_taken_over(&mut self, seat: Seat) -> Vec<GameEvent> {
        match self {
            Game::Base(g) => g
                .seat_taken_over(seat)
                .into_iter()
                .map(GameEvent::Base)
                .collect(),
            Game::TotalChaos(g) => g
                .seat_taken_over(seat)
                .into_iter()
                .map(GameEvent::TotalChaos)
                .collect(),
            Game::BigGame(g) => g
                .seat_taken_over(seat)
                .into_iter()
                .map(GameEvent::BigGame)
                .collect(),
            Game::Risk(g) => g
                .seat_taken_over(seat)
                .into_iter()
                .map(GameEvent::Risk)
                .collect(),
            Game::Adaptations(g) => g
                .seat_taken_over(seat)
                .into_iter()
                .map(GameEvent::Adaptations)
                .collect(),
        }
    }

    fn redeterminize(&mut self, seat: Seat, rng: &mut GameRng) -> bool {
        match self {
            Game::Base(g) => Ruleset::redeterminize(g, seat, rng),
            Game::TotalChaos(g) => Ruleset::redeterminize(g, seat, rng),
            Game::BigGame(g) => Ruleset::redeterminize(g, seat, rng),
            Game::Risk(g) => Ruleset::redeterminize(g, seat, rng),
            Game::Adaptations(g) => Ruleset::redeterminize(g, seat, rng),
        }
    }
}

impl TurnOrder for Game {
    fn current_player(&self) -> Option<Seat> {
        match self {
            Game::Base(g) => g.current_player(),
            Game::TotalChaos(g) => g.current_player(),
            Game::BigGame(g) => g.current_player(),
            Game::Risk(g) => g.current_player(),
            Game::Adaptations(g) => g.current_player(),
        }
    }

    /// Base games (the bulk of `catan sim`) keep their events in a buffer of their own type
    /// per thread; the other rulesets drop theirs as they come.
    fn apply_quiet(
        &mut self,
        seat: Seat,
        cmd: &GameCommand,
        now: Millis,
        _scratch: &mut Vec<GameEvent>,
    ) -> Result<(), RuleError> {
        thread_local! {
            static BASE_EVENTS: std::cell::RefCell<Vec<base::Event>> =
                const { std::cell::RefCell::new(Vec::new()) };
        }
        match (self, cmd) {
            (Game::Base(g), GameCommand::Base(c)) => BASE_EVENTS.with_borrow_mut(|events| {
                events.clear();
                g.apply_into(seat, c, now, events)
            }),
            (Game::TotalChaos(g), GameCommand::TotalChaos(c)) => g.apply(seat, c, now).map(drop),
            (Game::BigGame(g), GameCommand::BigGame(c)) => g.apply(seat, c, now).map(drop),
            (Game::Risk(g), GameCommand::Risk(c)) => g.apply(seat, c, now).map(drop),
            (Game::Adaptations(g), GameCommand::Adaptations(c)) => g.apply(seat, c, now).map(drop),
            _ => Err(RuleError::new("that command belongs to another variant")),
        }
    }

    fn turns(&self) -> u32 {
        match self {
            Game::Base(g) => g.turns(),
            Game::TotalChaos(g) => g.turns(),
            Game::BigGame(g) => g.turns(),
            Game::Risk(g) => g.turns(),
            Game::Adaptations(g) => g.turns(),
        }
    }
}

/// What a bot remembers in a game of any ruleset: each ruleset's own memory (one of them is
/// used in a given game), a field per ruleset so [`bot_dispatch`] finds it by name.
#[derive(Clone, Debug, Default)]
pub struct GameBotMemory {
    base: <base::BaseGame as BotPlay>::Memory,
    total_chaos: <total_chaos::ChaosGame as BotPlay>::Memory,
    big_game: <big_game::BigGame as BotPlay>::Memory,
    risk: <risk::RiskGame as BotPlay>::Memory,
    adaptations: <adaptations::AdaptGame as BotPlay>::Memory,
}

/// One arm per ruleset for `impl BotPlay for Game`, each method said once: `$g` is the game
/// the enum holds, `$wrap` the [`GameCommand`] variant of its commands, `$mem` its memory in
/// a [`GameBotMemory`]. With a command (`pair`), the game and the command must be of one
/// ruleset, else `$mismatch`.
macro_rules! bot_dispatch {
    ($game:expr, |$g:ident| $body:expr) => {
        bot_dispatch!(@rulesets game($game, $g, _wrap, $body))
    };
    ($game:expr, |$g:ident, $wrap:ident| $body:expr) => {
        bot_dispatch!(@rulesets game($game, $g, $wrap, $body))
    };
    ($game:expr, $memory:expr, |$g:ident, $mem:ident, $wrap:ident| $body:expr) => {
        bot_dispatch!(@rulesets memory($game, $memory, $g, $mem, $wrap, $body))
    };
    (pair $game:expr, $cmd:expr, |$g:ident, $c:ident| $body:expr, else $mismatch:expr) => {
        bot_dispatch!(@rulesets pair($game, $cmd, $g, $c, _wrap, $body, $mismatch))
    };
    (pair $game:expr, $cmd:expr, |$g:ident, $c:ident, $wrap:ident| $body:expr, else $mismatch:expr) => {
        bot_dispatch!(@rulesets pair($game, $cmd, $g, $c, $wrap, $body, $mismatch))
    };
    (@rulesets $form:ident $args:tt) => {
        bot_dispatch!(@$form $args [
            Base base, TotalChaos total_chaos, BigGame big_game, Risk risk,
            Adaptations adaptations
        ])
    };
    (@game ($game:expr, $g:ident, $wrap:ident, $body:expr) [$($v:ident $f:ident),*]) => {
        match $game {
            $(Game::$v($g) => {
                let $wrap = GameCommand::$v;
                $body
            })*
        }
    };
    (@memory ($game:expr, $memory:expr, $g:ident, $mem:ident, $wrap:ident, $body:expr)
        [$($v:ident $f:ident),*]) => {
        match $game {
            $(Game::$v($g) => {
                let ($mem, $wrap) = (&mut $memory.$f, GameCommand::$v);
                $body
            })*
        }
    };
    (@pair ($game:expr, $cmd:expr, $g:ident, $c:ident, $wrap:ident, $body:expr, $mismatch:expr)
        [$($v:ident $f:ident),*]) => {
        match ($game, $cmd) {
            $((Game::$v($g), GameCommand::$v($c)) => {
                let $wrap = GameCommand::$v;
                $body
            })*
            _ => $mismatch,
        }
    };
}

impl BotPlay for Game {
    type Memory = GameBotMemory;

    fn random_command(
        &self,
        seat: Seat,
        rng: &mut GameRng,
        memory: &mut GameBotMemory,
    ) -> Option<GameCommand> {
        bot_dispatch!(self, memory, |g, mem, wrap| g
            .random_command(seat, rng, mem)
            .map(wrap))
    }

    fn heuristic_command(
        &self,
        seat: Seat,
        rng: &mut GameRng,
        memory: &mut GameBotMemory,
    ) -> Option<GameCommand> {
        bot_dispatch!(self, memory, |g, mem, wrap| g
            .heuristic_command(seat, rng, mem)
            .map(wrap))
    }

    fn winning_move(&self, seat: Seat) -> Option<GameCommand> {
        bot_dispatch!(self, |g, wrap| g.winning_move(seat).map(wrap))
    }

    fn trade(&self, cmd: &GameCommand) -> Option<TradeCommand> {
        bot_dispatch!(pair self, cmd, |g, c| g.trade(c), else None)
    }

    fn answering(&self, seat: Seat) -> bool {
        bot_dispatch!(self, |g| g.answering(seat))
    }

    fn is_offer(&self, cmd: &GameCommand) -> bool {
        bot_dispatch!(pair self, cmd, |g, c| g.is_offer(c), else false)
    }

    fn end_turn(&self, seat: Seat) -> Option<GameCommand> {
        bot_dispatch!(self, |g, wrap| g.end_turn(seat).map(wrap))
    }

    fn searches(&self) -> bool {
        bot_dispatch!(self, |g| g.searches())
    }

    fn search_candidates(&self, me: Seat, medium: &GameCommand, out: &mut Vec<GameCommand>) {
        bot_dispatch!(pair self, medium, |g, m, wrap| {
            let mut own = Vec::new();
            g.search_candidates(me, m, &mut own);
            out.extend(own.into_iter().map(wrap));
        }, else {})
    }

    fn search_score(&self, me: Seat) -> f64 {
        bot_dispatch!(self, |g| g.search_score(me))
    }
}
