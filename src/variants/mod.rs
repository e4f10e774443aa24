//! The rulesets, one module each, and the closed enum [`Game`] that dispatches to them: it
//! implements [`Ruleset`] by handing each call to the ruleset it holds, so this file is the
//! one place that matches over the rulesets for engine work. Adding a ruleset means adding its
//! module, its arm in the enums and in the `each!`/`each_with!` matches and the `wraps!` list
//! (the engine dispatch is written with those), and its arms in `GameSettings`.

pub mod adaptations;
pub mod base;
pub mod big_game;
pub mod risk;
pub mod total_chaos;

use crate::board::{Map, MapRecipe};
use crate::engine::rng::GameRng;
use crate::engine::{Millis, Outcome, RuleError, Seat};
use crate::rules::facts::Fact;
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

/// `$body` with `$g` bound to the ruleset a [`Game`] holds: the one match over the rulesets
/// that the dispatch is written with, so each method below says only what it forwards.
macro_rules! each {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            Game::Base($g) => $body,
            Game::TotalChaos($g) => $body,
            Game::BigGame($g) => $body,
            Game::Risk($g) => $body,
            Game::Adaptations($g) => $body,
        }
    };
}

/// `$body` with the ruleset a [`Game`] holds as `$g` and `$x` (a [`GameCommand`] or
/// [`GameEvent`], the enum `$kind`) unwrapped as `$c`; `$other` when `$x` belongs to another
/// ruleset.
macro_rules! each_with {
    ($game:expr, $kind:ident($x:expr), $g:ident, $c:ident => $body:expr, _ => $other:expr) => {
        match ($game, $x) {
            (Game::Base($g), $kind::Base($c)) => $body,
            (Game::TotalChaos($g), $kind::TotalChaos($c)) => $body,
            (Game::BigGame($g), $kind::BigGame($c)) => $body,
            (Game::Risk($g), $kind::Risk($c)) => $body,
            (Game::Adaptations($g), $kind::Adaptations($c)) => $body,
            _ => $other,
        }
    };
}

/// Each ruleset's command, event and view converts into the dispatch's (`From`), so the
/// forwarding wraps them without naming the ruleset.
macro_rules! wraps {
    ($($variant:ident: $cmd:ty, $ev:ty, $view:ty;)*) => {$(
        impl From<$cmd> for GameCommand {
            fn from(c: $cmd) -> GameCommand {
                GameCommand::$variant(c)
            }
        }
        impl From<$ev> for GameEvent {
            fn from(e: $ev) -> GameEvent {
                GameEvent::$variant(e)
            }
        }
        impl From<$view> for GameView {
            fn from(v: $view) -> GameView {
                GameView::$variant(v)
            }
        }
    )*};
}

wraps! {
    Base: base::Command, base::Event, base::BaseView;
    TotalChaos: total_chaos::Command, total_chaos::Event, total_chaos::ChaosView;
    BigGame: big_game::Command, big_game::Event, big_game::BigView;
    Risk: risk::Command, risk::Event, risk::RiskView;
    Adaptations: adaptations::Command, adaptations::Event, adaptations::AdaptView;
}

/// A ruleset's events as the dispatch's.
fn wrap_events<E: Into<GameEvent>>(evs: Vec<E>) -> Vec<GameEvent> {
    evs.into_iter().map(Into::into).collect()
}

