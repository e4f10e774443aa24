//! The rulesets, one module each, and the closed enum [`Game`] that dispatches to them: it
//! implements [`Ruleset`] by handing each call to the ruleset it holds, so this file is the
//! one place that matches over the rulesets for engine work. Adding a ruleset means adding its
//! module, its arm in the enums and in the `each!`/`each_with!` matches and the `wraps!` list
//! (the engine dispatch is written with those), and its arms in `GameSettings`.

pub mod adaptations;
pub mod base;
pub mod big_game;
pub mod flags;
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
#[derive(Clone, Debug, PartialEq, Hash)]
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

impl GameView {
    /// The recipient's own resource cards, where the view shows a hand the offers of a legal
    /// list are written from ([`crate::ruleset::Ruleset::legal_for_hall`]).
    pub fn own_hand(&self) -> Option<crate::rules::resources::ResourceSet> {
        match self {
            GameView::BigGame(v) => v.you.as_ref().map(|y| y.hand),
            _ => None,
        }
    }

    /// Fills in what this view left out from the recipient's previous one (a hall's round
    /// start keeps the pieces: [`Ruleset::view_without_pieces`]).
    pub fn keep_pieces(&mut self, earlier: &GameView) {
        if let (GameView::BigGame(now), GameView::BigGame(before)) = (self, earlier) {
            now.keep_pieces(before);
        }
    }
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
/// forwarding wraps them without naming the ruleset; and a [`GameView`] unwraps into the view
/// of its own ruleset (`TryFrom`), so a tool written for one ruleset (the Big Game's load
/// generator) reads that ruleset's view without matching over the others.
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
        impl<'a> TryFrom<&'a GameView> for &'a $view {
            type Error = String;
            fn try_from(v: &'a GameView) -> Result<&'a $view, String> {
                match v {
                    GameView::$variant(v) => Ok(v),
                    _ => Err(format!("a view of another ruleset than {}", stringify!($variant))),
                }
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
    #[inline]
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
    #[inline]
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
    fn pieces_mark(&self, seat: Seat) -> Option<u64> {
        each!(self, g => Ruleset::pieces_mark(g, seat))
    }
    fn view_without_pieces(&self, seat: Seat) -> GameView {
        each!(self, g => g.view_without_pieces(seat).into())
    }
    fn legal_for_hall(&self, seat: Seat) -> (Vec<GameCommand>, bool) {
        each!(self, g => {
            let (cmds, left_off) = Ruleset::legal_for_hall(g, seat);
            (cmds.into_iter().map(GameCommand::from).collect(), left_off)
        })
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
    fn reseed_future(&mut self, seed: u64) -> bool {
        each!(self, g => Ruleset::reseed_future(g, seed))
    }

    fn audit(&self) -> Result<(), String> {
        each!(self, g => Ruleset::audit(g))
    }
}

/// A driver's buffers for [`TurnOrder::apply_quiet`] in a game of any ruleset: a list of
/// events of each ruleset's own type (one of them is used in a given game), so a move neither
/// allocates nor wraps its events.
#[derive(Default)]
pub struct GameScratch {
    events: Vec<GameEvent>,
    base: Vec<base::Event>,
    total_chaos: Vec<total_chaos::Event>,
    big_game: Vec<big_game::Event>,
    risk: Vec<risk::Event>,
    adaptations: Vec<adaptations::Event>,
}

impl AsMut<Vec<GameEvent>> for GameScratch {
    fn as_mut(&mut self) -> &mut Vec<GameEvent> {
        &mut self.events
    }
}

impl TurnOrder for Game {
    type Scratch = GameScratch;

    #[inline]
    fn current_player(&self) -> Option<Seat> {
        each!(self, g => g.current_player())
    }

    /// Applies into the buffer of the game's ruleset.
    fn apply_quiet(
        &mut self,
        seat: Seat,
        cmd: &GameCommand,
        now: Millis,
        scratch: &mut GameScratch,
    ) -> Result<(), RuleError> {
        fn quiet<G: Ruleset>(
            g: &mut G,
            (seat, cmd, now): (Seat, &G::Command, Millis),
            events: &mut Vec<G::Event>,
        ) -> Result<(), RuleError> {
            events.clear();
            g.apply_into(seat, cmd, now, events)
        }
        let s = scratch;
        match (self, cmd) {
            (Game::Base(g), GameCommand::Base(c)) => quiet(g, (seat, c, now), &mut s.base),
            (Game::TotalChaos(g), GameCommand::TotalChaos(c)) => {
                quiet(g, (seat, c, now), &mut s.total_chaos)
            }
            (Game::BigGame(g), GameCommand::BigGame(c)) => {
                quiet(g, (seat, c, now), &mut s.big_game)
            }
            (Game::Risk(g), GameCommand::Risk(c)) => quiet(g, (seat, c, now), &mut s.risk),
            (Game::Adaptations(g), GameCommand::Adaptations(c)) => {
                quiet(g, (seat, c, now), &mut s.adaptations)
            }
            _ => Err(foreign()),
        }
    }

    fn turns(&self) -> u32 {
        each!(self, g => g.turns())
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

    fn search_rounds(&self) -> Option<u32> {
        bot_dispatch!(self, |g| g.search_rounds())
    }

    fn search_value(&self, me: Seat) -> Option<f64> {
        bot_dispatch!(self, |g| g.search_value(me))
    }

    fn search_checks_by_games(&self) -> bool {
        bot_dispatch!(self, |g| g.search_checks_by_games())
    }

    fn search_chance(&self, cmd: &GameCommand) -> bool {
        bot_dispatch!(pair self, cmd, |g, c| g.search_chance(c), else true)
    }

    fn search_replies(&self, me: Seat, out: &mut Vec<GameCommand>) {
        bot_dispatch!(self, |g, wrap| {
            let mut own = Vec::new();
            g.search_replies(me, &mut own);
            out.extend(own.into_iter().map(wrap));
        })
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

    /// A tool written for one ruleset reads its view out of the dispatch's, and is told when
    /// the game is of another ruleset.
    #[test]
    fn a_view_unwraps_into_its_own_rulesets_view_only() {
        let big = Game::create(&GameSettings::BigGame(big_game::BigSettings::new(2)), 4, 1)
            .expect("a Big Game");
        let view = big.view(Some(0));
        let own: &big_game::BigView = (&view).try_into().expect("a Big Game's view");
        assert_eq!(own.round, 0);
        let base = Game::create(&GameSettings::Base(base::BaseSettings::default()), 4, 1)
            .expect("a base game");
        let other = base.view(Some(0));
        assert!(<&big_game::BigView>::try_from(&other).is_err());
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
