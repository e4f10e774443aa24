//! The contract every ruleset fulfils ([`Ruleset`]) and the one the host, the sim, the bots,
//! the records and the clients drive: they are generic over it, or use
//! [`crate::variants::Game`], the closed enum of the built-in rulesets that implements it too.
//!
//! A ruleset is a state machine. Commands from seats go in with the current time; events come
//! out, or a [`RuleError`] that says why the command is illegal and leaves the state exactly as
//! it was. The engine never reads a clock: the host passes `now` in, asks for the next
//! [`Ruleset::deadline`], and calls [`Ruleset::tick`] when it passes. Randomness comes from the
//! [`GameRng`] in the state.
//!
//! Who may act is a set: [`Ruleset::actors`] lists every seat that may send a command now (a
//! discard on a 7 asks several at once; a game in timed phases has no current player at all).
//!
//! It sits above [`crate::engine`] (seats, time, refusals) and [`crate::board`] /
//! [`crate::rules`] (maps, summary facts), which it names, and below the rulesets.

pub mod errors;

pub use errors::{AuditError, CreateError};

use crate::board::{Map, MapRecipe};
use crate::engine::rng::GameRng;
use crate::engine::{Millis, Outcome, RuleError, Seat};
use crate::proto::moves::{EventKind, Move};
use crate::rules::facts::Fact;
use crate::rules::offers::TradeCommand;
use crate::rules::points::SeatPoints;

/// Steps a game through each of its deadlines at or before `now`: the shared body of the
/// rulesets' [`Ruleset::tick`]. `step` resolves the deadline it is called for (or clears
/// it); the bound of 64 steps keeps a step that fails to do so from looping.
pub fn run_deadlines<G: Ruleset>(
    game: &mut G,
    now: Millis,
    mut step: impl FnMut(&mut G, &mut Vec<G::Event>),
) -> Vec<G::Event> {
    let mut ev = Vec::new();
    for _ in 0..64 {
        match game.deadline() {
            Some(d) if d <= now => step(game, &mut ev),
            _ => break,
        }
    }
    ev
}

/// Appends a list a ruleset built for itself (`own`) to the caller's `out`: the way a
/// ruleset whose handlers build their own lists writes [`Ruleset::apply_into`] or
/// [`Ruleset::legal_into`]. When `out` is empty (a new list, or a driver's cleared buffer) it
/// takes `own`'s buffer rather than copy it, so the list is allocated once either way.
pub fn append_owned<T>(out: &mut Vec<T>, own: Vec<T>) {
    if out.is_empty() {
        *out = own;
    } else {
        out.extend(own);
    }
}

/// A finished game's [`Outcome`] from every seat's score (by seat): best score first, the
/// winners first among equal scores, then by seat. The rulesets that rank by points alone
/// build theirs with it, so their standings read alike.
pub fn ranked_outcome(winners: Vec<Seat>, scores: impl IntoIterator<Item = i64>) -> Outcome {
    let mut standings: Vec<(Seat, i64)> = scores
        .into_iter()
        .enumerate()
        .map(|(s, score)| (s as Seat, score))
        .collect();
    let lost = |s: Seat| !winners.contains(&s);
    standings.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then(lost(a.0).cmp(&lost(b.0)))
            .then(a.0.cmp(&b.0))
    });
    Outcome { winners, standings }
}

/// An event's kind read from its [`Ruleset::recap_facts`]: the default of
/// [`Ruleset::event_kind`], which a ruleset's own falls back on.
pub fn kind_from_facts<G: Ruleset>(game: &G, ev: &G::Event) -> EventKind {
    let mut facts = Vec::new();
    game.recap_facts(ev, &mut facts);
    EventKind::of_facts(&facts)
}

/// [`Ruleset::settings_text`]'s rows, built with the same words in every ruleset (a timer
/// reads "45 s" or "off", a rule "on" or "off"). It starts with the ruleset's name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsRows(Vec<(String, String)>);