/// The refusal of a command of another ruleset than the game's.
fn foreign() -> RuleError {
    RuleError::new("that command belongs to another variant")
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
        each!(self, g => g.name())
    }
    fn settings_text(&self) -> Vec<(String, String)> {
        each!(self, g => g.settings_text())
    }
    fn map(&self) -> &Map {
        each!(self, g => Ruleset::map(g))
    }
    fn map_recipe(&self) -> MapRecipe {
        each!(self, g => g.map_recipe())
    }
    fn seats(&self) -> usize {
        each!(self, g => Ruleset::seats(g))
    }

    fn apply_into(
        &mut self,
        seat: Seat,
        cmd: &GameCommand,
        now: Millis,
        events: &mut Vec<GameEvent>,
    ) -> Result<(), RuleError> {
        each_with!(self, GameCommand(cmd), g, c => {
            events.extend(g.apply(seat, c, now)?.into_iter().map(GameEvent::from));
            Ok(())
        }, _ => Err(foreign()))
    }
    fn tick(&mut self, now: Millis) -> Vec<GameEvent> {
        each!(self, g => wrap_events(g.tick(now)))
    }
    fn deadline(&self) -> Option<Millis> {
        each!(self, g => g.deadline())
    }
    fn legal_into(&self, seat: Seat, out: &mut Vec<GameCommand>) {
        each!(self, g => out.extend(g.legal(seat).into_iter().map(GameCommand::from)))
    }
    fn actors_into(&self, out: &mut Vec<Seat>) {
        each!(self, g => g.actors_into(out))
    }
    fn view(&self, seat: Option<Seat>) -> GameView {
        each!(self, g => g.view(seat).into())
    }
    fn parse(&self, seat: Seat, text: &str) -> Result<GameCommand, RuleError> {
        each!(self, g => g.parse(seat, text).map(GameCommand::from))
    }
    fn format(&self, cmd: &GameCommand) -> String {
        each_with!(self, GameCommand(cmd), g, c => g.format(c), _ => format!("{cmd:?}"))
    }
    fn describe(&self, ev: &GameEvent, viewer: Option<Seat>, names: &[String]) -> Option<String> {
        each_with!(self, GameEvent(ev), g, e => g.describe(e, viewer, names), _ => None)
    }
    fn outcome(&self) -> Option<Outcome> {
        each!(self, g => g.outcome())
    }
    fn help(&self) -> String {
        each!(self, g => g.help())
    }
    fn points_by_source(&self) -> Vec<SeatPoints> {
        each!(self, g => g.points_by_source())
    }
    fn recap_facts(&self, ev: &GameEvent, out: &mut Vec<Fact>) {
        each_with!(self, GameEvent(ev), g, e => g.recap_facts(e, out), _ => {})
    }

    fn simultaneous(&self) -> bool {
        each!(self, g => g.simultaneous())
    }
    fn is_hall(&self) -> bool {
        each!(self, g => Ruleset::is_hall(g))
    }
    /// Only the Big Game narrows the audience; its events are unwrapped without copying.
    fn audience(&self, actor: Option<Seat>, evs: &[GameEvent]) -> Option<Vec<Seat>> {
        let Game::BigGame(g) = self else {
            return None;
        };
        let mut own = Vec::with_capacity(evs.len());
        for e in evs {
            match e {
                GameEvent::BigGame(e) => own.push(e),
                _ => return None,
            }
        }
        g.audience(actor, &own)
    }
    fn event_seat(&self, ev: &GameEvent) -> Option<Seat> {
        each_with!(self, GameEvent(ev), g, e => Ruleset::event_seat(g, e), _ => None)
    }
    fn shown_seats(&self, seat: Seat) -> Option<Vec<Seat>> {
        each!(self, g => Ruleset::shown_seats(g, seat))
    }
    fn is_actor(&self, seat: Seat) -> bool {
        each!(self, g => g.is_actor(seat))
    }
    fn seat_taken_over(&mut self, seat: Seat) -> Vec<GameEvent> {
        each!(self, g => wrap_events(g.seat_taken_over(seat)))
    }
    fn redeterminize(&mut self, seat: Seat, rng: &mut GameRng) -> bool {
        each!(self, g => Ruleset::redeterminize(g, seat, rng))
    }
}

impl TurnOrder for Game {
    fn current_player(&self) -> Option<Seat> {
        each!(self, g => g.current_player())
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
        if let (Game::Base(g), GameCommand::Base(c)) = (&mut *self, cmd) {
            return BASE_EVENTS.with_borrow_mut(|events| {
                events.clear();
                g.apply_into(seat, c, now, events)
            });
        }
        each_with!(self, GameCommand(cmd), g, c => g.apply(seat, c, now).map(drop),
            _ => Err(foreign()))
    }

    fn turns(&self) -> u32 {
        each!(self, g => g.turns())
    }
}

/// What a bot remembers in a game of any ruleset: each ruleset's own memory (one of them is
/// used in a given game).
#[derive(Clone, Debug, Default)]
pub struct GameBotMemory {
    base: base::bot::BotMemory,
    risk: base::bot::Memory,
    chaos: total_chaos::bot::Memory,
}

impl BotPlay for Game {
    type Memory = GameBotMemory;

    fn random_command(
        &self,
        seat: Seat,
        rng: &mut GameRng,
        memory: &mut GameBotMemory,
    ) -> Option<GameCommand> {
        match self {
            Game::Base(g) => g
                .random_command(seat, rng, &mut memory.base)
                .map(GameCommand::Base),
            Game::TotalChaos(g) => g
                .random_command(seat, rng, &mut memory.chaos)
                .map(GameCommand::TotalChaos),
            Game::BigGame(g) => g
                .random_command(seat, rng, &mut ())
                .map(GameCommand::BigGame),
            Game::Risk(g) => g
                .random_command(seat, rng, &mut memory.risk)
                .map(GameCommand::Risk),
            Game::Adaptations(g) => g
                .random_command(seat, rng, &mut ())
                .map(GameCommand::Adaptations),
        }
    }

