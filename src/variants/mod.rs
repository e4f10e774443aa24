//! The rulesets, one module each, and the closed enum [`Game`] that dispatches to them: it
//! implements [`Ruleset`] by handing each call to the ruleset it holds. [`rulesets!`] is the
//! one list of them: a line per ruleset, from which this file writes the enums, the names and
//! settings, the engine's and the bots' dispatch and the drivers' buffers, and from which the
//! command line (`cli::VariantName`) and the client registries (`client::rulesets::for_view`, `tui::rulesets::for_view`) write
//! theirs. Adding a ruleset means its folder, its client module and its line there.

pub mod boards;
pub mod flags;

use crate::board::{Map, MapRecipe};
use crate::engine::rng::GameRng;
use crate::engine::{Millis, Outcome, RuleError, Seat};
use crate::rules::facts::Fact;
use crate::rules::offers::TradeCommand;
use crate::rules::points::SeatPoints;
use crate::ruleset::{AuditError, BotPlay, CreateError, Ruleset, TurnOrder};
use flags::{SettingsError, TableFlags, TableSettings};
use serde::{Deserialize, Serialize};

/// The one list of rulesets: `Variant(module::Game)`, the variant of the dispatch's enums, the
/// ruleset's folder under `variants/` (and its client module under `tui/rulesets/`, whose type
/// is named as the variant) and its game type; everything else (its name, settings, commands,
/// events, view, bot memory) is read from its `Ruleset`, `BotPlay` and `TableSettings`. A
/// line may carry `#[cfg(...)]`. The order is the enums' (a view's place in it is its tag on
/// the wire) and the command line's.
///
/// `rulesets!(then extra tokens)` calls `then! { (extra tokens) Variant(module::Game), ... }`.
macro_rules! rulesets {
    ($then:ident $($args:tt)*) => {
        $then! { ($($args)*)
            Base(base::BaseGame),
            TotalChaos(total_chaos::ChaosGame),
            BigGame(big_game::BigGame),
            Risk(risk::RiskGame),
            Adaptations(adaptations::AdaptGame),
            #[cfg(feature = "pig")]
            Pig(pig::Pig),
        }
    };
}
pub(crate) use rulesets;