impl SettingsRows {
    /// The rows of a ruleset named `variant`: its first row names it.
    pub fn new(variant: &str) -> SettingsRows {
        SettingsRows(Vec::new()).row("variant", variant)
    }
    /// A row as it is.
    pub fn row(mut self, name: &str, value: impl Into<String>) -> SettingsRows {
        self.0.push((name.into(), value.into()));
        self
    }
    /// A number.
    pub fn number(self, name: &str, value: impl std::fmt::Display) -> SettingsRows {
        self.row(name, value.to_string())
    }
    /// A length of time in whole seconds: "45 s".
    pub fn seconds(self, name: &str, ms: Millis) -> SettingsRows {
        self.row(name, seconds(ms))
    }
    /// A timer that may be off: "45 s" or "off".
    pub fn timer(self, name: &str, ms: Option<Millis>) -> SettingsRows {
        self.row(name, ms.map_or("off".into(), seconds))
    }
    /// An optional rule: "on" or "off".
    pub fn on_off(self, name: &str, on: bool) -> SettingsRows {
        self.row(name, if on { "on" } else { "off" })
    }
    /// The rows, for [`Ruleset::settings_text`].
    pub fn rows(self) -> Vec<(String, String)> {
        self.0
    }
}

fn seconds(ms: Millis) -> String {
    format!("{} s", ms / 1000)
}

/// Where a game played in timed rounds stands, as one seat's view shows it
/// ([`Ruleset::view_rounds`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundsAt {
    /// The opening placements, before the first round.
    Setup,
    /// Round `round` is on; `active`: the view's seat plays in it.
    Round { round: u32, active: bool },
    /// The game is over.
    Over,
}