    fn heuristic_command(
        &self,
        seat: Seat,
        rng: &mut GameRng,
        memory: &mut GameBotMemory,
    ) -> Option<GameCommand> {
        match self {
            Game::Base(g) => g
                .heuristic_command(seat, rng, &mut memory.base)
                .map(GameCommand::Base),
            Game::TotalChaos(g) => g
                .heuristic_command(seat, rng, &mut memory.chaos)
                .map(GameCommand::TotalChaos),
            Game::BigGame(g) => g
                .heuristic_command(seat, rng, &mut ())
                .map(GameCommand::BigGame),
            Game::Risk(g) => g
                .heuristic_command(seat, rng, &mut memory.risk)
                .map(GameCommand::Risk),
            Game::Adaptations(g) => g
                .heuristic_command(seat, rng, &mut ())
                .map(GameCommand::Adaptations),
        }
    }

    fn winning_move(&self, seat: Seat) -> Option<GameCommand> {
        match self {
            Game::Base(g) => g.winning_move(seat).map(GameCommand::Base),
            Game::TotalChaos(g) => g.winning_move(seat).map(GameCommand::TotalChaos),
            Game::BigGame(g) => g.winning_move(seat).map(GameCommand::BigGame),
            Game::Risk(g) => g.winning_move(seat).map(GameCommand::Risk),
            Game::Adaptations(g) => g.winning_move(seat).map(GameCommand::Adaptations),
        }
    }

    fn answering(&self, seat: Seat) -> bool {
        match self {
            Game::Base(g) => g.answering(seat),
            Game::TotalChaos(g) => g.answering(seat),
            Game::BigGame(g) => g.answering(seat),
            Game::Risk(g) => g.answering(seat),
            Game::Adaptations(g) => g.answering(seat),
        }
    }

    fn is_offer(&self, cmd: &GameCommand) -> bool {
        match (self, cmd) {
            (Game::Base(g), GameCommand::Base(c)) => g.is_offer(c),
            (Game::TotalChaos(g), GameCommand::TotalChaos(c)) => g.is_offer(c),
            (Game::BigGame(g), GameCommand::BigGame(c)) => g.is_offer(c),
            (Game::Risk(g), GameCommand::Risk(c)) => g.is_offer(c),
            (Game::Adaptations(g), GameCommand::Adaptations(c)) => g.is_offer(c),
            _ => false,
        }
    }

    fn end_turn(&self, seat: Seat) -> Option<GameCommand> {
        match self {
            Game::Base(g) => g.end_turn(seat).map(GameCommand::Base),
            Game::TotalChaos(g) => g.end_turn(seat).map(GameCommand::TotalChaos),
            Game::BigGame(g) => g.end_turn(seat).map(GameCommand::BigGame),
            Game::Risk(g) => g.end_turn(seat).map(GameCommand::Risk),
            Game::Adaptations(g) => g.end_turn(seat).map(GameCommand::Adaptations),
        }
    }

    fn searches(&self) -> bool {
        match self {
            Game::Base(g) => g.searches(),
            Game::TotalChaos(g) => g.searches(),
            Game::BigGame(g) => g.searches(),
            Game::Risk(g) => g.searches(),
            Game::Adaptations(g) => g.searches(),
        }
    }

    fn search_candidates(&self, me: Seat, medium: &GameCommand, out: &mut Vec<GameCommand>) {
        fn wrap<C>(out: &mut Vec<GameCommand>, own: Vec<C>, f: fn(C) -> GameCommand) {
            out.extend(own.into_iter().map(f));
        }
        match (self, medium) {
            (Game::Base(g), GameCommand::Base(m)) => {
                let mut own = Vec::new();
                g.search_candidates(me, m, &mut own);
                wrap(out, own, GameCommand::Base);
            }
            (Game::TotalChaos(g), GameCommand::TotalChaos(m)) => {
                let mut own = Vec::new();
                g.search_candidates(me, m, &mut own);
                wrap(out, own, GameCommand::TotalChaos);
            }
            (Game::BigGame(g), GameCommand::BigGame(m)) => {
                let mut own = Vec::new();
                g.search_candidates(me, m, &mut own);
                wrap(out, own, GameCommand::BigGame);
            }
            (Game::Risk(g), GameCommand::Risk(m)) => {
                let mut own = Vec::new();
                g.search_candidates(me, m, &mut own);
                wrap(out, own, GameCommand::Risk);
            }
            (Game::Adaptations(g), GameCommand::Adaptations(m)) => {
                let mut own = Vec::new();
                g.search_candidates(me, m, &mut own);
                wrap(out, own, GameCommand::Adaptations);
            }
            _ => {}
        }
    }