/// The modules and the closed enums over the rulesets of [`rulesets!`], and what converts
/// between a ruleset's own types and them.
macro_rules! dispatch_types {
    (() $($(#[$m:meta])* $v:ident($module:ident :: $game:ident),)*) => {
        $($(#[$m])* pub mod $module;)*

        /// What a game of any ruleset is built from: the ruleset's own settings (kept in the
        /// save header; the command line converts into it).
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub enum GameSettings {
            $($(#[$m])* $v(<$module::$game as Ruleset>::Settings),)*
        }

        /// A game of any ruleset (it serializes as the ruleset's own state does, tagged).
        #[derive(Clone, Debug, Serialize)]
        pub enum Game {
            $($(#[$m])* $v($module::$game),)*
        }

        /// A command of any ruleset.
        #[derive(Clone, Debug, PartialEq, Hash)]
        pub enum GameCommand {
            $($(#[$m])* $v(<$module::$game as Ruleset>::Command),)*
        }

        /// An event of any ruleset.
        #[derive(Clone, Debug)]
        pub enum GameEvent {
            $($(#[$m])* $v(<$module::$game as Ruleset>::Event),)*
        }

        /// A seat's view of any ruleset (what crosses the wire).
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub enum GameView {
            $($(#[$m])* $v(<$module::$game as Ruleset>::View),)*
        }

        impl GameView {
            /// The recipient's own resource cards, where the view shows a hand the offers of a
            /// legal list are written from ([`Ruleset::view_hand`]).
            pub fn own_hand(&self) -> Option<crate::rules::resources::ResourceSet> {
                match self {
                    $($(#[$m])* GameView::$v(v) => <$module::$game as Ruleset>::view_hand(v),)*
                }
            }

            /// Where a game in timed rounds stands, as this view shows it
            /// ([`Ruleset::view_rounds`]).
            pub fn rounds_at(&self) -> Option<crate::ruleset::RoundsAt> {
                match self {
                    $($(#[$m])* GameView::$v(v) => <$module::$game as Ruleset>::view_rounds(v),)*
                }
            }

            /// Fills in what this view left out from the recipient's previous one (a hall's
            /// round start keeps the pieces: [`Ruleset::keep_view_pieces`]).
            pub fn keep_pieces(&mut self, earlier: &GameView) {
                match (self, earlier) {
                    $($(#[$m])* (GameView::$v(now), GameView::$v(before)) => {
                        <$module::$game as Ruleset>::keep_view_pieces(now, before)
                    })*
                    #[allow(unreachable_patterns)]
                    _ => {}
                }
            }
        }

        impl GameSettings {
            /// The names of the rulesets, as the command line and the saves spell them.
            pub const NAMES: &'static [&'static str] =
                &[$($(#[$m])* <<$module::$game as Ruleset>::Settings as TableSettings>::NAME,)*];

            /// The rulesets' own built-in boards, a list each ([`boards`] finds them).
            pub const BOARDS: &'static [&'static [crate::board::builtin::BuiltinBoard]] =
                &[$($(#[$m])* <<$module::$game as Ruleset>::Settings as TableSettings>::BOARDS,)*];

            /// The ruleset's name on the command line and in saves.
            pub fn name(&self) -> &'static str {
                match self {
                    $($(#[$m])* GameSettings::$v(s) => settings_name(s),)*
                }
            }

            /// The seat count the settings fix, if they do: two seats per board of a ring.
            pub fn fixed_seats(&self) -> Option<usize> {
                match self {
                    $($(#[$m])* GameSettings::$v(s) => s.fixed_seats(),)*
                }
            }

            /// Seats the game plays with when the host does not say.
            pub fn default_seats(&self) -> usize {
                self.fixed_seats().unwrap_or(4)
            }

            /// The settings of the ruleset called `ruleset` that `flags` describe: each
            /// ruleset reads its own flags. Refuses an unknown name, and whatever the ruleset
            /// refuses (a board that does not load, a game in rounds without an end).
            pub fn from_flags(
                ruleset: &str,
                flags: &TableFlags,
            ) -> Result<GameSettings, SettingsError> {
                $($(#[$m])* {
                    type S = <$module::$game as Ruleset>::Settings;
                    if ruleset == S::NAME {
                        return Ok(GameSettings::$v(S::from_flags(flags)?));
                    }
                })*
                Err(SettingsError::UnknownRuleset {
                    name: ruleset.to_string(),
                    known: GameSettings::NAMES.join(", "),
                })
            }

            /// The name for people of the ruleset called `ruleset` ("Big Game" for
            /// `big-game`), or `None` when there is no such ruleset.
            pub fn title(ruleset: &str) -> Option<&'static str> {
                $($(#[$m])* {
                    type S = <$module::$game as Ruleset>::Settings;
                    if ruleset == S::NAME {
                        return Some(S::TITLE);
                    }
                })*
                None
            }

            /// Why the people of the ruleset called `ruleset` cannot share one screen, in
            /// words (everyone acts at once), or `None` when they take turns at it (or there
            /// is no such ruleset): hot-seat then plays it with one person only. A fact of the
            /// ruleset, whatever its flags, so hot-seat says it before anything else is wrong.
            pub fn one_screen_each(ruleset: &str) -> Option<&'static str> {
                $($(#[$m])* {
                    type S = <$module::$game as Ruleset>::Settings;
                    if ruleset == S::NAME {
                        return S::ONE_SCREEN_EACH;
                    }
                })*
                None
            }
        }
    };
}

rulesets!(dispatch_types);

/// The name for people of the ruleset called `ruleset` ("Big Game"), or the name itself when
/// this build does not know it (a newer host's ruleset).
pub fn title_of(ruleset: &str) -> &str {
    GameSettings::title(ruleset).unwrap_or(ruleset)
}

/// A helper of a ruleset's settings for [`GameSettings::name`].
fn settings_name<S: TableSettings>(_: &S) -> &'static str {
    S::NAME
}

/// `$body` with `$g` bound to the ruleset a [`Game`] holds: the one match over the rulesets
/// that the dispatch is written with, so each method below says only what it forwards.
macro_rules! each {
    ($game:expr, $g:ident => $body:expr) => {
        rulesets!(each_arms $game, $g, $body)
    };
}

/// [`each!`]'s match, one arm per line of [`rulesets!`].
macro_rules! each_arms {
    (($game:expr, $g:ident, $body:expr) $($(#[$m:meta])* $v:ident($module:ident :: $gt:ident),)*) => {
        match $game {
            $($(#[$m])* Game::$v($g) => $body,)*
        }
    };
}

/// `$body` with the ruleset a [`Game`] holds as `$g` and `$x` (a [`GameCommand`] or
/// [`GameEvent`], the enum `$kind`) unwrapped as `$c`; `$other` when `$x` belongs to another
/// ruleset.
macro_rules! each_with {
    ($game:expr, $kind:ident($x:expr), $g:ident, $c:ident => $body:expr, _ => $other:expr) => {
        rulesets!(each_with_arms $game, $kind, $x, $g, $c, $body, $other)
    };
}

/// [`each_with!`]'s match, one arm per line of [`rulesets!`].
macro_rules! each_with_arms {
    (($game:expr, $kind:ident, $x:expr, $g:ident, $c:ident, $body:expr, $other:expr)
        $($(#[$m:meta])* $v:ident($module:ident :: $gt:ident),)*) => {
        match ($game, $x) {
            $($(#[$m])* (Game::$v($g), $kind::$v($c)) => $body,)*
            _ => $other,
        }
    };
}

/// Each ruleset's command, event and view converts into the dispatch's (`From`), so the
/// forwarding wraps them without naming the ruleset; and a [`GameView`] unwraps into the view
/// of its own ruleset (`TryFrom`), so a tool written for one ruleset (a load
/// generator) reads that ruleset's view without matching over the others.
macro_rules! wraps {
    (() $($(#[$m:meta])* $v:ident($module:ident :: $game:ident),)*) => {$(
        $(#[$m])*
        impl From<<$module::$game as Ruleset>::Command> for GameCommand {
            fn from(c: <$module::$game as Ruleset>::Command) -> GameCommand {
                GameCommand::$v(c)
            }
        }
        $(#[$m])*
        impl From<<$module::$game as Ruleset>::Event> for GameEvent {
            fn from(e: <$module::$game as Ruleset>::Event) -> GameEvent {
                GameEvent::$v(e)
            }
        }
        $(#[$m])*
        impl From<<$module::$game as Ruleset>::View> for GameView {
            fn from(v: <$module::$game as Ruleset>::View) -> GameView {
                GameView::$v(v)
            }
        }
        $(#[$m])*
        impl<'a> TryFrom<&'a GameView> for &'a <$module::$game as Ruleset>::View {
            type Error = String;
            fn try_from(v: &'a GameView) -> Result<&'a <$module::$game as Ruleset>::View, String> {
                match v {
                    GameView::$v(v) => Ok(v),
                    #[allow(unreachable_patterns)]
                    _ => Err(format!("a view of another ruleset than {}", stringify!($v))),
                }
            }
        }
    )*};
}

rulesets!(wraps);

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

    fn create(settings: &GameSettings, seats: usize, seed: u64) -> Result<Game, CreateError> {
        macro_rules! create_arms {
            (() $($(#[$m:meta])* $v:ident($module:ident :: $game:ident),)*) => {
                match settings {
                    $($(#[$m])* GameSettings::$v(s) => Game::$v(Ruleset::create(s, seats, seed)?),)*
                }
            };
        }
        Ok(rulesets!(create_arms))
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
    fn reveal(&self, ev: &GameEvent, names: &[String]) -> Option<String> {
        each_with!(self, GameEvent(ev), g, e => g.reveal(e, names), _ => None)
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
    fn move_of(&self, cmd: &GameCommand) -> crate::proto::moves::Move {
        each_with!(self, GameCommand(cmd), g, c => g.move_of(c), _ => crate::proto::moves::Move::own("", None))
    }
    fn event_kind(&self, ev: &GameEvent) -> crate::proto::moves::EventKind {
        each_with!(self, GameEvent(ev), g, e => g.event_kind(e), _ => Default::default())
    }

    fn simultaneous(&self) -> bool {
        each!(self, g => g.simultaneous())
    }
    fn is_hall(&self) -> bool {
        each!(self, g => Ruleset::is_hall(g))
    }
    /// A hall's ruleset narrows the audience (it is asked of halls only); its events are
    /// handed over as its own.
    fn audience(&self, actor: Option<Seat>, evs: &[GameEvent]) -> Option<Vec<Seat>> {
        macro_rules! audience_arms {
            (() $($(#[$m:meta])* $v:ident($module:ident :: $game:ident),)*) => {
                match self {
                    $($(#[$m])* Game::$v(g) => {
                        if !Ruleset::is_hall(g) {
                            return None;
                        }
                        let mut own = Vec::with_capacity(evs.len());
                        for e in evs {
                            match e {
                                GameEvent::$v(e) => own.push(e.clone()),
                                #[allow(unreachable_patterns)]
                                _ => return None,
                            }
                        }
                        Ruleset::audience(g, actor, &own)
                    })*
                }
            };
        }
        rulesets!(audience_arms)
    }
    fn keep_view_pieces(view: &mut GameView, earlier: &GameView) {
        view.keep_pieces(earlier);
    }
    fn view_hand(view: &GameView) -> Option<crate::rules::resources::ResourceSet> {
        view.own_hand()
    }
    fn view_rounds(view: &GameView) -> Option<crate::ruleset::RoundsAt> {
        view.rounds_at()
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
    fn waits_for(&self, seat: Seat) -> bool {
        each!(self, g => g.waits_for(seat))
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

    fn audit(&self) -> Result<(), AuditError> {
        each!(self, g => Ruleset::audit(g))
    }
}

/// The drivers' buffers and the bots' memories over the rulesets of [`rulesets!`]: a field per
/// ruleset, named as its module.
macro_rules! per_ruleset {
    (() $($(#[$m:meta])* $v:ident($module:ident :: $game:ident),)*) => {
        /// A driver's buffers for [`TurnOrder::apply_quiet`] in a game of any ruleset: a list
        /// of events of each ruleset's own type (one of them is used in a given game), so a
        /// move neither allocates nor wraps its events.
        #[derive(Default)]
        pub struct GameScratch {
            events: Vec<GameEvent>,
            $($(#[$m])* $module: Vec<<$module::$game as Ruleset>::Event>,)*
        }

        /// What a bot remembers in a game of any ruleset: each ruleset's own memory (one of
        /// them is used in a given game), a field per ruleset so [`bot_dispatch`] finds it by
        /// name.
        #[derive(Clone, Debug, Default)]
        pub struct GameBotMemory {
            $($(#[$m])* $module: <$module::$game as BotPlay>::Memory,)*
        }
    };
}

rulesets!(per_ruleset);

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
        macro_rules! quiet_arms {
            (() $($(#[$m:meta])* $v:ident($module:ident :: $game:ident),)*) => {
                match (self, cmd) {
                    $($(#[$m])* (Game::$v(g), GameCommand::$v(c)) => {
                        quiet(g, (seat, c, now), &mut scratch.$module)
                    })*
                    _ => Err(foreign()),
                }
            };
        }
        rulesets!(quiet_arms)
    }

    fn turns(&self) -> u32 {
        each!(self, g => g.turns())
    }
}

/// One arm per ruleset for `impl BotPlay for Game`, each method said once: `$g` is the game
/// the enum holds, `$wrap` the [`GameCommand`] variant of its commands, `$mem` its memory in
/// a [`GameBotMemory`]. With a command (`pair`), the game and the command must be of one
/// ruleset, else `$mismatch`.
macro_rules! bot_dispatch {
    // The arms that take the list come first: a list is no expression.
    ((@game ($game:expr, $g:ident, $wrap:ident, $body:expr))
        $($(#[$m:meta])* $v:ident($f:ident :: $gt:ident),)*) => {
        match $game {
            $($(#[$m])* Game::$v($g) => {
                let $wrap = GameCommand::$v;
                $body
            })*
        }
    };
    ((@memory ($game:expr, $memory:expr, $g:ident, $mem:ident, $wrap:ident, $body:expr))
        $($(#[$m:meta])* $v:ident($f:ident :: $gt:ident),)*) => {
        match $game {
            $($(#[$m])* Game::$v($g) => {
                let ($mem, $wrap) = (&mut $memory.$f, GameCommand::$v);
                $body
            })*
        }
    };
    ((@pair ($game:expr, $cmd:expr, $g:ident, $c:ident, $wrap:ident, $body:expr, $mismatch:expr))
        $($(#[$m:meta])* $v:ident($f:ident :: $gt:ident),)*) => {
        match ($game, $cmd) {
            $($(#[$m])* (Game::$v($g), GameCommand::$v($c)) => {
                let $wrap = GameCommand::$v;
                $body
            })*
            _ => $mismatch,
        }
    };
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
        rulesets!(bot_dispatch @$form $args)
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