/// What every ruleset offers. One closed enum ([`crate::variants::Game`]) dispatches to the
/// built-in ones; code that is the same for every ruleset is generic over this trait.
pub trait Ruleset: Clone + Send + Sync + 'static {
    /// A typed command; the text form is [`Ruleset::parse`] / [`Ruleset::format`].
    type Command: Clone + std::fmt::Debug + PartialEq + std::hash::Hash + Send + Sync;
    /// What happened; [`Ruleset::describe`] turns it into words for one viewer.
    type Event: Clone + std::fmt::Debug + Send + Sync;
    /// What one seat (or a spectator) may see: it crosses the wire, so it reads back too.
    type View: Clone
        + std::fmt::Debug
        + serde::Serialize
        + serde::de::DeserializeOwned
        + Send
        + Sync;
    /// What a game is built from: the ruleset's own settings, kept in the save header
    /// (the command line converts into it; nothing below `commands`/`cli` sees clap).
    type Settings: Clone
        + std::fmt::Debug
        + serde::Serialize
        + serde::de::DeserializeOwned
        + Send
        + Sync;

    /// Builds a game for `seats` seats from its settings and a seed, or says in the ruleset's
    /// words why it cannot.
    fn create(settings: &Self::Settings, seats: usize, seed: u64) -> Result<Self, CreateError>;
    /// The ruleset's name on the command line and in saves: "base", ...
    fn name(&self) -> &'static str;
    /// The settings in words, for the lobby.
    fn settings_text(&self) -> Vec<(String, String)>;
    /// The map, for the host's board command and the replay.
    fn map(&self) -> &Map;
    /// How a client rebuilds the map.
    fn map_recipe(&self) -> MapRecipe;

    /// Number of seats.
    fn seats(&self) -> usize;
    /// Applies a command from a seat, appending its events to `events`, or refuses it and
    /// leaves the state and `events` untouched. The one way in a ruleset writes: a driver that
    /// plays many moves reuses one buffer ([`Ruleset::apply`] is the same into a new list).
    fn apply_into(
        &mut self,
        seat: Seat,
        cmd: &Self::Command,
        now: Millis,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), RuleError>;
    /// [`Ruleset::apply_into`] into a new list.
    fn apply(
        &mut self,
        seat: Seat,
        cmd: &Self::Command,
        now: Millis,
    ) -> Result<Vec<Self::Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(seat, cmd, now, &mut events)?;
        Ok(events)
    }
    /// Lets time pass: acts on every deadline at or before `now`.
    fn tick(&mut self, now: Millis) -> Vec<Self::Event>;
    /// The next moment something happens by itself, if any.
    fn deadline(&self) -> Option<Millis>;
    /// Appends every command this seat may send now to `out`; each is accepted if sent. The
    /// bots ask it before every move, so a ruleset writes this form and [`Ruleset::legal`]
    /// follows.
    fn legal_into(&self, seat: Seat, out: &mut Vec<Self::Command>);
    /// [`Ruleset::legal_into`] into a new list.
    fn legal(&self, seat: Seat) -> Vec<Self::Command> {
        let mut v = Vec::new();
        self.legal_into(seat, &mut v);
        v
    }
    /// Writes the seats that may act now into `out` (cleared first): drivers ask each move,
    /// so a ruleset writes this form and [`Ruleset::actors`] follows.
    fn actors_into(&self, out: &mut Vec<Seat>);
    /// [`Ruleset::actors_into`] into a new list.
    fn actors(&self) -> Vec<Seat> {
        let mut v = Vec::new();
        self.actors_into(&mut v);
        v
    }
    /// What a seat (or a spectator, `None`) may see.
    fn view(&self, seat: Option<Seat>) -> Self::View;
    /// Reads a command in the text language.
    fn parse(&self, seat: Seat, text: &str) -> Result<Self::Command, RuleError>;
    /// Writes a command in the text language, so that `parse` reads it back.
    fn format(&self, cmd: &Self::Command) -> String;
    /// The event in words for one viewer, or `None` if it tells them nothing.
    fn describe(&self, ev: &Self::Event, viewer: Option<Seat>, names: &[String]) -> Option<String>;
    /// The event in words once the game is over, for a review that sees every hand: what
    /// [`Ruleset::describe`] hides from the table (a bought development card, a card stolen at
    /// random) named, as "Ann bought a development card (Knight).". `None` where the event
    /// hid nothing, and the spectator's words serve. Never for a game in progress: it names
    /// cards the table has not seen.
    fn reveal(&self, _ev: &Self::Event, _names: &[String]) -> Option<String> {
        None
    }
    /// The result once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The command language, for `help`.
    fn help(&self) -> String;

    /// Every seat's points (by seat) split by where they come from, hidden cards included:
    /// the end-of-game summary's standings and its chart over the turns. Each seat's sum is
    /// its score in [`Ruleset::outcome`] once the game is over.
    fn points_by_source(&self) -> Vec<SeatPoints>;

    /// What an event means for the end-of-game summary (cards gained or lost and why, the
    /// production dice, a new turn or round), appended to `out`.
    fn recap_facts(&self, ev: &Self::Event, out: &mut Vec<Fact>);

    /// What a legal command does, typed, for a client that offers it on the board or in a
    /// menu without reading its text back ([`crate::proto::moves`]). By default the ruleset's
    /// own move named by the first word of its text, on no hex.
    fn move_of(&self, cmd: &Self::Command) -> Move {
        let text = self.format(cmd);
        Move::own(text.split_whitespace().next().unwrap_or_default(), None)
    }

    /// What kind of thing an event tells, for the style of its log line. By default read from
    /// its [`Ruleset::recap_facts`]; a ruleset names its winning event [`EventKind::Won`].
    fn event_kind(&self, ev: &Self::Event) -> EventKind {
        kind_from_facts(self, ev)
    }

    /// Whether every seat acts at once in real time (no turns): the host and the sim then let
    /// each bot act on its own think time. Default false.
    fn simultaneous(&self) -> bool {
        false
    }
    /// Whether the game is a hall: the host then sends each change only to the seats it
    /// concerns ([`Ruleset::audience`]) and each seat only what is near it. Default false.
    fn is_hall(&self) -> bool {
        false
    }
    /// The seats whose view `evs` (caused by `actor`) may have changed; None: everyone.
    fn audience(&self, _actor: Option<Seat>, _evs: &[Self::Event]) -> Option<Vec<Seat>> {
        None
    }
    /// The seat an event is about when only seats near it read it; None: everyone.
    fn event_seat(&self, _ev: &Self::Event) -> Option<Seat> {
        None
    }
    /// The seats a seat's view names (their seat lists and actors are sent with it); None:
    /// everyone.
    fn shown_seats(&self, _seat: Seat) -> Option<Vec<Seat>> {
        None
    }
    /// A fingerprint of the pieces `seat`'s view shows, for a ruleset whose views may leave
    /// them out ([`Ruleset::view_without_pieces`]); `None`: its views are always whole. Equal
    /// marks say the pieces are as they were, so a hall's round start, which moves none, need
    /// not send thousands of seats theirs again.
    fn pieces_mark(&self, _seat: Seat) -> Option<u64> {
        None
    }
    /// `seat`'s view without its pieces, which the recipient keeps from the last view it was
    /// sent (the client's [`crate::client::state::PlainView::keep_pieces`]). Only called when
    /// [`Ruleset::pieces_mark`] is `Some` and equal to that last view's.
    fn view_without_pieces(&self, seat: Seat) -> Self::View {
        self.view(Some(seat))
    }
    /// Fills in what `view` left out from the recipient's previous view `earlier` (the
    /// pieces, when [`Ruleset::view_without_pieces`] left them out). By default views are
    /// whole.
    fn keep_view_pieces(_view: &mut Self::View, _earlier: &Self::View) {}
    /// The recipient's own resource cards in `view`, where the view shows a hand the offers
    /// of a legal list are written from ([`Ruleset::legal_for_hall`]). By default none.
    fn view_hand(_view: &Self::View) -> Option<crate::rules::resources::ResourceSet> {
        None
    }
    /// Where a game in timed rounds stands, as `view` shows it, for a load generator that
    /// plays any such ruleset over the wire (`catan loadtest`); `None` for a game without
    /// rounds (the default).
    fn view_rounds(_view: &Self::View) -> Option<RoundsAt> {
        None
    }
    /// `seat`'s legal commands for a hall's update, with the one-for-one offers to everyone
    /// its hand can make left off the end: `true` says the full list ends with them, and the
    /// client writes them from the hand its view shows
    /// ([`crate::rules::offers::simple_offer_texts`]). A round's start would otherwise format
    /// up to twenty offers for each of thousands of seats. By default nothing is left off.
    fn legal_for_hall(&self, seat: Seat) -> (Vec<Self::Command>, bool) {
        (self.legal(seat), false)
    }
    /// Whether the game waits for or invites this seat now (one seat of `actors`, without
    /// listing a hall's thousands).
    fn is_actor(&self, seat: Seat) -> bool {
        self.actors().contains(&seat)
    }
    /// Whether the game waits for this seat now: it cannot go on until the seat acts (a
    /// turn, a discard, a placement, a phase that ends when everyone is ready). A seat only
    /// invited to answer an offer is an actor but is not waited for; the screen calls
    /// "Your turn" on this. By default every actor is waited for.
    fn waits_for(&self, seat: Seat) -> bool {
        self.is_actor(seat)
    }
    /// A person took over a bot's seat in a running game; events for the log.
    fn seat_taken_over(&mut self, _seat: Seat) -> Vec<Self::Event> {
        Vec::new()
    }
    /// Deals what `seat` cannot see afresh (others' hands, the deck, the dice to come), for a
    /// search bot that must think only on what its seat knows; false if the ruleset has no
    /// such hook (its bots do not search).
    fn redeterminize(&mut self, _seat: Seat, _rng: &mut GameRng) -> bool {
        false
    }

    /// Draws the future afresh from `seed`, everything already dealt kept: the game's random
    /// stream (the dice, steals, draws) and the order of the cards not yet drawn (development
    /// decks, a ruleset's draw pile).
    /// A review plays a finished game on from a past position many times to estimate each
    /// seat's chance ([`crate::review`]); without this every playout would roll the dice the
    /// game really rolled. False if the ruleset has no such hook (its future stays as dealt).
    fn reseed_future(&mut self, _seed: u64) -> bool {
        false
    }

    /// What must hold between any two steps (every card and piece somewhere, the points
    /// matching the board...), in words when it does not: the fuzz driver checks it after
    /// every command and every tick. Each ruleset states its own; none by default.
    fn audit(&self) -> Result<(), AuditError> {
        Ok(())
    }
}