    fn search_score(&self, me: Seat) -> f64 {
        match self {
            Game::Base(g) => g.search_score(me),
            Game::TotalChaos(g) => g.search_score(me),
            Game::BigGame(g) => g.search_score(me),
            Game::Risk(g) => g.search_score(me),
            Game::Adaptations(g) => g.search_score(me),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(settings: GameSettings, seats: usize) -> Vec<(String, String)> {
        let game = Game::create(&settings, seats, 7).expect("the settings build a game");
        game.settings_text()
    }

    fn expect(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    /// The lobby, the replay and the summary show these rows to players: each ruleset's
    /// words stay as they were written before the rows were built by one helper.
    #[test]
    fn settings_text_reads_as_players_know_it() {
        let base = base::BaseSettings::default();
        assert_eq!(
            rows(GameSettings::Base(base.clone()), 4),
            expect(&[
                ("variant", "base"),
                ("board", "random fair board"),
                ("victory points", "10"),
                ("turn timer", "off"),
                ("three-VP robber rule", "off"),
                ("trade and build", "in any order"),
            ])
        );
        let timed = base::BaseSettings {
            vp_target: 12,
            three_vp_robber: true,
            any_order: false,
            turn_ms: Some(90_500),
            ..base
        };
        assert_eq!(
            rows(GameSettings::Base(timed.clone()), 3),
            expect(&[
                ("variant", "base"),
                ("board", "random fair board"),
                ("victory points", "12"),
                ("turn timer", "90 s"),
                ("three-VP robber rule", "on"),
                ("trade and build", "trade first, then build"),
            ])
        );
        assert_eq!(
            rows(GameSettings::Risk(risk::RiskSettings { base: timed }), 3),
            expect(&[
                ("variant", "risk"),
                ("board", "random fair board"),
                ("victory points", "12"),
                ("turn timer", "90 s"),
            ])
        );
        let chaos = total_chaos::ChaosSettings {
            placement_ms: Some(15_000),
            ..Default::default()
        };
        assert_eq!(
            rows(GameSettings::TotalChaos(chaos), 4),
            expect(&[
                ("variant", "total-chaos"),
                ("board", "random fair board"),
                ("victory points", "10"),
                ("resource phase", "20 s"),
                ("robber part 1", "20 s"),
                ("robber part 2", "20 s"),
                ("building and trading", "60 s"),
                ("cooldown", "20 s"),
                ("placement timer", "15 s"),
            ])
        );
        assert_eq!(
            rows(GameSettings::TotalChaos(Default::default()), 4).last(),
            Some(&("placement timer".to_string(), "off".to_string()))
        );
        assert_eq!(
            rows(GameSettings::BigGame(big_game::BigSettings::new(13)), 26),
            expect(&[
                ("variant", "big-game"),
                ("boards", "13"),
                ("layout", "A,B,C,A,B,C,A,B,C,A,B,C,…"),
                ("round", "45 s"),
                ("victory points", "10"),
                ("round limit", "none"),
            ])
        );
        let short = big_game::BigSettings {
            vp_target: None,
            max_rounds: Some(30),
            ..big_game::BigSettings::new(2)
        };
        assert_eq!(
            rows(GameSettings::BigGame(short), 4),
            expect(&[
                ("variant", "big-game"),
                ("boards", "2"),
                ("layout", "A,B"),
                ("round", "45 s"),
                ("victory points", "none"),
                ("round limit", "30"),
            ])
        );
        let adapt = adaptations::AdaptSettings::default();
        assert_eq!(
            rows(GameSettings::Adaptations(adapt.clone()), 4),
            expect(&[
                ("variant", "adaptations"),
                ("turn limit", "60"),
                ("timer", "off"),
            ])
        );
        let timed = adaptations::AdaptSettings {
            phase_ms: Some(30_000),
            ..adapt
        };
        assert_eq!(
            rows(GameSettings::Adaptations(timed), 4)[2],
            ("timer".to_string(), "30 s".to_string())
        );
    }
}