/// Writes the glue of an `impl Ruleset` that only hands a call to the ruleset's own parts, so
/// that a ruleset's impl says what is its own and nothing twice. A ruleset module laid out as
/// docs/ARCHITECTURE.md "Adding a ruleset" describes has, in scope where it implements
/// [`Ruleset`]: its `Command` and `Event` types, its view type with `of(&game, seat)`, its
/// settings type, the modules `command` (with `HELP`) and `event`, and the inherent methods
/// `map`, `seats` and `run_clock` (the deadlines passed by `now`). Inside the impl,
///
/// ```text
/// crate::ruleset::ruleset_glue!(name: "base", view: BaseView, settings: BaseSettings;
///     map_words, own_apply, own_legal, own_actors, classic_box);
/// ```
///
/// writes the associated types, `name`, `map`, `seats`, `view`, `tick` and `help`, and each
/// part named after the `;`:
/// - `map_words`: `parse`, `format` and `describe` read and write against the map, through
///   `command::parse(map, seats, text)`, `command::format(map, cmd)` and
///   `event::describe(map, ev, viewer, names)`;
/// - `from_config`: `create` builds the game from the settings' `config(seats, seed)` with
///   the inherent `new`;
/// - `own_apply`: `apply_into` is the inherent `apply_command_into(&mut Act, cmd)`
///   ([`crate::rules::entry::Act`]: the seat, the time and the events' list in one value);
/// - `own_legal`: `legal_into` is the inherent `legal_into`;
/// - `own_actors`: `actors_into` clears the list and fills it with the inherent
///   `prompted_into`;
/// - `classic_box`: a game played with one box of base Catan
///   ([`crate::rules::audit::ClassicBox`]) has its `outcome` (one winner, everyone ranked by
///   all their points), `points_by_source` and `audit` from it.
///
/// What a ruleset does its own way it writes beside the glue, as any trait method.
macro_rules! ruleset_glue {
    (name: $name:literal, view: $view:ty, settings: $settings:ty $(; $($part:ident),* $(,)?)?) => {
        type Command = Command;
        type Event = Event;
        type View = $view;
        type Settings = $settings;

        fn name(&self) -> &'static str {
            $name
        }
        fn map(&self) -> &$crate::board::Map {
            Self::map(self)
        }
        fn seats(&self) -> usize {
            Self::seats(self)
        }
        fn view(&self, seat: Option<$crate::engine::Seat>) -> $view {
            <$view>::of(self, seat)
        }
        fn tick(&mut self, now: $crate::engine::Millis) -> Vec<Event> {
            self.run_clock(now)
        }
        fn help(&self) -> String {
            command::HELP.to_string()
        }
        $($($crate::ruleset::ruleset_glue!(@$part);)*)?
    };
    (@map_words) => {
        fn parse(
            &self,
            _seat: $crate::engine::Seat,
            text: &str,
        ) -> Result<Command, $crate::engine::RuleError> {
            command::parse($crate::ruleset::Ruleset::map(self), Self::seats(self), text)
        }
        fn format(&self, cmd: &Command) -> String {
            command::format($crate::ruleset::Ruleset::map(self), cmd)
        }
        fn describe(
            &self,
            ev: &Event,
            viewer: Option<$crate::engine::Seat>,
            names: &[String],
        ) -> Option<String> {
            event::describe($crate::ruleset::Ruleset::map(self), ev, viewer, names)
        }
    };
    (@from_config) => {
        fn create(
            settings: &Self::Settings,
            seats: usize,
            seed: u64,
        ) -> Result<Self, $crate::ruleset::CreateError> {
            Ok(Self::new(settings.config(seats, seed))?)
        }
    };
    (@own_apply) => {
        fn apply_into(
            &mut self,
            seat: $crate::engine::Seat,
            cmd: &Command,
            now: $crate::engine::Millis,
            events: &mut Vec<Event>,
        ) -> Result<(), $crate::engine::RuleError> {
            let mut cx = $crate::rules::entry::Act {
                seat,
                now,
                ev: events,
            };
            self.apply_command_into(&mut cx, cmd)
        }
    };
    (@own_legal) => {
        fn legal_into(&self, seat: $crate::engine::Seat, out: &mut Vec<Command>) {
            Self::legal_into(self, seat, out)
        }
    };
    (@own_actors) => {
        fn actors_into(&self, out: &mut Vec<$crate::engine::Seat>) {
            out.clear();
            self.prompted_into(out);
        }
    };
    (@classic_box) => {
        fn outcome(&self) -> Option<$crate::engine::Outcome> {
            use $crate::rules::audit::ClassicBox;
            let winner = ClassicBox::winner(self)?;
            let seats = ClassicBox::seat_count(self) as $crate::engine::Seat;
            let scores = (0..seats).map(|s| ClassicBox::total_vp(self, s) as i64);
            Some($crate::ruleset::ranked_outcome(vec![winner], scores))
        }
        fn points_by_source(&self) -> Vec<$crate::rules::points::SeatPoints> {
            $crate::rules::audit::ClassicBox::points_by_seat(self)
        }
        fn audit(&self) -> Result<(), $crate::ruleset::AuditError> {
            Ok($crate::rules::audit::classic_box(self)?)
        }
    };
}
pub(crate) use ruleset_glue;

/// Writes the [`TurnOrder`] of a built-in ruleset, whose sim loop keeps a list of its events
/// between moves: `turns`, a game with a current player (the inherent `current`) and its turns
/// counted (`turn`); `rounds`, a game without turns whose rounds count as its turns
/// (`round`).
macro_rules! turn_order {
    ($game:ty, turns) => {
        impl $crate::ruleset::TurnOrder for $game {
            type Scratch = Vec<Event>;

            fn current_player(&self) -> Option<$crate::engine::Seat> {
                Some(self.current())
            }
            fn turns(&self) -> u32 {
                self.turn()
            }
        }
    };
    ($game:ty, rounds) => {
        impl $crate::ruleset::TurnOrder for $game {
            type Scratch = Vec<Event>;

            fn turns(&self) -> u32 {
                self.round()
            }
        }
    };
}
pub(crate) use turn_order;

/// Where a game stands in its turns, for drivers and bots (the `catan sim` loop asks the
/// current player last; the easy bot offers once a turn; a search plays out a few turns).
/// Beside [`Ruleset`] rather than in it: the host needs neither. The defaults suit a game
/// without turns: no current player, no turns counted.
pub trait TurnOrder: Ruleset {
    /// What a driver that reads no events (`catan sim`'s loop) keeps from move to move for
    /// [`TurnOrder::apply_quiet`], so a move allocates nothing: a ruleset's is a list of its
    /// events, `Vec<Self::Event>`; a dispatch keeps one list per ruleset it holds.
    type Scratch: Default + Send + AsMut<Vec<Self::Event>>;

    /// The player whose turn it is, when the ruleset has turns.
    fn current_player(&self) -> Option<Seat> {
        None
    }
    /// Turns played so far (rounds in a game without turns).
    fn turns(&self) -> u32 {
        0
    }
    /// Applies a command for a driver that reads no events (`catan sim`'s loop), `scratch`
    /// being its buffers from move to move. A dispatch overrides it to apply into the buffer
    /// of the ruleset it holds, so the hot loop neither allocates nor converts events.
    fn apply_quiet(
        &mut self,
        seat: Seat,
        cmd: &Self::Command,
        now: Millis,
        scratch: &mut Self::Scratch,
    ) -> Result<(), RuleError> {
        let events = scratch.as_mut();
        events.clear();
        self.apply_into(seat, cmd, now, events)
    }
}

/// What a ruleset brings to its bots: its random player, its heuristic (`medium`), the easy
/// bot's few judgements, and the hooks of the `hard` search. The bot machinery in
/// [`crate::bots`] (levels, the easy bot, the search) is generic over it; each ruleset
/// implements it in its own `bot.rs`. The defaults need nothing ruleset-specific: a uniformly
/// random legal command, no search.
pub trait BotPlay: TurnOrder {
    /// What the ruleset's bot remembers between its commands (within a turn or a round).
    type Memory: Clone + std::fmt::Debug + Default + Send;

    /// The random bot's command (the baseline and the load generator).
    fn random_command(
        &self,
        seat: Seat,
        rng: &mut GameRng,
        _memory: &mut Self::Memory,
    ) -> Option<Self::Command> {
        let mut legal = self.legal(seat);
        if legal.is_empty() {
            return None;
        }
        let i = rng.below(legal.len());
        Some(legal.swap_remove(i))
    }

    /// The heuristic's (`medium`'s) command.
    fn heuristic_command(
        &self,
        seat: Seat,
        rng: &mut GameRng,
        memory: &mut Self::Memory,
    ) -> Option<Self::Command> {
        self.random_command(seat, rng, memory)
    }

    /// A command that wins the game for `seat` now, if there is one.
    fn winning_move(&self, _seat: Seat) -> Option<Self::Command> {
        None
    }
    /// The trade a command is, in a ruleset whose commands carry the shared trade commands
    /// ([`TradeCommand`]); the easy bot's judgements below are built on it.
    fn trade(&self, _cmd: &Self::Command) -> Option<TradeCommand> {
        None
    }
    /// Whether `seat` is answering rather than playing (a discard, an offer to answer): the
    /// easy bot then answers as the heuristic does. By default, whether its legal commands
    /// answer an offer (a ruleset without trades between players may say `false` without
    /// listing them).
    fn answering(&self, seat: Seat) -> bool {
        self.legal(seat)
            .iter()
            .any(|c| self.trade(c).is_some_and(|t| t.is_answer()))
    }
    /// Whether a command proposes a trade to other players (the easy bot makes one a turn).
    fn is_offer(&self, cmd: &Self::Command) -> bool {
        self.trade(cmd).is_some_and(|t| t.is_offer())
    }
    /// Ending the turn, when the rules allow it now.
    fn end_turn(&self, _seat: Seat) -> Option<Self::Command> {
        None
    }

    /// Whether `hard` searches here ([`Ruleset::redeterminize`] must deal hidden state);
    /// elsewhere it plays as `medium`.
    fn searches(&self) -> bool {
        false
    }
    /// The moves worth comparing besides the heuristic's pick `medium`, all legal, appended
    /// to `out`.
    fn search_candidates(&self, _me: Seat, _medium: &Self::Command, _out: &mut Vec<Self::Command>) {
    }
    /// A position's worth to `me` when a playout stops before the end, 0 to 1.
    fn search_score(&self, _me: Seat) -> f64 {
        0.5
    }
    /// Rounds a search playout from this position plays before it is scored; `None` plays
    /// the game to its end (where a decision shapes the whole game, as setup does).
    fn search_rounds(&self) -> Option<u32> {
        Some(2)
    }
    /// The ruleset's evaluation of this position for `me`, in victory points, where `hard`
    /// compares its candidates by the positions they lead to (expectimax over deals of the
    /// hidden state, this value at the leaves) rather than by playouts; `None` where it plays
    /// playouts (and by default).
    fn search_value(&self, _me: Seat) -> Option<f64> {
        None
    }
    /// Whether the value search's pick, where it leaves the heuristic's, is checked by whole
    /// games played by the heuristic in every seat before it is played (the value proposes,
    /// the games dispose). Only where a whole game is cheap: no by default.
    fn search_checks_by_games(&self) -> bool {
        false
    }
    /// Whether a command's outcome depends on what its seat cannot see (a card drawn, a card
    /// stolen, the dice): the value search averages those over deals, and plays the others
    /// once.
    fn search_chance(&self, _cmd: &Self::Command) -> bool {
        true
    }
    /// `me`'s own next moves the value search looks at after a candidate (a trade, then the
    /// build it pays for), appended to `out`; none by default.
    fn search_replies(&self, _me: Seat, _out: &mut Vec<Self::Command>) {}
    /// The other seats' answers to what `me` just did in a value search's world (an offer to
    /// the table: whether someone takes it), as the ruleset models them; nothing by default.
    fn search_answers(&mut self, _me: Seat) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranked_outcome_puts_the_best_first_then_winners_then_seats() {
        let o = ranked_outcome(vec![2], [7, 9, 9, 3]);
        assert_eq!(o.winners, vec![2]);
        // Seats 1 and 2 tie on 9: the winner comes first.
        assert_eq!(o.standings, vec![(2, 9), (1, 9), (0, 7), (3, 3)]);
        let shared = ranked_outcome(vec![0, 3], [5, 5, 2, 5]);
        assert_eq!(shared.standings, vec![(0, 5), (3, 5), (1, 5), (2, 2)]);
    }

    #[test]
    fn settings_rows_word_timers_and_rules_alike() {
        let rows = SettingsRows::new("demo")
            .number("victory points", 10)
            .seconds("round", 45_999)
            .timer("turn timer", None)
            .timer("placement timer", Some(15_000))
            .on_off("robber rule", true)
            .on_off("other rule", false)
            .row("layout", "A,B")
            .rows();
        let words: Vec<(&str, &str)> = rows.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(
            words,
            vec![
                ("variant", "demo"),
                ("victory points", "10"),
                ("round", "45 s"),
                ("turn timer", "off"),
                ("placement timer", "15 s"),
                ("robber rule", "on"),
                ("other rule", "off"),
                ("layout", "A,B"),
            ]
        );
    }

    #[test]
    fn append_owned_takes_the_buffer_of_an_empty_list_and_appends_otherwise() {
        let own = vec![1, 2, 3];
        let at = own.as_ptr();
        let mut out = Vec::new();
        append_owned(&mut out, own);
        assert_eq!(out, vec![1, 2, 3]);
        assert_eq!(out.as_ptr(), at, "the list took the buffer, no copy");
        append_owned(&mut out, vec![4]);
        assert_eq!(out, vec![1, 2, 3, 4]);
    }
}

/// What the rulesets' tests share about the contract.
#[cfg(test)]
pub(crate) mod testing {
    use super::Ruleset;

    /// The rows the lobby, the replay and the summary show players for a game of `settings`
    /// ([`Ruleset::settings_text`]).
    pub(crate) fn settings_rows<G: Ruleset>(
        settings: &G::Settings,
        seats: usize,
    ) -> Vec<(String, String)> {
        let game = G::create(settings, seats, 7).expect("the settings build a game");
        game.settings_text()
    }

    /// Rows as [`settings_rows`] gives them, from string pairs.
    pub(crate) fn rows_of(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }
}
